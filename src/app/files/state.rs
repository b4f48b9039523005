//! What the screen knows about its files: where they are, what the autosave
//! holds, the record file the game belongs to, and what the records and
//! results screens read. It does no reading or writing itself (that is
//! `autosave.rs` and `saved_games.rs`); it remembers, and compares the
//! game on the board with what was written.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::writer::{AutosaveWriter, Job, Report};
use crate::ai::Level;
use crate::app::game::session::Session;
use crate::app::message::{Message, Tone};
use crate::app::ui::text_input::TextInput;
use crate::core::{Game, Player, Record};
use crate::storage::{AutosaveLock, Paths, RecordSummary, StorageError, Summary};

/// `x-` lines of the autosave that belong to the files, not to the screen.
pub const RESULT_KEY: &str = "x-result";
/// [`RESULT_KEY`]'s values: the result line is in the results file, or
/// writing it failed and is to be tried at the next start.
pub const RESULT_WRITTEN: &str = "written";
pub const RESULT_PENDING: &str = "pending";
pub const RECORD_KEY: &str = "x-record";

/// The game as its files hold it: who plays and the moves (a cursor step is
/// not a change worth writing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Snapshot {
    names: [String; 2],
    game: Game,
    /// A player out of time ends the game: that changes it too.
    out_of_time: Option<Player>,
}

impl Snapshot {
    pub(super) fn of(session: &Session) -> Snapshot {
        Snapshot {
            names: session.names().clone(),
            game: session.game().clone(),
            out_of_time: session.out_of_time(),
        }
    }

    fn shows(&self, session: &Session) -> bool {
        self.names == *session.names()
            && self.game == *session.game()
            && self.out_of_time == session.out_of_time()
    }
}

/// The records screen's list, or why it could not be read.
pub type RecordList = Result<Vec<RecordSummary>, StorageError>;
/// The results screen's content: the summary and the lines that could not
/// be read, or why the file could not be.
pub type ResultsRead = Result<(Summary, Vec<String>), StorageError>;

/// What is wrong with a file, without its path when the screen names it.
pub fn problem_text(error: &StorageError) -> String {
    match error {
        StorageError::Parse { error, .. } => error.to_string(),
        other => other.to_string(),
    }
}

/// An action waiting for the answer to a question.
#[derive(Clone, Debug)]
pub enum Pending {
    /// Write the record here (replacing a file, or making its folders)?
    /// The prompt's text comes back on no.
    Write { path: PathBuf, input: TextInput },
    /// Delete this record (listed at `index`)?
    Delete { path: PathBuf, index: usize },
    /// Open this record (listed at `index` of the saved games; `None`:
    /// chosen among the results), though the game on screen is not saved
    /// anywhere?
    Open {
        record: Box<Record>,
        path: PathBuf,
        index: Option<usize>,
    },
}

#[derive(Debug, Default)]
pub struct Files {
    /// `None`: no home directory is known, so nothing is written.
    paths: Option<Paths>,
    /// The game as last handed to the autosave's writer (and not known to
    /// have failed), when the autosave holds the game on screen.
    autosaved: Option<Snapshot>,
    /// The autosave holds the game on screen (resumed, or written since it
    /// came), even while a write of it fails: its previous game is put away.
    ours: bool,
    /// The game as it came on screen (new, or opened) while the autosave
    /// holds another: it is written once it changes.
    untouched: Option<Snapshot>,
    /// End the autosave's game now, not at the first change (a new game
    /// asked for, `--new`).
    clear_first: bool,
    /// The game's result line is in the results file (once per game).
    result_written: bool,
    /// Writing the result line failed: it is tried again before the
    /// program ends, and at the next start (the autosave says
    /// `x-result: pending`).
    result_failed: bool,
    /// The autosave could not be locked at start-up and may be another
    /// copy's: it is not resumed, nor written until its lock is taken.
    autosave_refused: bool,
    /// The record file the game was opened from or last saved to.
    record_file: Option<PathBuf>,
    /// An opened record's own `x-` lines, written back with the game.
    extra: Vec<(String, String)>,
    /// The computer's level an opened finished record was played at: its
    /// players are named after it, not after the settings.
    recorded_level: Option<Level>,
    /// Why the autosave fails, while it does.
    failing: Option<String>,
    /// The game as it was when writing it failed: tried again at its next
    /// change, not at every key.
    failed_at: Option<Snapshot>,
    /// A note for the side panel until the game changes (resumed, kept …).
    note: Option<Message>,
    /// What waits for an answer to a question.
    pending: Option<Pending>,
    /// The lock on the autosave in `paths`, held until the program ends.
    lock: Option<Arc<AutosaveLock>>,
    /// The records screen's list, read when it opens.
    records: Option<RecordList>,
    /// What the records screen's list is narrowed to ("" for all of it).
    records_filter: String,
    /// The results screen's content, read when it opens.
    results: Option<ResultsRead>,
    /// Writes the autosave (on a thread of its own under the event loop).
    writer: AutosaveWriter<Snapshot>,
}

impl Files {
    /// The files at `paths` (none known: nothing is written), with
    /// `session` on screen and not yet in the autosave.
    pub fn new(paths: Option<Paths>, session: &Session) -> Files {
        Files {
            paths,
            untouched: Some(Snapshot::of(session)),
            ..Files::default()
        }
    }

    pub fn paths(&self) -> Option<&Paths> {
        self.paths.as_ref()
    }

    /// Holds `lock` (on the autosave in `paths`) until the program ends.
    pub fn keep_lock(&mut self, lock: AutosaveLock) {
        self.lock = Some(Arc::new(lock));
    }

    /// Whether this copy holds the lock on the autosave in `paths`.
    pub fn holds_lock(&self) -> bool {
        self.lock.is_some()
    }

    /// Holds `lock`, taken after start-up, and writes to its autosave from
    /// then on: when that is another slot's (a copy started meanwhile
    /// holds the first), the game on screen is not in it yet.
    pub fn adopt_lock(&mut self, lock: AutosaveLock) {
        if self.paths.as_ref() != Some(lock.paths()) {
            self.paths = Some(lock.paths().clone());
            self.autosaved = None;
            self.ours = false;
            self.untouched = None;
        }
        self.autosave_refused = false;
        self.keep_lock(lock);
    }

    /// Leaves the autosave alone (it could not be locked, `why`) until its
    /// lock is taken: the panel says the game is in memory only.
    pub fn refuse_autosave(&mut self, why: String) {
        self.autosave_refused = true;
        self.failing = Some(why);
    }

    /// Whether the autosave was left alone at start-up (see
    /// [`Files::refuse_autosave`]).
    pub const fn autosave_refused(&self) -> bool {
        self.autosave_refused
    }

    /// Forgets that writing the game as it is failed, so the next keeping
    /// of the files tries again (before the program ends).
    pub fn retry(&mut self) {
        self.failed_at = None;
    }

    /// The autosave's game came back on screen as `session`.
    pub fn resumed(&mut self, record: &Record, session: &Session) {
        self.result_written = record.extra(RESULT_KEY) == Some(RESULT_WRITTEN);
        self.record_file = record.extra(RECORD_KEY).map(PathBuf::from);
        self.extra = others_extras(&record.extra);
        self.autosaved = Some(Snapshot::of(session));
        self.ours = true;
        self.untouched = None;
    }

    /// A record from `path` is on screen as `session`; the autosave keeps
    /// its game until this one changes.
    pub fn opened(&mut self, record: &Record, path: &Path, session: &Session, finished: bool) {
        // A finished record's result is not this screen's to write.
        self.result_written = finished;
        self.record_file = Some(path.to_path_buf());
        self.extra = others_extras(&record.extra);
        self.autosaved = None;
        self.ours = false;
        self.untouched = Some(Snapshot::of(session));
        self.clear_first = false;
    }

    /// A new game is on screen: it replaces the autosave's game at once.
    pub fn new_game(&mut self, session: &Session) {
        self.autosaved = None;
        self.ours = false;
        self.untouched = Some(Snapshot::of(session));
        self.clear_first = true;
        self.result_written = false;
        self.result_failed = false;
        self.record_file = None;
        self.extra.clear();
        self.recorded_level = None;
    }

    /// End the autosave's game at the next write (`--new`).
    pub fn clear_first(&mut self) {
        self.clear_first = true;
    }

    /// Whether `session` would survive being replaced: it is in the
    /// autosave, or in the file it came from, unchanged.
    pub fn keeps(&self, session: &Session) -> bool {
        let in_autosave = self.autosaved.as_ref().is_some_and(|s| s.shows(session));
        let in_its_file =
            self.record_file.is_some() && self.untouched.as_ref().is_some_and(|s| s.shows(session));
        in_autosave || in_its_file
    }

    /// Whether `session` differs from what the autosave should hold, and
    /// has not already failed to be written as it is.
    pub fn wants_write(&self, session: &Session) -> bool {
        let changed = match (&self.autosaved, &self.untouched) {
            (Some(saved), _) => !saved.shows(session),
            (None, Some(start)) => self.clear_first || !start.shows(session),
            (None, None) => true,
        };
        let tried = self.failed_at.as_ref().is_some_and(|s| s.shows(session));
        changed && !tried
    }

    /// Whether the autosave holds this game (else its previous game must be
    /// put away before the first write).
    pub fn autosave_is_ours(&self) -> bool {
        self.ours
    }

    /// The autosave's previous game was put away.
    pub fn previous_cleared(&mut self) {
        self.clear_first = false;
    }

    /// Hands `record`, the game `session` with the files' own lines, to
    /// the autosave's writer at `paths`; from now on the autosave holds it.
    pub(super) fn hand_to_writer(&mut self, paths: &Paths, record: Record, session: &Session) {
        let game = Snapshot::of(session);
        self.autosaved = Some(game.clone());
        self.ours = true;
        self.untouched = None;
        self.failed_at = None;
        let job = Job {
            paths: paths.clone(),
            record,
            game,
            lock: self.lock.clone(),
            after_failure: self.failing.is_some(),
        };
        self.writer.write(job);
    }

    /// The writer's news since last asked.
    pub(super) fn writer_reports(&mut self) -> Vec<Report<Snapshot>> {
        self.writer.reports()
    }

    /// Returns once all that was handed to the writer is written.
    pub(super) fn finish_writes(&self) {
        self.writer.finish();
    }

    /// The writer's mutable self (`writer.rs`: its thread started).
    pub(super) fn writer_mut(&mut self) -> &mut AutosaveWriter<Snapshot> {
        &mut self.writer
    }

    /// A write worked after failing: returns whether the autosave had
    /// been failing until now.
    pub(super) fn recovered(&mut self) -> bool {
        self.failing.take().is_some()
    }

    /// Writing `session` failed for `why`; returns whether this is the
    /// first failure (which is said in a box; later ones are not).
    pub fn mark_autosave_failed(&mut self, why: String, session: &Session) -> bool {
        self.mark_failed_at(why, Snapshot::of(session))
    }

    /// Writing the game `at` failed for `why`: the autosave does not hold
    /// it (though it is still this game's); returns whether this is the
    /// first failure.
    pub(super) fn mark_failed_at(&mut self, why: String, at: Snapshot) -> bool {
        if self.autosaved.as_ref() == Some(&at) {
            self.autosaved = None;
        }
        let first = self.failing.is_none();
        self.failing = Some(why);
        self.failed_at = Some(at);
        first
    }

    /// Whether the autosave fails.
    pub fn failing(&self) -> bool {
        self.failing.is_some()
    }

    pub const fn result_written(&self) -> bool {
        self.result_written
    }

    /// The game's result line was written, or is not to be.
    pub fn result_done(&mut self) {
        self.result_written = true;
        self.result_failed = false;
    }

    /// Writing the game's result line failed.
    pub fn result_failed(&mut self) {
        self.result_failed = true;
    }

    /// What the autosave's `x-result` line says, if anything.
    pub const fn result_mark(&self) -> Option<&'static str> {
        if self.result_written {
            Some(RESULT_WRITTEN)
        } else if self.result_failed {
            Some(RESULT_PENDING)
        } else {
            None
        }
    }

    /// Whether the result line waits to be written again.
    pub const fn result_pending(&self) -> bool {
        self.result_failed && !self.result_written
    }

    pub fn record_file(&self) -> Option<&Path> {
        self.record_file.as_deref()
    }

    pub fn set_record_file(&mut self, path: PathBuf) {
        self.record_file = Some(path);
    }

    /// The level an opened finished record's computer played at.
    pub fn recorded_level(&self) -> Option<Level> {
        self.recorded_level
    }

    /// A record came on screen: the level its computer played at, kept
    /// only for a finished game (one played on plays at the settings').
    pub fn set_recorded_level(&mut self, level: Option<Level>) {
        self.recorded_level = level;
    }

    /// An opened record's own `x-` lines.
    pub fn extra(&self) -> &[(String, String)] {
        &self.extra
    }

    pub fn note(&self) -> Option<&Message> {
        self.note.as_ref()
    }

    pub fn set_note(&mut self, tone: Tone, text: impl Into<String>) {
        self.note = Some(Message::new(tone, text));
    }

    pub fn clear_note(&mut self) {
        self.note = None;
    }

    pub fn set_pending(&mut self, pending: Pending) {
        self.pending = Some(pending);
    }

    pub fn take_pending(&mut self) -> Option<Pending> {
        self.pending.take()
    }

    pub fn records(&self) -> Option<&RecordList> {
        self.records.as_ref()
    }

    pub fn set_records(&mut self, records: RecordList) {
        self.records = Some(records);
    }

    pub fn records_filter(&self) -> &str {
        &self.records_filter
    }

    pub fn set_records_filter(&mut self, filter: &str) {
        self.records_filter = filter.trim().to_string();
    }

    pub fn results(&self) -> Option<&ResultsRead> {
        self.results.as_ref()
    }

    pub fn set_results(&mut self, results: ResultsRead) {
        self.results = Some(results);
    }
}

/// An opened record's `x-` lines, less those the files write themselves.
fn others_extras(extra: &[(String, String)]) -> Vec<(String, String)> {
    extra
        .iter()
        .filter(|(key, _)| {
            ![RESULT_KEY, RECORD_KEY]
                .iter()
                .any(|own| key.eq_ignore_ascii_case(own))
        })
        .cloned()
        .collect()
}
