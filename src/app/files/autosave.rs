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

use super::state::{Files, RECORD_KEY, RESULT_KEY, RESULT_PENDING, RESULT_WRITTEN};
use super::worth_keeping::worth_keeping;
use crate::app::action::{Action, HistoryStep};
use crate::app::config::engine::Mode;
use crate::app::files::naming::Naming;
use crate::app::message::{Tone, count};
use crate::app::network::play::is_network_extra;
use crate::app::online::state::ONLINE_GAME_KEY;
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::app::update::Effect;
use crate::core::{Outcome, Player, Record};
use crate::storage::{
    AutosaveLoad, Cleared, Paths, ResultRow, StorageError, Timestamp, append_result,
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

    fn open_locked(&mut self, paths: Option<Paths>, opening: &Opening) {
        let refused = self.files.autosave_refused();
        if opening.new && paths.is_some() && !refused {
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
            // Another copy's autosave is not this one's to resume.
            Some(_) if refused => {}
            Some(paths) if !opening.new => self.resume_autosave(&paths),
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
            AutosaveLoad::Finished(record) => {
                if let Some(text) = message {
                    self.files.set_note(Tone::Info, text);
                }
                self.write_pending_result(paths, record);
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
        // The result first, so that the autosave says whether it was written.
        self.write_result(&paths);
        if !self.hold_autosave_lock(&paths) {
            return;
        }
        // The lock taken now may be another slot's (a copy started meanwhile).
        let Some(paths) = self.files.paths().cloned() else {
            return;
        };
        if self.files.autosave_is_ours() || self.end_previous_autosave(&paths) {
            self.autosave(&paths);
        }
    }

    /// Before the program ends (a quit, a signal, a hang-up): the game goes
    /// to the autosave if it is not there yet, and what failed to be
    /// written is tried again.
    pub(in crate::app) fn save_before_exit(&mut self) {
        self.perform(vec![Effect::RetryFiles]);
    }

    /// Tries again what failed to be written, the game as it is now: a won
    /// game has no next move to wait for.
    pub(in crate::app) fn retry_files(&mut self) {
        let Some(paths) = self.files.paths().cloned() else {
            return;
        };
        self.files.retry();
        if self.files.wants_write(&self.session) {
            return self.keep_files();
        }
        // The autosave holds the game: only its result may be waiting,
        // and once written the autosave says so.
        if self.files.result_pending() {
            self.write_result(&paths);
            if self.files.result_written() && self.files.holds_lock() {
                self.autosave(&paths);
            }
        }
    }

    /// At start-up, the result of the autosave's finished game, when
    /// writing it failed last time (the disk full, say).
    fn write_pending_result(&mut self, paths: &Paths, mut record: Record) {
        if record.extra(RESULT_KEY) != Some(RESULT_PENDING) || is_demo(&record) {
            return;
        }
        let file = record.extra(RECORD_KEY).map(PathBuf::from);
        let Some(row) = ResultRow::from_record(&record, file.as_deref(), Timestamp::now()) else {
            return;
        };
        if let Err(e) = append_result(paths, &row) {
            return self.files.set_note(
                Tone::Warning,
                format!("The last game's result is still not written: {e}."),
            );
        }
        record.set_extra(RESULT_KEY, RESULT_WRITTEN);
        // Should this fail, the next start writes the result again: a line
        // twice is better than none.
        let _ = save_autosave(paths, &record);
    }

    /// Before a game's first autosave, the autosave's game is put away
    /// without loss. False when that failed: the autosave is then left as
    /// it is, and the game on screen stays in memory.
    fn end_previous_autosave(&mut self, paths: &Paths) -> bool {
        // A game not worth a record (a demo, nobody's move, one already in
        // its file, an online game: its server keeps it) is simply written over.
        if let AutosaveLoad::Resumed(record) = load_autosave(paths)
            && (record.extra(ONLINE_GAME_KEY).is_some()
                || !worth_keeping(&record, |file| load_record(file).ok()))
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
                        format!(
                            "Your unfinished game was kept as {}.",
                            Naming::of(self).kept_record(&path)
                        ),
                    ),
                    Cleared::MovedAside(path) => self.files.set_note(
                        Tone::Warning,
                        format!(
                            "A damaged autosave was kept as {}.",
                            Naming::of(self).file(&path)
                        ),
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

    /// Writes the autosave again though the game is unchanged: its `x-`
    /// lines changed (an online game taken up, which the board already showed).
    pub(in crate::app) fn autosave_again(&mut self) {
        if let Some(paths) = self.files.paths().cloned()
            && self.files.autosave_is_ours()
        {
            self.autosave(&paths);
        }
    }

    fn autosave(&mut self, paths: &Paths) {
        let mut record = self.record_on_screen();
        // Only the autosave keeps a network game's code or address.
        let network = self.network.as_ref().map(|n| n.extras());
        for (key, value) in network
            .unwrap_or_default()
            .into_iter()
            .chain(self.online.extras())
        {
            record.set_extra(key, value);
        }
        if let Some(mark) = self.files.result_mark() {
            record.set_extra(RESULT_KEY, mark);
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
    pub(super) fn autosave_failed(&mut self, why: String) {
        tracing::warn!("the autosave failed: {why}");
        // A game over has no next move: its write waits for the quit.
        let again = if self.record_on_screen().outcome() == Outcome::Unfinished {
            "after the next move, and when you quit"
        } else {
            "when you quit"
        };
        let explained = format!(
            "The game cannot be saved: {why}.\n\nIt is kept in memory, and saving \
             it is tried again {again}."
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
        match append_result(paths, &row) {
            Ok(()) => self.files.result_done(),
            Err(e) => {
                // Said once; tried again when the program ends, and at the
                // next start (the autosave marks it pending).
                if !self.files.result_pending() {
                    self.tell(
                        Tone::Warning,
                        format!(
                            "The result was not written: {e}. It is tried again when you quit."
                        ),
                    );
                }
                self.files.result_failed();
            }
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
