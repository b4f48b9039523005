//! The game screen's files, over the storage library: the unfinished game
//! resumed at start-up, the autosave after every change to the game, one
//! result line per won game, records opened at start-up.
//!
//! Every update ends with [`Effect::KeepFiles`](crate::app::update::Effect),
//! carried out by [`App::keep_files`]: it compares the game with what the
//! autosave holds and writes it when it differs. A game not yet in the
//! autosave (a new one, a record opened) first ends the autosave's previous
//! game without losing it ([`clear_autosave`] keeps an unfinished one as a
//! record). A record opened merely to look at leaves the autosave alone
//! until it is played on.

use crate::ai::review::REVIEW_KEY;
use std::path::{Path, PathBuf};

use super::state::{Files, RECORD_KEY, RESULT_KEY};
use super::worth_keeping::worth_keeping;
use crate::app::action::{Action, HistoryStep};
use crate::app::config::engine::Mode;
use crate::app::message::{Tone, count};
use crate::app::network::play::is_network_extra;
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::app::update::Effect;
use crate::core::{Outcome, Player, Record};
use crate::storage::{
    AutosaveLoad, AutosaveLock, Cleared, Paths, ResultRow, StorageError, Timestamp, append_result,
    clear_autosave, load_autosave, load_record, save_autosave,
};

/// Why a record asked for on the command line cannot be opened.
fn open_failure(error: &StorageError, path: &Path) -> String {
    match error.io_kind() {
        Some(std::io::ErrorKind::NotFound) => {
            format!("There is no file {}: nothing was opened.", path.display())
        }
        _ => error.to_string(),
    }
}

/// Whether a saved game is the computer playing itself.
fn is_demo(record: &Record) -> bool {
    record.extra("x-mode").and_then(Mode::from_key) == Some(Mode::ComputerVsComputer)
}

/// What the game screen opens at start-up.
#[derive(Clone, Debug, Default)]
pub struct Opening {
    /// A game record to open, instead of resuming the unfinished game.
    pub record: Option<PathBuf>,
    /// Start a new game instead of resuming the unfinished one.
    pub new: bool,
}

impl App {
    /// Brings in the saved games at start-up: resumes the unfinished game
    /// (unless `opening.new`), or opens the record asked for. A file that
    /// cannot be used is named with its line in a message and left where
    /// it is (a bad autosave moved aside); a new game starts. With `paths`
    /// unknown (no home directory) nothing is written.
    pub fn open_files(&mut self, paths: Option<Paths>, opening: &Opening) {
        self.files = Files::new(paths.clone(), &self.session);
        let lock_note = paths.map(|paths| self.lock_autosave(paths));
        let paths = self.files.paths().cloned();
        self.open_locked(paths, opening);
        if let Some(Some((tone, text))) = lock_note {
            // Said before what the opening said (a game resumed …).
            let (tone, text) = match self.files.note() {
                Some(note) => (note.tone, format!("{text} {}", note.text)),
                None => (tone, text),
            };
            self.files.set_note(tone, text);
        }
    }

    /// Locks the first autosave no other copy of the program holds, so
    /// that two copies never write over each other's game, and uses it
    /// from then on; puts away the games left in closed windows' autosaves.
    /// Returns what the screen should say about it.
    fn lock_autosave(&mut self, paths: Paths) -> Option<(Tone, String)> {
        let lock = match AutosaveLock::acquire(&paths) {
            Ok(lock) => lock,
            Err(e) => {
                return Some((
                    Tone::Warning,
                    format!(
                        "The autosave could not be locked ({e}): another copy may write over this game."
                    ),
                ));
            }
        };
        let mut said: Vec<String> = lock.message().into_iter().collect();
        for put in lock.put_away_others(Timestamp::now()) {
            match put {
                Ok(Cleared::KeptAsRecord(path)) => said.push(format!(
                    "A game left in another window was kept as {}.",
                    path.display()
                )),
                Ok(Cleared::MovedAside(path)) => said.push(format!(
                    "A damaged autosave of another window was kept as {}.",
                    path.display()
                )),
                Ok(Cleared::Nothing | Cleared::Removed) => {}
                Err(e) => said.push(format!("A game left in another window stays there: {e}.")),
            }
        }
        self.files = Files::new(Some(lock.paths().clone()), &self.session);
        self.files.keep_lock(lock);
        (!said.is_empty()).then(|| (Tone::Info, said.join(" ")))
    }

    fn open_locked(&mut self, paths: Option<Paths>, opening: &Opening) {
        if opening.new && paths.is_some() {
            self.files.clear_first();
            self.perform(vec![Effect::KeepFiles]);
        }
        // A record that cannot be opened is said, and the unfinished game
        // comes back as if none had been asked for.
        let failed = match opening
            .record
            .as_deref()
            .map(|path| (path, load_record(path)))
        {
            Some((path, Ok(record))) => return self.show_record(record, path),
            Some((path, Err(e))) => Some(open_failure(&e, path)),
            None => None,
        };
        match paths {
            Some(paths) if !opening.new => self.resume_autosave(&paths),
            Some(_) => {}
            None => self.files.set_note(
                Tone::Warning,
                "No home directory is known, so games are not saved.",
            ),
        }
        if let Some(why) = failed {
            let then = if self.game_in_progress() {
                "Your unfinished game is kept: it is back on the board."
            } else {
                "A new game starts."
            };
            self.notify("Game record", format!("{why}\n\n{then}"));
        }
    }

    /// The autosave's unfinished game back on screen, or why not. A demo
    /// is not resumed: nobody was playing it.
    fn resume_autosave(&mut self, paths: &Paths) {
        let loaded = load_autosave(paths);
        let message = loaded.message();
        match loaded {
            AutosaveLoad::None => {}
            AutosaveLoad::Resumed(record) if is_demo(&record) => {}
            AutosaveLoad::Resumed(record) => {
                let moves = record.game.moves().len();
                self.resume(record);
                if moves > 0
                    && let Some(text) = message
                {
                    self.files.set_note(Tone::Success, text);
                }
            }
            AutosaveLoad::Finished(_) => {
                if let Some(text) = message {
                    self.files.set_note(Tone::Info, text);
                }
            }
            AutosaveLoad::Unusable { .. } => {
                self.files.set_note(
                    Tone::Warning,
                    "The autosave could not be used: it was kept, see the message.",
                );
                if let Some(text) = message {
                    self.notify("Autosave", text);
                }
            }
        }
    }

    /// Puts the autosave's unfinished game back on screen.
    fn resume(&mut self, record: Record) {
        self.replace_game(record.game.clone(), record.names.clone());
        self.session.resume_clock(&record);
        self.restore_screen_extras(&record);
        self.files.resumed(&record, &self.session);
    }

    /// Puts a record on screen to look at and browse; the autosave keeps
    /// its game until this one is played on.
    pub(in crate::app) fn show_record(&mut self, record: Record, path: &Path) {
        self.replace_game(record.game.clone(), record.names.clone());
        self.session.resume_clock(&record);
        self.restore_screen_extras(&record);
        let file_name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let moves = record.game.moves().len();
        let text = match record.outcome() {
            Outcome::Won(color) => format!(
                "Opened {file_name}: {} won with {color} in {}. {} steps back through it.",
                record.name_of(color),
                count(moves, "move"),
                self.key(Action::History(HistoryStep::Back)),
            ),
            Outcome::Unfinished => {
                format!(
                    "Opened {file_name}, unfinished after {}: play on, or browse.",
                    count(moves, "move")
                )
            }
        };
        let finished = record.outcome() != Outcome::Unfinished;
        self.files.opened(&record, path, &self.session, finished);
        self.files.set_note(Tone::Info, text);
    }

    /// Whether the game on screen would survive being replaced: nothing
    /// played, or it is in the autosave or in the file it came from.
    pub(in crate::app) fn game_is_kept(&self) -> bool {
        !self.game_in_progress() || self.files.keeps(&self.session)
    }

    /// After every update: the position browsed follows the game, a changed
    /// game goes to the autosave, and a won one to the results file, once.
    pub(in crate::app) fn keep_files(&mut self) {
        self.board.follow(self.session.game());
        let Some(paths) = self.files.paths().cloned() else {
            return;
        };
        if !self.files.wants_write(&self.session) {
            return;
        }
        self.files.clear_note();
        if self.files.autosave_is_ours() || self.end_previous_autosave(&paths) {
            self.autosave(&paths);
        }
        self.write_result(&paths);
    }

    /// On a signal that ends the program: the game goes to the autosave
    /// if it is not there yet.
    pub(in crate::app) fn save_before_exit(&mut self) {
        self.perform(vec![Effect::KeepFiles]);
    }

    /// Before a game's first autosave, the autosave's game is put away
    /// without loss. False when that failed: the autosave is then left as
    /// it is, and the game on screen stays in memory.
    fn end_previous_autosave(&mut self, paths: &Paths) -> bool {
        // A game not worth a record (a demo, nobody's move, one already in
        // its file) is simply written over.
        if let AutosaveLoad::Resumed(record) = load_autosave(paths)
            && !worth_keeping(&record, |file| load_record(file).ok())
        {
            self.files.previous_cleared();
            return true;
        }
        match clear_autosave(paths, Timestamp::now()) {
            Ok(cleared) => {
                self.files.previous_cleared();
                match cleared {
                    Cleared::KeptAsRecord(path) => self.files.set_note(
                        Tone::Info,
                        format!("Your unfinished game was kept as {}.", path.display()),
                    ),
                    Cleared::MovedAside(path) => self.files.set_note(
                        Tone::Warning,
                        format!("A damaged autosave was kept as {}.", path.display()),
                    ),
                    Cleared::Nothing | Cleared::Removed => {}
                }
                true
            }
            Err(e) => {
                let autosave = paths.autosave();
                self.autosave_failed(format!(
                    "the last game in {} could not be put away first ({e})",
                    autosave.display()
                ));
                false
            }
        }
    }

    fn autosave(&mut self, paths: &Paths) {
        let mut record = self.record_on_screen();
        // Only the autosave keeps a network game's code or address.
        for (key, value) in self.network_extras() {
            record.set_extra(key, value);
        }
        if self.files.result_written() {
            record.set_extra(RESULT_KEY, "written");
        }
        if let Some(file) = self.files.record_file() {
            record.set_extra(RECORD_KEY, file.display().to_string());
        }
        match save_autosave(paths, &record) {
            Ok(()) => {
                if self.files.autosaved(&self.session) {
                    self.tell(Tone::Success, "The autosave works again.");
                }
            }
            Err(e) => self.autosave_failed(e.to_string()),
        }
    }

    /// Says once, in a message box, why the game is not being saved; the
    /// panel keeps saying that it is not until a save works.
    fn autosave_failed(&mut self, why: String) {
        tracing::warn!("the autosave failed: {why}");
        let explained = format!(
            "The game cannot be saved: {why}.\n\nIt goes on in memory, and is \
             saved again after the next move that can be written."
        );
        if self.files.autosave_failed(why, &self.session) {
            if matches!(self.screen, Screen::Board | Screen::Notice(_)) {
                self.tell(Tone::Warning, "Not saved: the game goes on in memory.");
            }
            self.notify("Not saved", explained);
        }
    }

    /// One line per game in the results file, when it is first won (a
    /// demo, the computer against itself, is nobody's result).
    fn write_result(&mut self, paths: &Paths) {
        if self.files.result_written() || self.mode() == Mode::ComputerVsComputer {
            return;
        }
        let record = self.record_on_screen();
        let file = self.files.record_file();
        let Some(row) = ResultRow::from_record(&record, file, Timestamp::now()) else {
            return;
        };
        // Once per game even if the write fails: that is said, not retried.
        self.files.result_done();
        if let Err(e) = append_result(paths, &row) {
            self.tell(Tone::Warning, format!("The result was not written: {e}."));
        }
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
        for (key, value) in self.screen_extras() {
            record.set_extra(key, value);
        }
        record
    }

    /// Shows a message box, added to one already open (a config problem).
    /// Over another screen (settings being edited, say), which a box would
    /// close, the message line says it instead.
    fn notify(&mut self, title: &str, body: String) {
        if let Some(text) = self.screen.notify(title, body) {
            self.tell(Tone::Warning, text);
        }
    }
}
