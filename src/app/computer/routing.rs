//! The app's one entry to the computer: its turns lent the parts they act
//! on ([`Turn`]), what they say applied, and the engine brought in line
//! with the state after every update.

use super::engine::Computer;
use super::turns::{Allowed, Turn, named_level};
use crate::app::action::Action;
use crate::app::keys::keymap::KeyNames;
use crate::app::screen::Screen;
use crate::app::state::App;

impl App {
    /// The computer opponent, to seed its searches (the program seeds them
    /// from the clock; tests keep the default, so the computer plays the same
    /// every time), cap their threads or share a server's search slots.
    pub fn computer_mut(&mut self) -> &mut Computer {
        &mut self.computer
    }

    /// The parts of the app the computer's turns act on.
    pub(in crate::app) fn computer_turn(&mut self) -> Turn<'_> {
        Turn {
            computer: &mut self.computer,
            session: &mut self.session,
            board: &mut self.board,
            keys: KeyNames {
                keys: &self.config.keys,
                theme: self.theme,
            },
        }
    }

    /// Waits for the running search to end by itself, then acts on it (a
    /// demo's pace aside): for tests and scripts, which want the computer's
    /// move without a clock. Analysis may run a minute.
    pub fn wait_for_engine(&mut self) {
        self.computer.wait();
        // Outside an update, so the clock is looked at here, as `update` does.
        self.check_clock();
        self.sync_engine(true);
        // As the event loop would: the engine goes on, the autosave follows.
        self.update(Action::Tick);
    }

    /// Brings the engine in line with the state: carried out after every
    /// update. `force` (waiting for the engine, outside an update): one
    /// step, taking what the search found whatever a demo's pace.
    pub(in crate::app) fn sync_engine(&mut self, force: bool) {
        if !force {
            let level = named_level(
                self.files.recorded_level(),
                self.session.game(),
                self.config.engine.level,
            );
            self.computer.name_players(level);
        }
        let engine = self.computer.settings(&self.config.engine);
        let allowed = Allowed {
            over: self.should_quit(),
            ponder: self.screen == Screen::Board,
            barred: self.online.bars_engine_aids(),
        };
        // A search that ends leaves none running and may call for another
        // (the computer moved: now the analysis, or in a demo the other
        // side's move), which the second step starts.
        let (ended, out) = self.computer_turn().step(force, &engine, allowed);
        let _ = self.apply(out);
        if ended && !force {
            let (_, out) = self.computer_turn().step(false, &engine, allowed);
            let _ = self.apply(out);
        }
    }
}
