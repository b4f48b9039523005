//! The computer at the line mode's table: its moves and the hints, each a
//! search run to its level's budget on this thread. The line mode waits
//! for it: a line typed meanwhile is read once it has moved.

use crate::ai::{Level, Search};
use crate::core::{Game, Move};
use crate::thinker::choose_move;

/// The computer opponent of one game, keeping its search tree between moves.
pub struct Computer {
    level: Level,
    search: Search,
}

impl Computer {
    pub fn new(level: Level, game: &Game) -> Computer {
        Computer {
            level,
            search: Search::new(game.position(), level.config(seed())),
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The computer's move in `game` (None once the game is over).
    pub fn choose(&mut self, game: &Game) -> Option<Move> {
        self.search.sync(game);
        choose_move(&mut self.search, self.level.budget())
    }
}

/// A move for the side to move at `level`, and its chance of winning after
/// the search (0 to 1).
pub fn hint(game: &Game, level: Level) -> Option<(Move, f32)> {
    let mut search = Search::new(game.position(), level.config(seed()));
    let mv = choose_move(&mut search, level.budget())?;
    Some((mv, search.report().win))
}

/// A fresh seed, so that two games do not repeat each other.
fn seed() -> u64 {
    getrandom::u64().unwrap_or(0x5eed)
}
