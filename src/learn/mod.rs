//! Learning the game: lessons, each a position and a task for one move that
//! the core checks, with the reason a wrong move misses; puzzles, positions
//! won by force, proven by [`proof`], and an attempt at one ([`PuzzleRun`]).
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
mod puzzle_file;
mod puzzle_run;
mod refusal;

pub use goal::{Goal, Verdict};
pub use lesson::{BUILT_IN as LESSONS, Lesson, LessonError, Marks, parse_lessons};
pub use puzzle::{
    BUILT_IN as PUZZLES, MAX_ANSWERS_IN_ONE, MAX_MOVES, Puzzle, from_self_play, generate,
    parse_puzzles, sort_by_difficulty,
};
pub use puzzle_file::{add_to_puzzle_file, built_in, merged, read_puzzle_file, user_puzzles};
pub use puzzle_run::{Answer, PuzzleRun, Standing};
pub use refusal::{GoalError, LessonProblem, PuzzleError, PuzzleFileError};
