//! Why a value on the command line is refused: clap prints the message after
//! the option's name, as it does for its own refusals.

/// A command-line value that does not parse, with the text given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    #[error("expected seconds from 0.01 to 600, found {0:?}")]
    ReviewSeconds(String),
    #[error("expected seconds, more than 0 and at most 3600; found {0:?}")]
    BenchSeconds(String),
    #[error("expected a number of threads from 1 to {max}, or all; found {text:?}")]
    Threads { text: String, max: u16 },
    #[error("expected a board size from 4 to {max}, found {text:?}")]
    SolveSize { text: String, max: u8 },
    #[error("expected on or off, found {0:?}")]
    OnOff(String),
    #[error("{0:?} is not a number")]
    NotANumber(String),
    #[error("{0} minutes: give a positive number")]
    NotPositiveMinutes(String),
}
