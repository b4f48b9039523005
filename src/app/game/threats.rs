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

/// The captures the opponent would have right after `mv` of the stones it
/// places (the stone and the squares it fills): what the move's preview
/// warns of ("It could be captured at …"). None after a winning move, a
/// swap or an illegal move.
pub fn exposed(position: &Position, mv: Move) -> Vec<Threat> {
    let mut after = position.clone();
    let Ok(report) = after.play(mv) else {
        return Vec::new();
    };
    let Move::Place(sq) = mv else {
        return Vec::new();
    };
    if report.won {
        return Vec::new();
    }
    let placed: Vec<Square> = std::iter::once(sq)
        .chain(report.fills.iter().map(|f| f.square))
        .collect();
    threats(&after)
        .into_iter()
        .filter(|t| placed.contains(&t.stone))
        .collect()
}
