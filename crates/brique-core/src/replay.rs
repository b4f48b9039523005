//! Why a list of moves cannot be replayed: the first illegal move, and why.
//! Records, `brique show` and GTP all report it in these words.

use std::fmt;

use super::moves::{Move, PlayError};

/// The first move of a list that could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// One-based place of the move in the list.
    pub number: usize,
    pub mv: Move,
    pub reason: PlayError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({}) is illegal: {}",
            self.number, self.mv, self.reason
        )
    }
}

impl std::error::Error for ReplayError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn names_the_move_its_number_and_why() {
        let d4 = Square::new(3, 3);
        let e = ReplayError {
            number: 3,
            mv: Move::Place(d4),
            reason: PlayError::Occupied(d4),
        };
        assert_eq!(e.to_string(), "move 3 (d4) is illegal: d4 is occupied");
    }
}
