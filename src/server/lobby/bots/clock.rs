//! How long a bot thinks on a move: the engine's one share of a clock
//! ([`clock_share`]), within its level's budget, always leaving a reserve
//! on its clock, so that it never loses on time with time left; a
//! correspondence game thinks the level's time.

use std::time::Duration;

use crate::ai::clock_share::{self, ClockLeft, Margins};
use crate::ai::{Budget, Level};
use crate::online::protocol::Pace;

/// Time kept on the clock whatever happens: for the engine's last batch,
/// the referee's queue and a slow machine.
pub const RESERVE: Duration = Duration::from_millis(500);
/// What a level that counts iterations may think at most in a
/// correspondence game (there is no clock to share).
pub const CORRESPONDENCE_THINK: Duration = Duration::from_secs(10);

/// The budget of one move: the level's iterations (if it counts them),
/// and the time the clock allows, capped by the level's time.
pub fn budget(level: Level, pace: Pace, left: Duration) -> Budget {
    let own = level.budget();
    match pace {
        Pace::Days(_) => clock_share::within(own, CORRESPONDENCE_THINK),
        Pace::Clock { increment, .. } => {
            let clock = ClockLeft {
                left,
                increment: Duration::from_secs(u64::from(increment)),
                stones: 0,
            };
            let margins = Margins {
                reserve: RESERVE,
                floor: Duration::ZERO,
            };
            clock_share::budget(own, clock, margins)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(minutes: u16, increment: u16) -> Pace {
        Pace::Clock { minutes, increment }
    }

    fn millis(budget: Budget) -> u64 {
        budget.millis.unwrap()
    }

    #[test]
    fn a_bot_thinks_on_a_share_of_its_time_capped_by_its_level() {
        // A minute left: a twentieth of what is above the reserve…
        let hard = budget(Level::Hard, clock(1, 0), Duration::from_secs(60));
        assert_eq!(millis(hard), 1_000, "capped by hard's one second");
        let strongest = budget(Level::Strongest, clock(1, 0), Duration::from_secs(60));
        assert_eq!(millis(strongest), 2_975);
        // …and the lower levels keep their iterations.
        let easy = budget(Level::Easy, clock(10, 5), Duration::from_secs(600));
        assert_eq!(easy.iterations, Some(200));
    }

    #[test]
    fn a_bot_never_thinks_into_its_reserve() {
        for left in [0, 100, 500, 501, 900, 2_000] {
            let left = Duration::from_millis(left);
            let b = budget(Level::Strongest, clock(1, 5), left);
            let spare = left.saturating_sub(RESERVE);
            assert!(
                Duration::from_millis(millis(b)) <= spare / 2,
                "{left:?}: {b:?}"
            );
        }
    }

    #[test]
    fn correspondence_thinks_the_levels_time() {
        let b = budget(Level::Strongest, Pace::Days(3), Duration::ZERO);
        assert_eq!(millis(b), 10_000);
        let b = budget(Level::Medium, Pace::Days(3), Duration::ZERO);
        assert_eq!((b.iterations, millis(b)), (Some(10_000), 10_000));
    }
}
