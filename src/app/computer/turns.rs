//! The computer at the board: the keys that mean something else when it
//! plays, and acting on what its searches find (its moves, hints). The
//! searches themselves are the [`Computer`](super::engine::Computer)'s.

use super::engine::{Ended, Job, estimate};
use crate::app::action::Action;
use crate::app::message::{Tone, resigns};
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::core::Move;

impl App {
    /// Seeds the engine's searches (the program seeds them from the clock;
    /// tests keep the default, so the computer plays the same every time).
    pub fn seed_engine(&mut self, seed: u64) {
        self.computer.seed(seed);
    }

    /// Waits for the running search to end by itself, then acts on it (a
    /// demo's pace aside): for tests and scripts, which want the computer's
    /// move without a clock. Analysis may run a minute.
    pub fn wait_for_engine(&mut self) {
        self.computer.wait();
        self.step_engine(true);
        // As the event loop would: the engine goes on, the autosave follows.
        self.update(Action::Tick);
    }

    /// Brings the engine in line with the state: carried out after every
    /// update.
    pub(in crate::app) fn sync_engine(&mut self) {
        self.computer.name_players(self.config.engine.level);
        // A search that ends leaves none running and may call for another
        // (the computer moved: now the analysis, or in a demo the other
        // side's move), which the second step starts.
        if self.step_engine(false) {
            self.step_engine(false);
        }
    }

    /// One step of the engine, and acting on what an ended search found.
    /// Returns whether a search ended (so the state may want another).
    fn step_engine(&mut self, force: bool) -> bool {
        // Out of time, the game is over: nothing to think about.
        let over = self.quit || self.session.out_of_time().is_some();
        self.computer.set_time(self.computer_time());
        let game = self.session.game();
        let engine = self.config.engine;
        // Pondering is for a person at the board: another screen stops it.
        let wanted = self
            .computer
            .wanted(game, &engine, over)
            .filter(|&job| job != Job::Ponder || self.screen == Screen::Board);
        match self.computer.step(game, wanted, &engine, force) {
            None => false,
            Some(Ended::Failed) => {
                self.say(
                    Tone::Error,
                    "The engine failed. The computer stopped; you can still play, save or quit.",
                );
                false
            }
            Some(Ended::Move(mv)) => {
                let player = self.game().player_to_move();
                match mv {
                    Move::Place(sq) => {
                        self.place(sq);
                        if !self.game().is_over() {
                            let text = format!("{} played {sq}.", self.name(player));
                            self.say(Tone::Info, text);
                        }
                    }
                    Move::Swap => self.swap(),
                }
                true
            }
            Some(Ended::Resign) => {
                self.computer_resigns();
                true
            }
            Some(Ended::Hint(mv)) => {
                self.hint_found(mv);
                true
            }
            Some(Ended::Rested) => true,
        }
    }

    /// The computer to move resigns: the game ends, the other side winning.
    fn computer_resigns(&mut self) {
        let color = self.game().position().to_move();
        let player = self.game().player_to_move();
        if self.session.resign(color).is_err() {
            return;
        }
        let text = format!(
            "{} {} starts a new game, {} takes back the last move.",
            resigns(self.name(player), color, self.name(player.other())),
            self.key(Action::NewGame),
            self.key(Action::Undo)
        );
        self.say(Tone::Success, text);
    }

    /// Board actions that mean something else when the computer plays; returns
    /// whether `action` was handled here.
    pub(in crate::app) fn computer_action(&mut self, action: Action) -> bool {
        let demo = self.computer.is_demo();
        let against = self.mode() == crate::app::config::engine::Mode::HumanVsComputer;
        match action {
            Action::Hint => self.ask_hint(),
            Action::ToggleAnalysis => self.toggle_analysis(),
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
                if self.computer_to_move() && self.viewing().is_none() =>
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

    fn ask_hint(&mut self) {
        if self.game().is_over() {
            self.say(Tone::Warning, "The game is over: no hint.");
        } else if self.computer_to_move() && !self.demo_paused() {
            self.say(Tone::Warning, "The computer is to move: no hint.");
        } else if let Some(mv) = self.hint() {
            self.hint_found(mv);
        } else {
            self.computer.want_hint(self.session.game().position());
            self.say(Tone::Info, "Looking for a hint…");
        }
    }

    fn toggle_analysis(&mut self) {
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
            if !self.is_computer(game.player_to_move()) {
                break;
            }
        }
        if undone.is_empty() || self.is_computer(game.player_to_move()) {
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
            if !self.computer_to_move() {
                break;
            }
        }
        if redone.is_empty() {
            self.say(Tone::Warning, "Nothing to redo.");
            return;
        }
        self.say(Tone::Info, format!("Redid {}.", redone.join(" and ")));
    }

    fn hint_found(&mut self, mv: Move) {
        if let Move::Place(sq) = mv {
            self.board.set_cursor(sq);
        }
        let estimate = self
            .engine_snapshot()
            .map(|s| format!(" ({})", estimate(&s.progress.report, s.position.to_move())))
            .unwrap_or_default();
        let play = match mv {
            Move::Place(_) => self.key(Action::Place),
            Move::Swap => self.key(Action::Swap),
        };
        self.say(
            Tone::Info,
            format!("Hint: {mv}{estimate}. {play} plays it."),
        );
    }
}
