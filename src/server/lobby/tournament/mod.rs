//! Tournaments (docs/server.md, "Tournaments"): the pure part, with no
//! I/O and no clock of its own (time is passed in). Swiss pairing and its
//! standings, lichess's arena, and Little Golem's leagues with promotion
//! and relegation. The referee stores and plays what these decide.

pub mod arena;
pub mod file;
pub mod league;
pub mod standings;
pub mod swiss;

/// An entrant of one tournament: its place in the entry list (0 first),
/// which is also its seed when scores are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub u32);

/// Who holds White and who Black in a game to start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub white: PlayerId,
    pub black: PlayerId,
}

/// A game of a tournament, finished or not: `winner` is `None` while it
/// goes on, and for a game nobody won (both missed it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    pub white: PlayerId,
    pub black: PlayerId,
    pub winner: Option<PlayerId>,
}

impl Game {
    /// A game just paired, not yet won.
    pub fn new(pairing: Pairing) -> Game {
        Game {
            white: pairing.white,
            black: pairing.black,
            winner: None,
        }
    }

    /// `player`'s opponent, if `player` plays in it.
    pub fn opponent_of(&self, player: PlayerId) -> Option<PlayerId> {
        if self.white == player {
            Some(self.black)
        } else if self.black == player {
            Some(self.white)
        } else {
            None
        }
    }
}

/// Two players, as an unordered pair (who met whom).
pub(crate) fn met_key(a: PlayerId, b: PlayerId) -> (PlayerId, PlayerId) {
    if a <= b { (a, b) } else { (b, a) }
}

pub use crate::online::tournaments::{Kind, Stage, UnknownWord};
