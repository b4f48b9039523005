//! A bot's search for one move, on a blocking thread (never a tokio
//! worker): it takes one of the server's search slots (shared with the SSH
//! players' computers), only one free while no player waits for one, so
//! that bots never starve the players; then searches within the budget
//! [`clock`](super::clock) gave it. A bot that gets no slot in time plays
//! the move of a tiny search rather than lose on time.

use std::time::{Duration, Instant};

use crate::ai::{Budget, Level, Search};
use crate::app::SearchSlots;
use crate::core::{Game, Move};
use crate::thinker::PIE_DECISION_ITERATIONS;

/// Iterations between two looks at the clock.
const BATCH: u64 = 64;
/// How often a bot waiting for a slot looks again.
const RETRY: Duration = Duration::from_millis(50);
/// Iterations of the search of a bot that got no slot in time.
const NO_SLOT_ITERATIONS: u64 = 50;

/// What a bot decides on its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Play(Move),
    /// The search proved the game lost.
    Resign,
}

/// A search lent to the thinking thread and given back with its decision,
/// so that the next move reuses its tree.
pub struct Thought {
    pub search: Search,
    pub decision: Option<Decision>,
}

/// Thinks on `game` for the side to move, within `budget`, waiting for a
/// slot of `slots` at most half of it. Blocking: run it with
/// `spawn_blocking`.
pub fn think(
    search: Option<Search>,
    game: &Game,
    level: Level,
    budget: Budget,
    slots: &SearchSlots,
) -> Thought {
    let start = Instant::now();
    let time = Duration::from_millis(budget.millis.unwrap_or(0));
    let mut search = match search {
        Some(mut search) => {
            search.sync(game);
            search
        }
        None => Search::new(game.position(), level.config(seed())),
    };
    let slot = loop {
        if let Some(slot) = slots.take() {
            break Some(slot);
        }
        if start.elapsed() >= time / 2 {
            break None;
        }
        std::thread::sleep(RETRY);
    };
    let (iterations, deadline) = match &slot {
        Some(_) => {
            let floor = if search.is_pie_decision() {
                PIE_DECISION_ITERATIONS
            } else {
                0
            };
            let iterations = budget.iterations.map_or(u64::MAX, |n| n.max(floor));
            (iterations, start + time)
        }
        None => (NO_SLOT_ITERATIONS, start + time),
    };
    // One batch at least, however short the time: a move must come.
    let mut done = 0;
    loop {
        done += search.run(BATCH.min(iterations - done)).max(1);
        if done >= iterations || search.is_settled() || Instant::now() >= deadline {
            break;
        }
    }
    drop(slot);
    let decision = match search.report().proven {
        Some(false) => Some(Decision::Resign),
        _ => search
            .best_move()
            .or_else(|| any_move(game))
            .map(Decision::Play),
    };
    Thought { search, decision }
}

/// A legal move, should the search name none: the first empty square.
fn any_move(game: &Game) -> Option<Move> {
    let position = game.position();
    position
        .size()
        .squares()
        .find(|&sq| position.get(sq).is_none())
        .map(Move::Place)
}

/// A seed for a new search: bots vary from game to game.
fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::from(d.subsec_nanos()) ^ d.as_secs())
}
