//! Learning the game: lessons, each a position and a task for one move that
//! the core checks, with the reason a wrong move misses.
//!
//! ```
//! use brique::learn::{BUILT_IN, parse_lessons};
//! let lessons = parse_lessons(BUILT_IN).unwrap();
//! let first = &lessons[0];
//! assert!(first.judge(first.solution).unwrap().done);
//! ```

mod goal;
mod lesson;

pub use goal::{Goal, Verdict};
pub use lesson::{BUILT_IN, Lesson, LessonError, parse_lessons};
