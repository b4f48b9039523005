//! A bot's search for one move, on a blocking thread (never a tokio
//! worker): it waits for one of the server's search slots (shared with
//! the SSH players' computers) as long as its thinking time lasts, taking
//! one only while no player waits for one, so that bots never starve the
//! players; then searches, holding the slot, within the budget
//! [`clock`](super::clock) gave it. A bot searches only in a slot: one
//! that gets none in its time plays the move its tree names already (or
//! any legal move) rather than lose on time.

use std::time::{Duration, Instant};

use crate::ai::{Budget, Level, Search};
use crate::app::{SearchSlots, Slot};
use crate::core::{Game, Move};
use crate::thinker::PIE_DECISION_ITERATIONS;

/// Iterations between two looks at the clock.
const BATCH: u64 = 64;
/// How often a bot waiting for a slot looks again.
const RETRY: Duration = Duration::from_millis(50);

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
    /// The iterations searched for this move: none without a slot.
    pub iterations: u64,
}

/// Thinks on `game` for the side to move, within `budget`, searching only
/// while it holds a slot of `slots`. Blocking: run it with
/// `spawn_blocking`.
pub fn think(
    search: Option<Search>,
    game: &Game,
    level: Level,
    budget: Budget,
    slots: &SearchSlots,
) -> Thought {
    let start = Instant::now();
    let deadline = start + Duration::from_millis(budget.millis.unwrap_or(0));
    let mut search = match search {
        Some(mut search) => {
            search.sync(game);
            search
        }
        None => Search::new(game.position(), level.config(seed())),
    };
    let iterations = match wait_for_slot(slots, deadline) {
        Some(slot) => search_in(&slot, &mut search, budget, deadline),
        None => 0,
    };
    let decision = match search.report().proven {
        Some(false) => Some(Decision::Resign),
        _ => search
            .best_move()
            .or_else(|| any_move(game))
            .map(Decision::Play),
    };
    Thought {
        search,
        decision,
        iterations,
    }
}

/// A slot of `slots`, as soon as one is free and no player waits for one,
/// until `deadline`.
fn wait_for_slot(slots: &SearchSlots, deadline: Instant) -> Option<Slot> {
    loop {
        if let Some(slot) = slots.take() {
            return Some(slot);
        }
        let now = Instant::now();
        if now >= deadline {
            return None;
        }
        std::thread::sleep(RETRY.min(deadline - now));
    }
}

/// The search of one move, in `_slot` (held for its whole run): the
/// budget's iterations (a pie decision's floor at least) until `deadline`,
/// one batch at least, however short the time. The iterations run.
fn search_in(_slot: &Slot, search: &mut Search, budget: Budget, deadline: Instant) -> u64 {
    let floor = if search.is_pie_decision() {
        PIE_DECISION_ITERATIONS
    } else {
        0
    };
    let iterations = budget.iterations.map_or(u64::MAX, |n| n.max(floor));
    let mut done = 0;
    loop {
        done += search.run(BATCH.min(iterations - done)).max(1);
        if done >= iterations || search.is_settled() || Instant::now() >= deadline {
            return done;
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Priority;
    use crate::core::{BoardSize, Player, Rules};

    fn game() -> Game {
        Game::new(BoardSize::new(9).unwrap(), Rules::default(), Player::One)
    }

    const BUDGET: Budget = Budget {
        iterations: Some(200),
        millis: Some(300),
    };

    fn legal(thought: &Thought, game: &Game) -> bool {
        match thought.decision {
            Some(Decision::Play(mv)) => game.clone().play(mv).is_ok(),
            _ => false,
        }
    }

    #[test]
    fn a_bot_searches_only_in_a_slot_and_still_moves_without_one() {
        let slots = SearchSlots::new(1);
        let player = slots.seat();
        let players_search = player.ask(Priority::Awaited).unwrap();
        let game = game();
        let thought = think(None, &game, Level::Easy, BUDGET, &slots);
        assert_eq!(thought.iterations, 0, "no search beside the player's");
        assert!(legal(&thought, &game), "{:?}", thought.decision);
        assert_eq!(slots.running(), 1);
        drop(players_search);
        let thought = think(Some(thought.search), &game, Level::Easy, BUDGET, &slots);
        assert!(thought.iterations >= 200, "{}", thought.iterations);
        assert!(legal(&thought, &game));
        assert_eq!(slots.running(), 0, "the slot given back");
    }

    #[test]
    fn a_player_waiting_for_the_slot_goes_before_a_bot() {
        let slots = SearchSlots::new(1);
        let other = slots.seat();
        let held = other.ask(Priority::Awaited).unwrap();
        let player = slots.seat();
        assert!(player.ask(Priority::Awaited).is_none(), "in line");
        drop(held);
        let thought = think(None, &game(), Level::Easy, BUDGET, &slots);
        assert_eq!(thought.iterations, 0, "the free slot is the player's");
        assert!(player.ask(Priority::Awaited).is_some());
    }
}
