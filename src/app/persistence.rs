//! The game screen's files, over the storage library: the unfinished game
//! resumed at start-up, the autosave after every change to the game, one
//! result line per won game, records opened at start-up.
//!
//! Every change to the game goes through [`App::update`], whose last step,
//! [`App::keep_files`], compares the game with what the autosave holds and
//! writes it when it differs. A game not yet in the autosave (a new one, a
//! record opened) first ends the autosave's previous game without losing it
//! ([`clear_autosave`] keeps an unfinished one as a record). A record opened
//! merely to look at leaves the autosave alone until it is played on.

use std::path::{Path, PathBuf};

use super::PlayArgs;
use super::config_file::Notice;
use super::engine_config::Mode;
use super::state::{App, Level, Message, Screen};
use super::text_input::TextInput;
use crate::core::{Game, Outcome, Player, Record};
use crate::storage::{
    AutosaveLoad, Cleared, Paths, RecordInfo, RecordSummary, ResultRow, StorageError, Summary,
    Timestamp, append_result, clear_autosave, load_autosave, load_record, save_autosave,
};

/// `x-` lines of the autosave that belong to this file, not to the screen.
const RESULT_KEY: &str = "x-result";
const RECORD_KEY: &str = "x-record";

/// The game as its files hold it: who plays and the moves (a cursor step is
/// not a change worth writing).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    names: [String; 2],
    game: Game,
}

/// What the app knows about its files.
#[derive(Clone, Debug, Default)]
pub(super) struct Files {
    /// `None`: no home directory is known, so nothing is written.
    pub(super) paths: Option<Paths>,
    /// The game as last written to the autosave, when the autosave holds
    /// the game on screen.
    autosaved: Option<Snapshot>,
    /// The game as it came on screen (new, or opened) while the autosave
    /// holds another: it is written once it changes.
    untouched: Option<Snapshot>,
    /// End the autosave's game now, not at the first change (a new game
    /// asked for, `--new`).
    clear_first: bool,
    /// The game's result line is in the results file (once per game).
    result_written: bool,
    /// The record file the game was opened from or last saved to.
    pub(super) record_file: Option<PathBuf>,
    /// An opened record's own `x-` lines, written back with the game.
    extra: Vec<(String, String)>,
    /// Why the autosave fails, while it does.
    failing: Option<String>,
    /// The game as it was when writing it failed: tried again at its next
    /// change, not at every key.
    failed_at: Option<Snapshot>,
    /// A note for the side panel until the game changes (resumed, kept …).
    note: Option<Message>,
    /// What waits for an answer to a question.
    pub(super) pending: Option<Pending>,
    /// The records screen's list, read when it opens.
    pub(super) records: Option<Result<Vec<Listed>, String>>,
    /// The results screen's content, read when it opens: the summary and
    /// the lines that could not be read.
    pub(super) results: Option<Result<(Summary, Vec<String>), String>>,
}

/// A record file as the records screen lists it.
#[derive(Clone, Debug)]
pub(super) struct Listed {
    pub(super) path: PathBuf,
    pub(super) file_name: String,
    pub(super) modified: Option<Timestamp>,
    /// What it holds, or why it cannot be opened.
    pub(super) content: Result<RecordInfo, String>,
}

impl Listed {
    pub(super) fn of(summary: RecordSummary) -> Listed {
        Listed {
            path: summary.path,
            file_name: summary.file_name,
            modified: summary.modified.map(Timestamp::from_system_time),
            content: summary.content.map_err(|e| problem_text(&e)),
        }
    }
}

/// What is wrong with a file, without its path when the screen names it.
pub(super) fn problem_text(error: &StorageError) -> String {
    match error {
        StorageError::Parse { error, .. } => error.to_string(),
        other => other.to_string(),
    }
}

/// An action waiting for the answer to a question.
#[derive(Clone, Debug)]
pub(super) enum Pending {
    /// Replace this file? The prompt's text comes back on no.
    Replace { path: PathBuf, input: TextInput },
    /// Open this record (listed at `index`), though the game on screen is
    /// not saved anywhere?
    Open {
        record: Box<Record>,
        path: PathBuf,
        index: usize,
    },
}

impl App {
    /// Brings in the saved games at start-up: resumes the unfinished game
    /// (unless `--new`), or opens the record given (`--load FILE`, `FILE`).
    /// A file that cannot be used is named with its line in a message and
    /// left where it is (a bad autosave moved aside); a new game starts.
    /// With `paths` unknown (no home directory) nothing is written.
    pub fn open_files(&mut self, paths: Option<Paths>, args: &PlayArgs) {
        self.files.paths = paths;
        self.files.untouched = Some(self.snapshot());
        let Some(paths) = self.files.paths.clone() else {
            self.files.note = Some(Message {
                text: "No home directory is known, so games are not saved.".to_string(),
                level: Level::Warning,
            });
            return self.open_record_arg(args);
        };
        if args.new {
            self.files.clear_first = true;
            self.keep_files();
        }
        if args.load.is_some() || args.file.is_some() {
            return self.open_record_arg(args);
        }
        if args.new {
            return;
        }
        let loaded = load_autosave(&paths);
        let message = loaded.message();
        match loaded {
            AutosaveLoad::None => {}
            AutosaveLoad::Resumed(record) => {
                let moves = record.game.moves().len();
                self.resume(record);
                if moves > 0
                    && let Some(text) = message
                {
                    self.note(Level::Success, text);
                }
            }
            AutosaveLoad::Finished(_) => {
                if let Some(text) = message {
                    self.note(Level::Info, text);
                }
            }
            AutosaveLoad::Unusable { .. } => {
                self.note(
                    Level::Warning,
                    "The autosave could not be used: it was kept, see the message.",
                );
                if let Some(text) = message {
                    self.notify("Autosave", text);
                }
            }
        }
    }

    fn open_record_arg(&mut self, args: &PlayArgs) {
        let Some(path) = args.load.as_ref().or(args.file.as_ref()) else {
            return;
        };
        match load_record(path) {
            Ok(record) => self.show_record(record, path),
            Err(e) => self.notify(
                "Game record",
                format!("{e}\n\nThe file is left as it is; a new game starts."),
            ),
        }
    }

    /// Puts the autosave's unfinished game back on screen.
    fn resume(&mut self, record: Record) {
        self.names = record.names.clone();
        self.set_game(record.game.clone());
        self.restore_screen_extras(&record);
        self.files.result_written = record.extra(RESULT_KEY).is_some();
        self.files.record_file = record.extra(RECORD_KEY).map(PathBuf::from);
        self.files.extra = others_extras(record.extra);
        self.files.autosaved = Some(self.snapshot());
        self.files.untouched = None;
    }

    /// Puts a record on screen to look at and browse; the autosave keeps
    /// its game until this one is played on.
    pub(super) fn show_record(&mut self, record: Record, path: &Path) {
        self.names = record.names.clone();
        self.set_game(record.game.clone());
        self.view = None;
        self.restore_screen_extras(&record);
        let file_name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let moves = record.game.moves().len();
        let text = match record.outcome() {
            Outcome::Won(color) => format!(
                "Opened {file_name}: {} won with {color} in {moves} moves. {} steps back through it.",
                record.name_of(color),
                self.key(super::Action::History(super::HistoryStep::Back)),
            ),
            Outcome::Unfinished => {
                format!("Opened {file_name}, unfinished after {moves} moves: play on, or browse.")
            }
        };
        // A finished record's result is not this screen's to write.
        self.files.result_written = record.outcome() != Outcome::Unfinished;
        self.files.record_file = Some(path.to_path_buf());
        self.files.extra = others_extras(record.extra);
        self.files.autosaved = None;
        self.files.untouched = Some(self.snapshot());
        self.files.clear_first = false;
        self.note(Level::Info, text);
    }

    /// A new game is on screen: it replaces the autosave's game at once.
    pub(super) fn files_for_new_game(&mut self) {
        self.files.autosaved = None;
        self.files.untouched = Some(self.snapshot());
        self.files.clear_first = true;
        self.files.result_written = false;
        self.files.record_file = None;
        self.files.extra.clear();
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            names: self.names.clone(),
            game: self.game.clone(),
        }
    }

    fn shows(&self, snapshot: &Snapshot) -> bool {
        snapshot.names == self.names && snapshot.game == self.game
    }

    /// Whether the game on screen would survive being replaced: nothing
    /// played, or it is in the autosave or in the file it came from.
    pub(super) fn game_is_kept(&self) -> bool {
        let in_autosave = self.files.autosaved.as_ref().is_some_and(|s| self.shows(s));
        let in_its_file = self.files.record_file.is_some()
            && self.files.untouched.as_ref().is_some_and(|s| self.shows(s));
        !self.game_in_progress() || in_autosave || in_its_file
    }

    /// The last step of every update: a changed game goes to the autosave,
    /// and a won one to the results file, once.
    pub(super) fn keep_files(&mut self) {
        self.check_view();
        let Some(paths) = self.files.paths.clone() else {
            return;
        };
        let changed = match (&self.files.autosaved, &self.files.untouched) {
            (Some(saved), _) => !self.shows(saved),
            (None, Some(start)) => self.files.clear_first || !self.shows(start),
            (None, None) => true,
        };
        let tried = self.files.failed_at.as_ref().is_some_and(|s| self.shows(s));
        if !changed || tried {
            return;
        }
        self.files.note = None;
        if self.files.autosaved.is_some() || self.end_previous_autosave(&paths) {
            self.autosave(&paths);
        }
        self.write_result(&paths);
    }

    /// Before a game's first autosave, the autosave's game is put away
    /// without loss. False when that failed: the autosave is then left as
    /// it is, and the game on screen stays in memory.
    fn end_previous_autosave(&mut self, paths: &Paths) -> bool {
        match clear_autosave(paths, Timestamp::now()) {
            Ok(cleared) => {
                self.files.clear_first = false;
                match cleared {
                    Cleared::KeptAsRecord(path) => self.note(
                        Level::Info,
                        format!("Your unfinished game was kept as {}.", path.display()),
                    ),
                    Cleared::MovedAside(path) => self.note(
                        Level::Warning,
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
        if self.files.result_written {
            record.set_extra(RESULT_KEY, "written");
        }
        if let Some(file) = &self.files.record_file {
            record.set_extra(RECORD_KEY, file.display().to_string());
        }
        match save_autosave(paths, &record) {
            Ok(()) => {
                self.files.autosaved = Some(self.snapshot());
                self.files.untouched = None;
                self.files.failed_at = None;
                if self.files.failing.take().is_some() {
                    self.tell(Level::Success, "The autosave works again.");
                }
            }
            Err(e) => self.autosave_failed(e.to_string()),
        }
    }

    /// Says once, in a message box, why the game is not being saved; the
    /// panel keeps saying that it is not until a save works.
    fn autosave_failed(&mut self, why: String) {
        if self.files.failing.is_none() {
            if matches!(self.screen, Screen::Board | Screen::Notice(_)) {
                self.tell(Level::Warning, "Not saved: the game goes on in memory.");
            }
            self.notify(
                "Not saved",
                format!(
                    "The game cannot be saved: {why}.\n\nIt goes on in memory, and is \
                     saved again after the next move that can be written."
                ),
            );
        }
        self.files.failing = Some(why);
        self.files.failed_at = Some(self.snapshot());
    }

    /// One line per game in the results file, when it is first won (a
    /// demo, the computer against itself, is nobody's result).
    fn write_result(&mut self, paths: &Paths) {
        if self.files.result_written || self.mode() == Mode::ComputerVsComputer {
            return;
        }
        let record = self.record_on_screen();
        let file = self.files.record_file.as_deref();
        let Some(row) = ResultRow::from_record(&record, file, Timestamp::now()) else {
            return;
        };
        // Once per game even if the write fails: that is said, not retried.
        self.files.result_written = true;
        if let Err(e) = append_result(paths, &row) {
            self.tell(Level::Warning, format!("The result was not written: {e}."));
        }
    }

    /// The game on screen as a record: the names as shown (the computer's
    /// own when it plays), moves, the screen's `x-` lines and those an
    /// opened record brought.
    pub(super) fn record_on_screen(&self) -> Record {
        let names = [Player::One, Player::Two].map(|p| self.name(p).to_string());
        let mut record = Record::new(names, self.game.clone());
        record.extra = self.files.extra.clone();
        for (key, value) in self.screen_extras() {
            record.set_extra(key, value);
        }
        record
    }

    fn note(&mut self, level: Level, text: impl Into<String>) {
        self.files.note = Some(Message {
            text: text.into(),
            level,
        });
    }

    /// Shows a message box, added to one already open (a config problem).
    /// Over another screen (settings being edited, say), which a box would
    /// close, the message line says it instead.
    fn notify(&mut self, title: &str, body: String) {
        match &mut self.screen {
            Screen::Notice(notice) => {
                notice.title = format!("{} and {}", notice.title, title.to_lowercase());
                notice.body = format!("{}\n\n{title}: {body}", notice.body);
            }
            Screen::Board => {
                self.screen = Screen::Notice(Notice {
                    title: title.to_string(),
                    body,
                })
            }
            _ => self.tell(Level::Warning, body.replace("\n\n", " ")),
        }
    }

    /// Where saved records go, as the screens show it.
    pub(super) fn records_dir_text(&self) -> String {
        self.files
            .paths
            .as_ref()
            .map(|p| p.records_dir().display().to_string())
            .unwrap_or_default()
    }

    /// What the side panel says about the files and the position shown.
    pub fn panel_notes(&self) -> Vec<Message> {
        let failing = self.files.failing.as_ref().map(|_| Message {
            text: "Not saved: the game is in memory only.".to_string(),
            level: Level::Warning,
        });
        [self.history_note(), self.files.note.clone(), failing]
            .into_iter()
            .flatten()
            .collect()
    }

    /// Adds to the message line rather than replacing what the action said.
    pub(super) fn tell(&mut self, level: Level, text: impl Into<String>) {
        let text = text.into();
        match &mut self.message {
            Some(message) => {
                message.text.push(' ');
                message.text.push_str(&text);
                if severity(level) > severity(message.level) {
                    message.level = level;
                }
            }
            None => self.say(level, text),
        }
    }
}

/// An opened record's `x-` lines, less those this file writes itself.
fn others_extras(extra: Vec<(String, String)>) -> Vec<(String, String)> {
    extra
        .into_iter()
        .filter(|(key, _)| {
            ![RESULT_KEY, RECORD_KEY]
                .iter()
                .any(|own| key.eq_ignore_ascii_case(own))
        })
        .collect()
}

fn severity(level: Level) -> u8 {
    match level {
        Level::Info => 0,
        Level::Success => 1,
        Level::Warning => 2,
        Level::Error => 3,
    }
}
