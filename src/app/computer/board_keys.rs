//! What the board's keys against the computer or in a demo do when they
//! mean something else when it plays (`turns.rs` tells which): undo back to
//! the person's turn, pausing a demo; and asking it for a hint or its
//! analysis.
//!
//! A demo's new game is the app's (`game/play.rs`), as is moving the cursor
//! under a click that is refused here.

use super::turns::Turn;
use crate::app::action::Action;
use crate::app::flow::outcome::Outcome;
use crate::app::message::Tone;
use crate::core::Move;

impl Turn<'_> {
    pub(super) fn toggle_pause(&mut self, out: &mut Outcome) {
        let place = self.key(Action::Place);
        let text = if self.computer.toggle_pause() {
            format!("Demo paused: {place} goes on.")
        } else {
            "Demo goes on.".to_string()
        };
        out.say(Tone::Info, text);
    }

    /// Asks for a hint; `found` is the one found already (not while engine
    /// help is barred).
    pub(in crate::app) fn ask_hint(&mut self, found: Option<Move>) -> Outcome {
        let mut out = Outcome::none();
        if self.session.game().is_over() {
            out.say(Tone::Warning, "The game is over: no hint.");
        } else if self.computer.to_move(self.session.game())
            && !(self.computer.is_demo() && self.computer.paused())
        {
            out.say(Tone::Warning, "The computer is to move: no hint.");
        } else if let Some(mv) = found {
            out = self.hint_found(mv);
        } else if let Some(mv) = self.computer.want_hint(self.session.game().position()) {
            // The analysis shown has searched this position: its advice.
            out = self.hint_found(mv);
        } else {
            out.say(Tone::Info, "Looking for a hint…");
        }
        out
    }

    pub(in crate::app) fn toggle_analysis(&mut self) -> Outcome {
        let text = if self.computer.toggle_analysis() {
            format!(
                "Heat map: colour = share of the search, number = chance of winning. {} hides it.",
                self.key(Action::ToggleAnalysis)
            )
        } else {
            "Analysis hidden.".to_string()
        };
        let mut out = Outcome::none();
        out.say(Tone::Info, text);
        out
    }

    /// Undo against the computer: back to the person's last turn, taking
    /// back the computer's answer (or resignation) and their move.
    pub(super) fn undo_to_your_turn(&mut self, out: &mut Outcome) {
        let resigned = self.session.game().resigned().is_some();
        let mut game = self.session.game().clone();
        let mut undone = Vec::new();
        while let Some(mv) = game.undo() {
            undone.push(mv);
            if !self.computer.is_computer(game.player_to_move()) {
                break;
            }
        }
        if undone.is_empty() || self.computer.is_computer(game.player_to_move()) {
            out.say(Tone::Warning, "Nothing of yours to undo.");
            return;
        }
        for _ in &undone {
            self.session.undo();
        }
        if let Some(&Move::Place(sq)) = undone.last() {
            self.board.set_cursor(sq);
        }
        let mut names: Vec<String> = undone.iter().map(Move::to_string).collect();
        if resigned {
            names.insert(0, "the resignation".to_string());
        }
        let redo = self.key(Action::Redo);
        out.say(
            Tone::Info,
            format!(
                "Undid {}: your turn again. {redo} redoes.",
                names.join(" and ")
            ),
        );
    }

    /// Redo against the computer: forward to the person's next turn.
    pub(super) fn redo_to_your_turn(&mut self, out: &mut Outcome) {
        let mut redone = Vec::new();
        while let Some(report) = self.session.redo() {
            redone.push(report.mv.to_string());
            if !self.computer.to_move(self.session.game()) {
                break;
            }
        }
        if redone.is_empty() {
            out.say(Tone::Warning, "Nothing to redo.");
            return;
        }
        out.say(Tone::Info, format!("Redid {}.", redone.join(" and ")));
    }
}
