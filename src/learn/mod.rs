//! Learning the game: lessons, each a position and a task for one move that
//! the core checks, with the reason a wrong move misses.
//!
//! ```
//! use brique::learn::{LESSONS, parse_lessons};
//! let lessons = parse_lessons(LESSONS).unwrap();
//! let first = &lessons[0];
//! assert!(first.judge(first.solution).unwrap().done);
//! ```

mod goal;
mod lesson;
pub mod proof;
mod puzzle;

pub use goal::{Goal, Verdict};
pub use lesson::{BUILT_IN as LESSONS, Lesson, LessonError, parse_lessons};
pub use puzzle::{BUILT_IN as PUZZLES, MAX_MOVES, Puzzle, from_self_play, parse_puzzles};
