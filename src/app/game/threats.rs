//! Stones in danger: those the side to move could capture with one placement.

use crate::core::{Move, Position, Square};

/// A stone the side to move could capture, and a square that captures it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threat {
    pub stone: Square,
    pub at: Square,
}

/// Every capture the side to move has in one placement (none once the game
/// is over), in the order of the capturing squares.
pub fn threats(position: &Position) -> Vec<Threat> {
    position
        .size()
        .squares()
        .filter(|&at| position.get(at).is_none())
        .filter_map(|at| position.preview(Move::Place(at)).ok().map(|r| (at, r)))
        .flat_map(|(at, report)| {
            let stones: Vec<Square> = report.fills.captures().collect();
            stones.into_iter().map(move |stone| Threat { stone, at })
        })
        .collect()
}
