//! What each of the engine's searches is for and may spend: the computer's move at its
//! level (within its clock), a hint, the analysis, pondering.

use std::time::Duration;

use crate::ai::{Budget, Level};
use crate::app::game::clock::thinking_limit;
use crate::thinker::PIE_DECISION_ITERATIONS;

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

/// Analysis of one position runs this long (or until the result is proven),
/// then rests.
const ANALYSIS: Budget = Budget::millis(60_000);

/// Pondering on one position stops after this long: by then the tree of
/// strongest (the largest) is full and grows no more, and a person away from
/// the keyboard should not keep every core busy.
const PONDER: Budget = Budget::millis(120_000);

/// A hint's budget, its own whatever the opponent's level: hard's (a
/// hint from an easy search would teach bad moves).
const HINT: Budget = Level::Hard.budget();

/// What a search for `job` may spend, at `level`, with `time` (the time left
/// and the increment) on the computer's clock.
pub(super) fn job_budget(job: Job, level: Level, time: Option<(Duration, Duration)>) -> Budget {
    match job {
        Job::Move => match (level.budget().millis, time) {
            (Some(ms), Some((left, increment))) => {
                Budget::millis(thinking_limit(ms, left, increment))
            }
            _ => level.budget(),
        },
        Job::Hint => HINT,
        Job::Analysis => ANALYSIS,
        Job::Ponder => PONDER,
    }
}

/// What a search with `budget` really spends: a pie-rule decision runs
/// at least [`PIE_DECISION_ITERATIONS`], so the panel counts against that.
pub(super) fn spent_budget(budget: Budget, pie_decision: bool) -> Budget {
    match budget.iterations {
        Some(n) if pie_decision => Budget::iterations(n.max(PIE_DECISION_ITERATIONS)),
        _ => budget,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pie_decision_counts_against_the_iterations_it_really_runs() {
        let easy = Level::Easy.budget();
        assert_eq!(
            spent_budget(easy, true),
            Budget::iterations(PIE_DECISION_ITERATIONS)
        );
        assert_eq!(spent_budget(easy, false), easy);
        assert_eq!(
            spent_budget(Level::Hard.budget(), true),
            Level::Hard.budget()
        );
    }

    #[test]
    fn the_hint_has_one_budget_at_every_level_at_least_hards() {
        for level in Level::ALL {
            for time in [None, Some((Duration::from_secs(1), Duration::ZERO))] {
                assert_eq!(
                    job_budget(Job::Hint, level, time),
                    Level::Hard.budget(),
                    "{level}"
                );
            }
        }
    }
}
