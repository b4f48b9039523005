//! The screen's own lines in a saved game (`x-` headers of the record): what
//! the autosave must bring back besides the moves. Every feature adds its
//! keys here, in both directions (the computer opponent: `x-mode`,
//! `x-level`; the review: `x-review`). `App` hands the files the game on
//! screen as a record, and puts a record the files read back on screen:
//! the files own their reading and writing (`autosave.rs`, `saved_games.rs`).

use super::autosave::{OnScreen, Opening, Resumed, read_opening};
use super::naming::Naming;
use super::state::Files;
use crate::ai::review::REVIEW_KEY;
use crate::app::action::{Action, HistoryStep};
use crate::app::computer::turns::named_level;
use crate::app::config::engine::Mode;
use crate::app::flow::effect::{Effect, Keep};
use crate::app::flow::outcome::Outcome;
use crate::app::message::Tone;
use crate::app::network::play::is_network_extra;
use crate::app::state::App;
use crate::core::{Player, Record, Square};
use crate::storage::Paths;
use std::path::Path;

impl App {
    /// Brings in the saved games at start-up: resumes the unfinished game
    /// (unless `opening.new`), or opens the record asked for. A file that
    /// cannot be used is named with its line in a message and left where
    /// it is (a bad autosave moved aside); a new game starts. With `paths`
    /// unknown (no home directory) nothing is written.
    pub fn open_files(&mut self, paths: Option<Paths>, opening: &Opening) {
        self.files = Files::new(paths.clone(), &self.session);
        let naming = Naming::of(&self.reach);
        let save_key = self.key(Action::SaveRecord);
        let lock_note = paths.map(|paths| {
            let (note, out) = self
                .files
                .lock_autosave(paths, &self.session, naming, &save_key);
            self.apply(out);
            note
        });
        let paths = self.files.paths().cloned();
        let refused = self.files.autosave_refused();
        if opening.new && paths.is_some() && !refused {
            self.files.clear_first();
            self.perform(vec![Effect::KeepFiles]);
        }
        // A record that cannot be opened is said, and the unfinished game
        // comes back as if none had been asked for.
        let failed = match read_opening(opening) {
            Some(Ok((record, path))) => {
                self.show_record(record, &path);
                None
            }
            opened => Some(opened.and_then(Result::err)),
        };
        if let Some(failed) = failed {
            match paths {
                // Another copy's autosave is not this one's to resume.
                Some(_) if refused => {}
                Some(paths) if !opening.new => {
                    let (resumed, out) = self.files.resume_autosave(&paths, &mut self.screen);
                    if let Some(Resumed { record, note }) = resumed {
                        self.show_on_screen(&record);
                        self.files.resumed(&record, &self.session);
                        if let Some(text) = note {
                            self.files.set_note(Tone::Success, text);
                        }
                    }
                    self.apply(out);
                }
                Some(_) => {}
                None => self.files.set_note(
                    Tone::Warning,
                    "Nothing is kept here (no home directory, or a guest's session): games are not saved.",
                ),
            }
            if let Some(why) = failed {
                let then = if self.game_in_progress() {
                    "Your unfinished game is kept: it is back on the board."
                } else {
                    "A new game starts."
                };
                let mut out = Outcome::none();
                out.notify(&mut self.screen, "Game record", format!("{why}\n\n{then}"));
                self.apply(out);
            }
        }
        if let Some(Some((tone, text))) = lock_note {
            // Said before what the opening said (a game resumed …).
            let (tone, text) = match self.files.note() {
                Some(note) => (note.tone, format!("{text} {}", note.text)),
                None => (tone, text),
            };
            self.files.set_note(tone, text);
        }
    }

    /// Puts a record on screen to look at and browse; the autosave keeps
    /// its game until this one is played on.
    pub(in crate::app) fn show_record(&mut self, record: Record, path: &Path) {
        self.show_on_screen(&record);
        let back = self.key(Action::History(HistoryStep::Back));
        self.files.show_record(&record, path, &self.session, &back);
    }

    /// A record's game on the board, with what the screen wrote with it
    /// (see [`App::record_on_screen`]). A value that does not read (an
    /// edited file) is ignored.
    fn show_on_screen(&mut self, record: &Record) {
        self.replace_game(record.game.clone(), record.names.clone());
        self.session.resume_clock(record);
        if let Some(cursor) = record
            .extra("x-cursor")
            .and_then(|text| text.parse::<Square>().ok())
            .filter(|&sq| self.game().size().contains(sq))
        {
            self.board.set_cursor(cursor);
        }
        let mode = record.extra("x-mode").and_then(Mode::from_key);
        self.computer.set_mode(mode.unwrap_or_default());
        let level = record.extra("x-level").and_then(|level| level.parse().ok());
        (self.files).set_recorded_level(level.filter(|_| record.game.is_over()));
        self.review.restore(record);
    }

    /// The game on screen as a record: the names as shown (the computer's
    /// own when it plays), moves, the screen's `x-` lines and those an
    /// opened record brought.
    pub(in crate::app) fn record_on_screen(&self) -> Record {
        let names = [Player::One, Player::Two].map(|p| self.name(p).to_string());
        let mut record = Record::new(names, self.game().clone());
        self.session.stamp(&mut record);
        record.extra = self
            .files
            .extra()
            .iter()
            // A review read with the record is the screen's own again
            // (below), if it is still of this game.
            .filter(|(key, _)| !is_network_extra(key) && !key.eq_ignore_ascii_case(REVIEW_KEY))
            .cloned()
            .collect();
        let screen = [
            ("x-cursor", self.board.cursor().to_string()),
            // Who played: a game against the computer resumes as one. The
            // level is for the reader; the settings' level plays on.
            ("x-mode", self.computer.mode().key().to_string()),
            (
                "x-level",
                named_level(
                    self.files.recorded_level(),
                    self.session.game(),
                    self.config.engine.level,
                )
                .name()
                .to_string(),
            ),
        ];
        // The engine's review of this game (`review/`).
        for (key, value) in screen
            .into_iter()
            .chain(self.review.extra(self.session.game()))
        {
            record.set_extra(key, value);
        }
        record
    }

    /// After every update, the position browsed follows the game and the
    /// files keep the game on screen (see [`Keep`]).
    pub(in crate::app) fn keep_files(&mut self, how: Keep) {
        self.board.follow(self.session.game());
        // What the autosave's writer said meanwhile (a write failed).
        let mut written = Outcome::none();
        self.files.take_written(&mut self.screen, &mut written);
        self.apply(written);
        if self.files.paths().is_none() {
            return;
        }
        if how == Keep::Changes && !self.files.wants_write(&self.session) {
            return;
        }
        let record = self.record_on_screen();
        // Only the autosave keeps a network game's code or address.
        let network = self.network.as_ref().map(|n| n.extras());
        let autosave_extras = (network.unwrap_or_default().into_iter())
            .chain(self.online.extras())
            .collect();
        let game = OnScreen {
            record,
            autosave_extras,
            session: &self.session,
            demo: self.computer.mode() == Mode::ComputerVsComputer,
            naming: Naming::of(&self.reach),
        };
        let out = match how {
            Keep::Again => self.files.autosave_again(&game, &mut self.screen),
            Keep::Changes | Keep::Retry => {
                (self.files).keep(how == Keep::Retry, &game, &mut self.screen)
            }
        };
        self.apply(out);
    }
}
