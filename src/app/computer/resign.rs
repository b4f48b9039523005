//! When the computer resigns: a proven loss at once, or a game its search
//! rates as good as lost for several of its moves in a row.

use crate::core::Game;
use crate::thinker::Progress;

/// The computer resigns a game its search rates below this chance …
const RESIGN_BELOW: f32 = 0.03;
/// … after this many of its moves in a row so rated (one low estimate may
/// be a tactic seen late, which the next search answers) …
const RESIGN_AFTER: u8 = 3;
/// … each from at least this many iterations through the position's tree
/// (fewer give estimates too rough to give up on: easy and casual resign
/// only proven losses).
const RESIGN_MIN_VISITS: u64 = 10_000;

/// Per colour, the computer's moves in a row rated hopeless.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Doubts([u8; 2]);

impl Doubts {
    /// Whether the computer to move in `game` resigns after a search that
    /// ended with `progress` (`allowed`: the settings let it). The estimates
    /// are counted either way, so that turning the setting on acts on them.
    pub fn resigns(&mut self, game: &Game, progress: &Progress, allowed: bool) -> bool {
        let side = game.position().to_move().index();
        let report = &progress.report;
        let hopeless = report.win < RESIGN_BELOW && progress.visits >= RESIGN_MIN_VISITS;
        self.0[side] = if hopeless {
            self.0[side].saturating_add(1)
        } else {
            0
        };
        let lost = report.proven == Some(false) || self.0[side] >= RESIGN_AFTER;
        // Not before a move: there would be nothing to take back.
        allowed && lost && game.can_undo()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::ai::{Level, Search};
    use crate::core::{BoardSize, Player, Rules};

    fn game() -> Game {
        let moves = crate::core::parse_moves("c3").unwrap();
        Game::from_moves(
            BoardSize::new(5).unwrap(),
            Rules::default(),
            Player::One,
            &moves,
        )
        .unwrap()
    }

    fn progress(win: f32, visits: u64, proven: Option<bool>) -> Progress {
        let search = Search::new(game().position(), Level::Easy.config(1));
        let mut report = search.report();
        report.win = win;
        report.proven = proven;
        Progress {
            elapsed: Duration::ZERO,
            report,
            visits,
            done: true,
        }
    }

    #[test]
    fn a_proven_loss_is_resigned_at_once_if_allowed() {
        let lost = progress(0.4, 10, Some(false));
        assert!(Doubts::default().resigns(&game(), &lost, true));
        assert!(!Doubts::default().resigns(&game(), &lost, false));
        let empty = Game::new(BoardSize::new(5).unwrap(), Rules::default(), Player::One);
        assert!(!Doubts::default().resigns(&empty, &lost, true));
    }

    #[test]
    fn three_hopeless_estimates_in_a_row_resign() {
        let hopeless = progress(0.02, 50_000, None);
        let mut doubts = Doubts::default();
        assert!(!doubts.resigns(&game(), &hopeless, true));
        assert!(!doubts.resigns(&game(), &hopeless, true));
        // A better estimate starts the count again.
        assert!(!doubts.resigns(&game(), &progress(0.2, 50_000, None), true));
        assert!(!doubts.resigns(&game(), &hopeless, true));
        assert!(!doubts.resigns(&game(), &hopeless, true));
        assert!(doubts.resigns(&game(), &hopeless, true));
        // Counted with the setting off too, acted on only with it on.
        let mut off = Doubts::default();
        for _ in 0..5 {
            assert!(!off.resigns(&game(), &hopeless, false));
        }
        assert!(off.resigns(&game(), &hopeless, true));
    }

    #[test]
    fn rough_estimates_from_small_searches_never_resign() {
        let mut doubts = Doubts::default();
        for _ in 0..10 {
            assert!(!doubts.resigns(&game(), &progress(0.0, 9_999, None), true));
        }
    }
}
