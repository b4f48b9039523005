//! The computer's turns: the engine brought in line with the game after
//! every update, and acting on what its searches find (its moves, hints). The
//! searches themselves are the [`Computer`](super::engine::Computer)'s.

use std::num::NonZeroU16;
use std::time::Duration;

use super::engine::{Ended, Job, estimate};
use super::slots::SearchSlots;
use crate::ai::Level;
use crate::app::action::Action;
use crate::app::config::engine::{EngineConfig, Threads};
use crate::app::message::{Tone, refused, resigns, swapped, won};
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::core::Move;

impl App {
    /// Seeds the engine's searches (the program seeds them from the clock;
    /// tests keep the default, so the computer plays the same every time).
    pub fn seed_engine(&mut self, seed: u64) {
        self.computer.seed(seed);
    }

    /// Keeps the engine's searches to `most` threads whatever the settings
    /// say (a server gives each session its share).
    pub fn limit_threads(&mut self, most: usize) {
        let most = u16::try_from(most.clamp(1, usize::from(Threads::MAX))).unwrap_or(1);
        self.most_threads = NonZeroU16::new(most);
    }

    /// Starts searches only within `slots`, shared with the server's other
    /// sessions; while none is free the computer waits and says so.
    pub fn share_searches(&mut self, slots: SearchSlots) {
        self.computer.share_slots(&slots);
    }

    /// The engine's settings in force: the file's, on no more threads than
    /// [`Self::limit_threads`] allows.
    pub(in crate::app) fn engine_settings(&self) -> EngineConfig {
        let mut engine = self.config.engine;
        if let Some(most) = self.most_threads
            && engine.threads.count() > usize::from(most.get())
        {
            engine.threads = Threads::Count(most);
        }
        engine
    }

    /// Waits for the running search to end by itself, then acts on it (a
    /// demo's pace aside): for tests and scripts, which want the computer's
    /// move without a clock. Analysis may run a minute.
    pub fn wait_for_engine(&mut self) {
        self.computer.wait();
        // Outside an update, so the clock is looked at here, as `update` does.
        self.check_clock();
        self.step_engine(true);
        // As the event loop would: the engine goes on, the autosave follows.
        self.update(Action::Tick);
    }

    /// The level the computer's players are named after: an opened
    /// finished record's players are the record's, not the settings'.
    pub(in crate::app) fn named_level(&self) -> Level {
        (self.files.recorded_level())
            .filter(|_| self.game().is_over())
            .unwrap_or(self.config.engine.level)
    }

    /// Brings the engine in line with the state: carried out after every
    /// update.
    pub(in crate::app) fn sync_engine(&mut self) {
        self.computer.name_players(self.named_level());
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
        let over = self.should_quit() || self.session.out_of_time().is_some();
        self.computer.set_time(self.computer_time());
        let game = self.session.game();
        let engine = self.engine_settings();
        // Pondering is for a person at the board: another screen stops it.
        let wanted = self
            .computer
            .wanted(game, &engine, over)
            .filter(|&job| job != Job::Ponder || self.screen == Screen::Board)
            // No search at all while engine help is barred (an online game).
            .filter(|_| !self.online.bars_engine_aids());
        let ended = self.computer.step(game, wanted, &engine, force);
        if let Some(held) = self.computer.clocks_held_now() {
            self.session.hold_clock(held);
        }
        match ended {
            None => false,
            Some(Ended::Failed) => {
                self.say(
                    Tone::Error,
                    "The engine failed. The computer stopped; you can still play, save or quit.",
                );
                false
            }
            Some(Ended::Move(mv)) => {
                self.computer_played(mv);
                true
            }
            Some(Ended::Resign { proven }) => {
                self.computer_resigns(proven);
                true
            }
            Some(Ended::Hint(mv)) => {
                self.hint_found(mv);
                true
            }
            Some(Ended::Rested) => true,
        }
    }

    /// The computer's move, played on the session as it is (the person's
    /// keys go through `place` and `swap` in `game/play.rs`), and said.
    fn computer_played(&mut self, mv: Move) {
        let player = self.game().player_to_move();
        let said = match self.session.play(mv) {
            Ok(report) if report.won => {
                let text = won(self.name(player), report.color, &self.key(Action::NewGame));
                (Tone::Success, text)
            }
            Ok(_) => match mv {
                Move::Place(sq) => (Tone::Info, format!("{} played {sq}.", self.name(player))),
                Move::Swap => (
                    Tone::Info,
                    swapped(self.name(player), self.name(player.other())),
                ),
            },
            Err(e) => {
                let (new_game, undo) = (self.key(Action::NewGame), self.key(Action::Undo));
                (Tone::Warning, refused(mv, &e, &new_game, &undo))
            }
        };
        self.say(said.0, said.1);
    }

    /// The computer's time left and its increment, when it is to move in
    /// a game with clocks.
    fn computer_time(&self) -> Option<(Duration, Duration)> {
        let clock = self.session.clock()?;
        let to_move = self.game().player_to_move();
        let left = clock.left(to_move, to_move, self.session.now());
        Some((left, clock.control().increment()))
    }

    /// The computer to move resigns: the game ends, the other side winning.
    fn computer_resigns(&mut self, proven: bool) {
        let color = self.game().position().to_move();
        let player = self.game().player_to_move();
        if self.session.resign(color).is_err() {
            return;
        }
        // Why, when it is certain: a resignation after one stone surprises.
        let why = if proven {
            " Its position is proven lost: every move loses against best play."
        } else {
            ""
        };
        let text = format!(
            "{}{why} {} starts a new game, {} takes back the last move.",
            resigns(self.name(player), color, self.name(player.other())),
            self.key(Action::NewGame),
            self.key(Action::Undo)
        );
        self.say(Tone::Success, text);
    }

    pub(in crate::app) fn hint_found(&mut self, mv: Move) {
        if let Move::Place(sq) = mv {
            self.board.set_cursor(sq);
        }
        let estimate = (self.computer)
            .snapshot(self.session.game().position())
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

#[cfg(test)]
mod tests {
    use std::num::NonZeroU16;

    use super::*;
    use crate::app::config::Config;

    #[test]
    fn a_sessions_limit_caps_the_threads_whatever_the_settings_say() {
        let mut config = Config::default();
        config.engine.threads = Threads::Count(NonZeroU16::new(8).unwrap());
        let mut app = App::with_config(config);
        assert_eq!(app.engine_settings().threads.count(), 8);
        app.limit_threads(1);
        assert_eq!(app.engine_settings().threads.count(), 1);
        // Settings under the limit are kept; no limit is under one thread.
        app.limit_threads(16);
        assert_eq!(app.engine_settings().threads.count(), 8);
        app.limit_threads(0);
        assert_eq!(app.engine_settings().threads.count(), 1);
        assert_eq!(
            app.config().engine.threads.count(),
            8,
            "the settings untouched"
        );
    }
}
