//! When the engine gives a game up: a proven loss at once, or a game its
//! search rates as good as lost for several of its moves in a row (the
//! engine's judgement of its own reports, as a GTP engine's `resign`).

use super::search::Report;
use crate::core::Game;

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
    /// Whether the side to move in `game` resigns after a search that
    /// ended with `report`, from `visits` iterations through the position's
    /// tree (`allowed`: the settings let it). The estimates are counted
    /// either way, so that turning the setting on acts on them.
    pub fn resigns(&mut self, game: &Game, report: &Report, visits: u64, allowed: bool) -> bool {
        let side = game.position().to_move().index();
        let hopeless = report.win < RESIGN_BELOW && visits >= RESIGN_MIN_VISITS;
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

    /// A search's end: its report and its iterations.
    fn progress(win: f32, visits: u64, proven: Option<bool>) -> (Report, u64) {
        let search = Search::new(game().position(), Level::Easy.config(1));
        let mut report = search.report();
        report.win = win;
        report.proven = proven;
        (report, visits)
    }

    #[test]
    fn a_proven_loss_is_resigned_at_once_if_allowed() {
        let lost = progress(0.4, 10, Some(false));
        assert!(Doubts::default().resigns(&game(), &lost.0, lost.1, true));
        assert!(!Doubts::default().resigns(&game(), &lost.0, lost.1, false));
        let empty = Game::new(BoardSize::new(5).unwrap(), Rules::default(), Player::One);
        assert!(!Doubts::default().resigns(&empty, &lost.0, lost.1, true));
    }

    #[test]
    fn three_hopeless_estimates_in_a_row_resign() {
        let hopeless = progress(0.02, 50_000, None);
        let mut doubts = Doubts::default();
        assert!(!doubts.resigns(&game(), &hopeless.0, hopeless.1, true));
        assert!(!doubts.resigns(&game(), &hopeless.0, hopeless.1, true));
        // A better estimate starts the count again.
        assert!(!doubts.resigns(&game(), &progress(0.2, 50_000, None).0, 50_000, true));
        assert!(!doubts.resigns(&game(), &hopeless.0, hopeless.1, true));
        assert!(!doubts.resigns(&game(), &hopeless.0, hopeless.1, true));
        assert!(doubts.resigns(&game(), &hopeless.0, hopeless.1, true));
        // Counted with the setting off too, acted on only with it on.
        let mut off = Doubts::default();
        for _ in 0..5 {
            assert!(!off.resigns(&game(), &hopeless.0, hopeless.1, false));
        }
        assert!(off.resigns(&game(), &hopeless.0, hopeless.1, true));
    }

    #[test]
    fn rough_estimates_from_small_searches_never_resign() {
        let mut doubts = Doubts::default();
        for _ in 0..10 {
            assert!(!doubts.resigns(&game(), &progress(0.0, 9_999, None).0, 9_999, true));
        }
    }
}
