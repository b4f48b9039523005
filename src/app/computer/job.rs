//! What the engine's searches are for, and what they leave for the app:
//! the words the computer's state and the panel share.

use crate::ai::Budget;
use crate::core::{Move, Position};
use crate::thinker::Progress;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The computer's move.
    Move,
    /// A move suggested to the person to move.
    Hint,
    /// The heat map.
    Analysis,
    /// The computer's tree, grown while the person thinks.
    Ponder,
}

/// The latest word from a search, and the position it is about.
#[derive(Clone, Debug)]
pub struct EngineSnapshot {
    pub job: Job,
    pub position: Position,
    pub progress: Progress,
    /// What the search may spend: iterations, time or both.
    pub budget: Budget,
    /// Whether the search is still at work.
    pub running: bool,
    /// The move the engine advises here (see [`super::advice::advice`]),
    /// for a hint or while the analysis is shown: what the hint names and
    /// the analysis lists first.
    pub advice: Option<Move>,
}

/// What a step of the engine leaves for the app to act on.
#[derive(Clone, Debug, PartialEq)]
pub enum Ended {
    /// The computer's move for the position on the board.
    Move(Move),
    /// The computer to move resigns; `proven`: its search proved the
    /// position lost (else it rated it hopeless for several moves).
    Resign { proven: bool },
    /// A hint found, now kept for its position.
    Hint(Move),
    /// The analysis used its budget, or the search found no move.
    Rested,
    /// The engine's thread died (a bug): the computer stopped.
    Failed,
}
