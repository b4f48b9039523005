//! Why `brique gtp` refuses a command: each answer after `?`, with its data.

use crate::core::{Color, PlayError, Quoted, ReplayError, SizeError, SquareError, VariantError};

/// A refused GTP command, or arguments that cannot start a session; its
/// message is the text after `?` (or after `brique gtp:`).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GtpError {
    #[error("missing command")]
    MissingCommand,
    #[error("unknown command")]
    UnknownCommand,
    #[error("{command} takes {wanted} argument{}, not {given}", if *.wanted == 1 { "" } else { "s" })]
    Arity {
        command: String,
        wanted: usize,
        given: usize,
    },
    #[error("unacceptable size: the board must be square")]
    NotSquare,
    #[error("unacceptable size: {0}")]
    Size(SizeError),
    #[error("illegal move: there is no passing in Brique")]
    Pass,
    #[error("illegal move: {} ({square}, or swap)", Quoted(.text))]
    NotAMove { text: String, square: SquareError },
    #[error("illegal move: {0}")]
    Illegal(PlayError),
    #[error("cannot undo: no moves played")]
    NothingToUndo,
    #[error("the game is not over")]
    NotOver,
    #[error("the game is over: {0} has won")]
    Over(Color),
    #[error("it is {0}'s turn")]
    NotYourTurn(Color),
    #[error("invalid color: {} (black, white, b or w)", Quoted(.0))]
    NotAColor(String),
    #[error(transparent)]
    Variant(VariantError),
    #[error("expected on or off, found {}", Quoted(.0))]
    NotOnOff(String),
    #[error("expected seconds, found {}", Quoted(.0))]
    NotSeconds(String),
    #[error("expected a number of iterations, found {}", Quoted(.0))]
    NotIterations(String),
    #[error("expected a number of stones, found {}", Quoted(.0))]
    NotStones(String),
    #[error("time left must be a number of seconds up to a year, not {0}")]
    TimeLeft(f64),
    #[error("thinking time must be more than 0 and at most 86400 seconds, not {0}")]
    Time(f64),
    #[error("the iteration budget must be at least 1")]
    NoIterations,
    #[error("the iteration budget must be at most {max}, not {n}")]
    TooManyIterations { n: u64, max: u64 },
    #[error("the moves played do not fit these rules: move {}: {}", .0.number, .0.reason)]
    RulesDoNotFit(ReplayError),
    #[error("no move to play")]
    NoMove,
    #[error("the engine chose an illegal move: {0}")]
    EngineIllegal(PlayError),
}
