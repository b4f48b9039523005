//! How long the engine thinks on a move with a clock running: one rule for
//! whoever plays it on a clock (`brique gtp` told `time_left`, the lobby
//! server's bots). A share of the time left (a [`MOVES_AHEAD`]th, or half
//! of one stone's share in byo-yomi) plus most of the increment, never
//! more than half of what is left, never into the player's reserve; the
//! budget's own limits still hold. Pure arithmetic: the callers own the
//! clock.

use std::time::Duration;

use super::Budget;

/// The moves a player expects to make yet, at most, when its clock has
/// to last the rest of the game: each gets a like share of what is left.
pub const MOVES_AHEAD: u32 = 20;

/// A player's clock as it stands before its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockLeft {
    pub left: Duration,
    /// Given back after each move (Fischer); zero without.
    pub increment: Duration,
    /// Moves to make in `left` (byo-yomi's stones); 0: the rest of the game.
    pub stones: u32,
}

/// What a player keeps aside, whatever its share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Margins {
    /// Never thought into: for the last batch, the network, a slow machine.
    pub reserve: Duration,
    /// The least a move thinks, even with nothing left above the reserve.
    pub floor: Duration,
}

/// The thinking time of one move on `clock`.
pub fn think_time(clock: ClockLeft, margins: Margins) -> Duration {
    let spare = clock.left.saturating_sub(margins.reserve);
    let share = match clock.stones {
        0 => spare / MOVES_AHEAD,
        stones => spare / stones / 2,
    };
    // The increment comes back after the move: most of it may go.
    let share = share + clock.increment.mul_f64(0.75);
    share.min(spare / 2).max(margins.floor)
}

/// `budget` thinking at most `time`: its iterations kept, its own time
/// limit kept when shorter.
pub fn within(budget: Budget, time: Duration) -> Budget {
    let ms = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
    Budget {
        iterations: budget.iterations,
        millis: Some(budget.millis.map_or(ms, |own| own.min(ms))),
    }
}

/// The budget of one move on `clock`: [`think_time`] [`within`] `budget`.
pub fn budget(budget: Budget, clock: ClockLeft, margins: Margins) -> Budget {
    within(budget, think_time(clock, margins))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: Margins = Margins {
        reserve: Duration::ZERO,
        floor: Duration::ZERO,
    };

    fn clock(secs: u64, increment: u64, stones: u32) -> ClockLeft {
        ClockLeft {
            left: Duration::from_secs(secs),
            increment: Duration::from_secs(increment),
            stones,
        }
    }

    #[test]
    fn a_share_of_the_time_left_plus_most_of_the_increment_at_most_half() {
        assert_eq!(think_time(clock(60, 0, 0), NONE), Duration::from_secs(3));
        assert_eq!(think_time(clock(60, 4, 0), NONE), Duration::from_secs(6));
        assert_eq!(think_time(clock(2, 10, 0), NONE), Duration::from_secs(1));
        // Byo-yomi: half of one stone's share.
        assert_eq!(think_time(clock(3, 0, 5), NONE), Duration::from_millis(300));
    }

    #[test]
    fn the_reserve_is_never_thought_into_and_the_floor_always_given() {
        let margins = Margins {
            reserve: Duration::from_secs(1),
            floor: Duration::from_millis(10),
        };
        assert_eq!(think_time(clock(21, 0, 0), margins), Duration::from_secs(1));
        assert_eq!(
            think_time(clock(0, 5, 0), margins),
            Duration::from_millis(10)
        );
    }

    #[test]
    fn the_budget_keeps_its_iterations_and_its_shorter_time() {
        let easy = within(Budget::iterations(200), Duration::from_millis(100));
        assert_eq!((easy.iterations, easy.millis), (Some(200), Some(100)));
        let second = Budget::millis(1_000);
        assert_eq!(within(second, Duration::from_secs(30)), second);
        assert_eq!(budget(second, clock(2, 0, 0), NONE), Budget::millis(100));
    }
}
