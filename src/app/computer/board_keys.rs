//! The board's keys against the computer or in a demo: those that mean
//! something else when it plays (a stone while it thinks, undo back to the
//! person's turn, pausing a demo), and asking it for a hint or its analysis.

use crate::app::action::Action;
use crate::app::config::engine::Mode;
use crate::app::message::Tone;
use crate::app::state::App;
use crate::core::Move;

impl App {
    /// Board actions that mean something else when the computer plays; returns
    /// whether `action` was handled here.
    pub(in crate::app) fn computer_board(&mut self, action: Action) -> bool {
        let demo = self.computer.is_demo();
        let against = self.computer.mode() == Mode::HumanVsComputer;
        match action {
            Action::Place if demo => self.toggle_pause(),
            Action::NewGame if demo => self.start_new_game(),
            Action::Undo | Action::Redo if demo => {
                // Stepping through a demo stops it, to look at it.
                self.computer.pause();
                return false;
            }
            Action::Undo if against => self.undo_to_your_turn(),
            Action::Redo if against => self.redo_to_your_turn(),
            // While an earlier position is shown, a stone goes there (after
            // asking), which stops the computer's thinking.
            Action::Place | Action::Swap | Action::Click { .. }
                if self.computer.to_move(self.session.game()) && self.board.viewing().is_none() =>
            {
                if let Action::Click { column, row } = action {
                    self.hover(column, row);
                }
                let text = if demo {
                    let place = self.key(Action::Place);
                    format!("The computer plays both sides here: {place} pauses the demo.")
                } else {
                    let name = self.name(self.game().player_to_move()).to_string();
                    let undo = self.key(Action::Undo);
                    format!("Wait: {name} is thinking. ({undo} takes back your move.)")
                };
                self.say(Tone::Warning, text);
            }
            _ => return false,
        }
        true
    }

    fn toggle_pause(&mut self) {
        let place = self.key(Action::Place);
        let text = if self.computer.toggle_pause() {
            format!("Demo paused: {place} goes on.")
        } else {
            "Demo goes on.".to_string()
        };
        self.say(Tone::Info, text);
    }

    pub(in crate::app) fn ask_hint(&mut self) {
        if self.game().is_over() {
            self.say(Tone::Warning, "The game is over: no hint.");
        } else if self.computer.to_move(self.session.game())
            && !(self.computer.is_demo() && self.computer.paused())
        {
            self.say(Tone::Warning, "The computer is to move: no hint.");
        } else if let Some(mv) = self.hint() {
            self.hint_found(mv);
        } else if let Some(mv) = self.computer.want_hint(self.session.game().position()) {
            // The analysis shown has searched this position: its advice.
            self.hint_found(mv);
        } else {
            self.say(Tone::Info, "Looking for a hint…");
        }
    }

    pub(in crate::app) fn toggle_analysis(&mut self) {
        let text = if self.computer.toggle_analysis() {
            format!(
                "Heat map: colour = share of the search, number = chance of winning. {} hides it.",
                self.key(Action::ToggleAnalysis)
            )
        } else {
            "Analysis hidden.".to_string()
        };
        self.say(Tone::Info, text);
    }

    /// Undo against the computer: back to the person's last turn, taking
    /// back the computer's answer (or resignation) and their move.
    fn undo_to_your_turn(&mut self) {
        let resigned = self.game().resigned().is_some();
        let mut game = self.game().clone();
        let mut undone = Vec::new();
        while let Some(mv) = game.undo() {
            undone.push(mv);
            if !self.computer.is_computer(game.player_to_move()) {
                break;
            }
        }
        if undone.is_empty() || self.computer.is_computer(game.player_to_move()) {
            self.say(Tone::Warning, "Nothing of yours to undo.");
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
        self.say(
            Tone::Info,
            format!(
                "Undid {}: your turn again. {redo} redoes.",
                names.join(" and ")
            ),
        );
    }

    /// Redo against the computer: forward to the person's next turn.
    fn redo_to_your_turn(&mut self) {
        let mut redone = Vec::new();
        while let Some(report) = self.session.redo() {
            redone.push(report.mv.to_string());
            if !self.computer.to_move(self.session.game()) {
                break;
            }
        }
        if redone.is_empty() {
            self.say(Tone::Warning, "Nothing to redo.");
            return;
        }
        self.say(Tone::Info, format!("Redid {}.", redone.join(" and ")));
    }
}
