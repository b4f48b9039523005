//! The computer's turns, and the app's one entry to them: the board's keys
//! that mean something else when it plays, the engine brought in line with
//! the game after every update, and acting on what its searches find (its
//! moves, hints). The searches themselves are the
//! [`Computer`](super::engine::Computer)'s; a [`Turn`] is lent the parts of
//! the app a turn acts on (never the whole app) and answers with an
//! [`Outcome`], which `App` applies.

use std::num::NonZeroU16;
use std::time::Duration;

use super::engine::{Computer, Ended, Job, estimate};
use crate::ai::Level;
use crate::app::action::Action;
use crate::app::config::engine::{EngineConfig, Mode, Threads};
use crate::app::flow::outcome::Outcome;
use crate::app::game::board_view::BoardView;
use crate::app::game::session::Session;
use crate::app::keys::keymap::KeyNames;
use crate::app::message::{Tone, refused, resigns, swapped, won};
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::core::{Game, Move, Player};

/// The parts of the app the computer's turns and board keys act on, lent
/// for one step (never the whole app).
pub(in crate::app) struct Turn<'a> {
    pub computer: &'a mut Computer,
    pub session: &'a mut Session,
    pub board: &'a mut BoardView,
    pub keys: KeyNames<'a>,
}

/// What may be searched now, as the app sees it.
#[derive(Clone, Copy, Debug)]
pub(in crate::app) struct Allowed {
    /// The game is over for the app (quitting, a flag fallen).
    pub over: bool,
    /// Pondering is for a person at the board: another screen stops it.
    pub ponder: bool,
    /// No search at all while engine help is barred (an online game).
    pub barred: bool,
}

/// The level the computer's players are named after: an opened finished
/// record's players (`recorded`) are the record's, not the settings'.
pub(in crate::app) fn named_level(
    recorded: Option<Level>,
    game: &Game,
    configured: Level,
) -> Level {
    recorded.filter(|_| game.is_over()).unwrap_or(configured)
}

impl Computer {
    /// Keeps the engine's searches to `most` threads whatever the settings
    /// say (a server gives each session its share).
    pub fn limit_threads(&mut self, most: usize) {
        let most = u16::try_from(most.clamp(1, usize::from(Threads::MAX))).unwrap_or(1);
        self.most_threads = NonZeroU16::new(most);
    }

    /// The engine's settings in force: `engine`, on no more threads than
    /// [`Self::limit_threads`] allows.
    pub(in crate::app) fn settings(&self, engine: &EngineConfig) -> EngineConfig {
        let mut engine = *engine;
        if let Some(most) = self.most_threads
            && engine.threads.count() > usize::from(most.get())
        {
            engine.threads = Threads::Count(most);
        }
        engine
    }
}

impl Turn<'_> {
    /// Board actions that mean something else when the computer plays; what
    /// it says when `action` was handled here, `None` when not.
    pub(in crate::app) fn board_key(&mut self, action: Action) -> Option<Outcome> {
        let demo = self.computer.is_demo();
        let against = self.computer.mode() == Mode::HumanVsComputer;
        let mut out = Outcome::none();
        match action {
            Action::Place if demo => self.toggle_pause(&mut out),
            Action::Undo | Action::Redo if demo => {
                // Stepping through a demo stops it, to look at it.
                self.computer.pause();
                return None;
            }
            Action::Undo if against => self.undo_to_your_turn(&mut out),
            Action::Redo if against => self.redo_to_your_turn(&mut out),
            // While an earlier position is shown, a stone goes there (after
            // asking), which stops the computer's thinking.
            Action::Place | Action::Swap | Action::Click { .. }
                if self.computer.to_move(self.session.game()) && self.board.viewing().is_none() =>
            {
                let text = if demo {
                    let place = self.key(Action::Place);
                    format!("The computer plays both sides here: {place} pauses the demo.")
                } else {
                    let name = self.name(self.session.game().player_to_move()).to_string();
                    let undo = self.key(Action::Undo);
                    format!("Wait: {name} is thinking. ({undo} takes back your move.)")
                };
                out.say(Tone::Warning, text);
            }
            _ => return None,
        }
        Some(out)
    }

    /// The name of Player 1 or Player 2: the computer's when it plays them.
    pub(in crate::app) fn name(&self, player: Player) -> &str {
        self.computer
            .name(player)
            .unwrap_or_else(|| self.session.name(player))
    }

    pub(in crate::app) fn key(&self, action: Action) -> String {
        self.keys.board(action)
    }

    /// One step of the engine, and acting on what an ended search found.
    /// Returns whether a search ended (so the state may want another).
    pub(in crate::app) fn step(
        &mut self,
        force: bool,
        engine: &EngineConfig,
        allowed: Allowed,
    ) -> (bool, Outcome) {
        // Out of time, the game is over: nothing to think about.
        let over = allowed.over || self.session.out_of_time().is_some();
        let time = self.computer_time();
        self.computer.set_time(time);
        let game = self.session.game();
        let wanted = self
            .computer
            .wanted(game, engine, over)
            .filter(|&job| job != Job::Ponder || allowed.ponder)
            .filter(|_| !allowed.barred);
        let ended = self.computer.step(game, wanted, engine, force);
        if let Some(held) = self.computer.clocks_held_now() {
            self.session.hold_clock(held);
        }
        let mut out = Outcome::none();
        let ended = match ended {
            None => false,
            Some(Ended::Failed) => {
                out.say(
                    Tone::Error,
                    "The engine failed. The computer stopped; you can still play, save or quit.",
                );
                false
            }
            Some(Ended::Move(mv)) => {
                out = self.computer_played(mv);
                true
            }
            Some(Ended::Resign { proven }) => {
                out = self.computer_resigns(proven);
                true
            }
            Some(Ended::Hint(mv)) => {
                out = self.hint_found(mv);
                true
            }
            Some(Ended::Rested) => true,
        };
        (ended, out)
    }

    /// The computer's move, played on the session as it is (the person's
    /// keys go through `place` and `swap` in `game/play.rs`), and said.
    fn computer_played(&mut self, mv: Move) -> Outcome {
        let player = self.session.game().player_to_move();
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
        let mut out = Outcome::none();
        out.say(said.0, said.1);
        out
    }

    /// The computer's time left and its increment, when it is to move in
    /// a game with clocks.
    fn computer_time(&self) -> Option<(Duration, Duration)> {
        let clock = self.session.clock()?;
        let to_move = self.session.game().player_to_move();
        let left = clock.left(to_move, to_move, self.session.now());
        Some((left, clock.control().increment()))
    }

    /// The computer to move resigns: the game ends, the other side winning.
    fn computer_resigns(&mut self, proven: bool) -> Outcome {
        let color = self.session.game().position().to_move();
        let player = self.session.game().player_to_move();
        let mut out = Outcome::none();
        if self.session.resign(color).is_err() {
            return out;
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
        out.say(Tone::Success, text);
        out
    }

    pub(in crate::app) fn hint_found(&mut self, mv: Move) -> Outcome {
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
        let mut out = Outcome::none();
        out.say(
            Tone::Info,
            format!("Hint: {mv}{estimate}. {play} plays it."),
        );
        out
    }
}

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

#[cfg(test)]
mod tests {
    use std::num::NonZeroU16;

    use super::*;
    use crate::app::config::Config;
    use crate::app::state::App;

    #[test]
    fn a_sessions_limit_caps_the_threads_whatever_the_settings_say() {
        let mut config = Config::default();
        config.engine.threads = Threads::Count(NonZeroU16::new(8).unwrap());
        let mut app = App::with_config(config);
        let settings = |app: &App| app.computer.settings(&app.config.engine);
        assert_eq!(settings(&app).threads.count(), 8);
        app.computer.limit_threads(1);
        assert_eq!(settings(&app).threads.count(), 1);
        // Settings under the limit are kept; no limit is under one thread.
        app.computer.limit_threads(16);
        assert_eq!(settings(&app).threads.count(), 8);
        app.computer.limit_threads(0);
        assert_eq!(settings(&app).threads.count(), 1);
        assert_eq!(
            app.config().engine.threads.count(),
            8,
            "the settings untouched"
        );
    }
}
