//! Why a lesson, a goal or a puzzle is refused: the line of the file, the
//! token, and what is wrong with it.

use crate::core::{Move, MoveListError, PlayError, PositionError, SquareError};
use crate::storage::StorageError;

/// A goal's text that names no task, or names a square that is none.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GoalError {
    #[error("{text:?}: {error}")]
    Square { text: String, error: SquareError },
    #[error(
        "{0:?} is not a goal: win, fill SQUARE, capture SQUARE, escort SQUARE, \
         defend SQUARE, join SQUARE SQUARE, block, swap or decline"
    )]
    Unknown(String),
}

/// Why one lesson of a lessons file is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LessonProblem {
    /// The file is not TOML of lessons.
    #[error(transparent)]
    File(#[from] toml::de::Error),
    #[error("position: {0}")]
    Position(PositionError),
    #[error(transparent)]
    Goal(#[from] GoalError),
    #[error("solution {text:?}: {error}")]
    Solution { text: String, error: SquareError },
    #[error("the solution {mv} does not do the task: {reason}")]
    SolutionMisses { mv: Move, reason: String },
    #[error("the solution {mv} is illegal: {error}")]
    SolutionIllegal { mv: Move, error: PlayError },
    #[error("wrong move {text:?}: {error}")]
    Wrong { text: String, error: SquareError },
    #[error("the wrong move {0} does the task")]
    WrongDoesTask(Move),
    #[error("the wrong move {mv} is illegal: {error}")]
    WrongIllegal { mv: Move, error: PlayError },
}

/// A puzzle line that does not parse, or a puzzle that does not hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    #[error("expected POSITION | MOVES | N")]
    Parts,
    #[error("position: {0}")]
    Position(PositionError),
    #[error(transparent)]
    Moves(#[from] MoveListError),
    #[error("no winning move is given")]
    NoMove,
    #[error("N must be 1 to {max}, found {text:?}")]
    N { text: String, max: u8 },
    #[error("it is won sooner, within {n} move{s}", n = .0, s = if *.0 == 1 { "" } else { "s" })]
    WonSooner(u8),
    #[error("the winning first moves are {}", move_list(.0))]
    OtherMoves(Vec<Move>),
}

/// A puzzle file that cannot be read or added to.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleFileError {
    #[error(transparent)]
    Unread(#[from] StorageError),
    #[error("{name}, line {line}: {error}")]
    Line {
        name: String,
        line: usize,
        error: PuzzleError,
    },
    #[error("{}: {source}", .path.display())]
    Write {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
}

/// Moves as a puzzle line writes them: `b3 c3`, or `none`.
pub(super) fn move_list(moves: &[Move]) -> String {
    match moves {
        [] => "none".to_string(),
        _ => moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(" "),
    }
}
