//! The game screen's files, over the storage library: the unfinished game
//! resumed at start-up, the autosave after every change to the game, one
//! result line per won game, records opened at start-up.
//!
//! Every update ends with [`Effect::KeepFiles`](crate::app::flow::effect::Effect),
//! carried out by [`App::keep_files`]: it compares the game with what the
//! autosave holds and writes it when it differs. A game not yet in the
//! autosave (a new one, a record opened) first ends the autosave's previous
//! game without losing it ([`clear_autosave`] keeps an unfinished one as a
//! record). A record opened merely to look at leaves the autosave alone
//! until it is played on.

use std::path::{Path, PathBuf};

use super::state::{Files, RECORD_KEY, RESULT_KEY, RESULT_PENDING, RESULT_WRITTEN};
use super::worth_keeping::worth_keeping;
use crate::app::config::engine::Mode;
use crate::app::files::naming::Naming;
use crate::app::flow::outcome::Outcome;
use crate::app::game::session::Session;
use crate::app::message::{Tone, count};
use crate::app::online::state::ONLINE_GAME_KEY;
use crate::app::screen::Screen;
use crate::core::{Outcome as GameOutcome, Record};
use crate::storage::{
    AutosaveLoad, Cleared, Paths, ResultRow, StorageError, Timestamp, append_result,
    clear_autosave, load_autosave, load_record, save_autosave,
};

/// Why a record asked for on the command line cannot be opened.
#[derive(Debug)]
pub(in crate::app) struct OpenFailure {
    error: StorageError,
    path: PathBuf,
}

impl std::fmt::Display for OpenFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.error.io_kind() {
            Some(std::io::ErrorKind::NotFound) => write!(
                f,
                "There is no file {}: nothing was opened.",
                self.path.display()
            ),
            _ => self.error.fmt(f),
        }
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

/// The game on screen as the files write it, and what they need to know
/// around it.
pub(in crate::app) struct OnScreen<'a> {
    /// The game as a record (`App::record_on_screen`).
    pub record: Record,
    /// The `x-` lines only the autosave keeps (a network game's code or
    /// address, an online game's).
    pub autosave_extras: Vec<(&'static str, String)>,
    pub session: &'a Session,
    /// The computer plays itself: nobody's result.
    pub demo: bool,
    pub naming: Naming,
}

/// What the autosave gave back at start-up: a game to put on screen, and
/// the note to show once it is there.
pub(in crate::app) struct Resumed {
    pub record: Record,
    pub note: Option<String>,
}

/// At start-up, the record asked for on the command line, read; or why it
/// cannot be opened.
pub(in crate::app) fn read_opening(
    opening: &Opening,
) -> Option<Result<(Record, PathBuf), OpenFailure>> {
    let path = opening.record.as_deref()?;
    Some(match load_record(path) {
        Ok(record) => Ok((record, path.to_path_buf())),
        Err(error) => Err(OpenFailure {
            error,
            path: path.to_path_buf(),
        }),
    })
}

impl Files {
    /// The autosave's unfinished game to put back on screen, or why not
    /// (said on `screen`). A demo is not resumed: nobody was playing it.
    pub(in crate::app) fn resume_autosave(
        &mut self,
        paths: &Paths,
        screen: &mut Screen,
    ) -> (Option<Resumed>, Outcome) {
        let loaded = load_autosave(paths);
        let message = loaded.message();
        let mut out = Outcome::none();
        match loaded {
            AutosaveLoad::None => {}
            AutosaveLoad::Resumed(record) if is_demo(&record) => {}
            AutosaveLoad::Resumed(record) => {
                let moves = record.game.moves().len();
                let note = message.filter(|_| moves > 0);
                return (Some(Resumed { record, note }), out);
            }
            AutosaveLoad::Finished(record) => {
                if let Some(text) = message {
                    self.set_note(Tone::Info, text);
                }
                self.write_pending_result(paths, record);
            }
            AutosaveLoad::Unusable { .. } => {
                self.set_note(
                    Tone::Warning,
                    "The autosave could not be used: it was kept, see the message.",
                );
                if let Some(text) = message {
                    out.notify(screen, "Autosave", text);
                }
            }
        }
        (None, out)
    }

    /// A record from `path` is on screen as `session`: the note says what
    /// it is (`back`: the key that steps back through it).
    pub(in crate::app) fn show_record(
        &mut self,
        record: &Record,
        path: &Path,
        session: &Session,
        back: &str,
    ) {
        let file_name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let moves = record.game.moves().len();
        let text = match record.outcome() {
            GameOutcome::Won(color) => format!(
                "Opened {file_name}: {} won with {color} in {}. {back} steps back through it.",
                record.name_of(color),
                count(moves, "move"),
            ),
            GameOutcome::Unfinished => {
                format!(
                    "Opened {file_name}, unfinished after {}: play on, or browse.",
                    count(moves, "move")
                )
            }
        };
        let finished = record.outcome() != GameOutcome::Unfinished;
        self.opened(record, path, session, finished);
        self.set_note(Tone::Info, text);
    }

    /// Whether `session` would survive being replaced: nothing played, or
    /// it is in the autosave or in the file it came from.
    pub fn keeps_game(&self, session: &Session) -> bool {
        !session.in_progress() || self.keeps(session)
    }

    /// After every update (`retry`: before the program ends): a changed game
    /// goes to the autosave, and a won one to the results file, once. When
    /// retrying, what failed to be written is tried again, the game as it
    /// is now: a won game has no next move to wait for.
    /// When retrying, the writer's work is finished first and last: the
    /// program ends with everything on disk.
    pub(in crate::app) fn keep(
        &mut self,
        retry: bool,
        game: &OnScreen,
        screen: &mut Screen,
    ) -> Outcome {
        if !retry {
            return self.keep_changes(false, game, screen);
        }
        let mut out = Outcome::none();
        self.settle(screen, &mut out);
        let mut out = out.and(self.keep_changes(true, game, screen));
        self.settle(screen, &mut out);
        out
    }

    fn keep_changes(&mut self, retry: bool, game: &OnScreen, screen: &mut Screen) -> Outcome {
        let mut out = Outcome::none();
        let Some(paths) = self.paths().cloned() else {
            return out;
        };
        if retry {
            self.retry();
        }
        if !self.wants_write(game.session) {
            // The autosave holds the game: only its result may be waiting,
            // and once written the autosave says so.
            if retry && self.result_pending() {
                self.write_result(&paths, game, &mut out);
                if self.result_written() && self.holds_lock() {
                    self.autosave(&paths, game, screen, &mut out);
                }
            }
            return out;
        }
        self.clear_note();
        // The result first, so that the autosave says whether it was written.
        self.write_result(&paths, game, &mut out);
        if !self.hold_autosave_lock(&paths, game, screen, &mut out) {
            return out;
        }
        // The lock taken now may be another slot's (a copy started meanwhile).
        let Some(paths) = self.paths().cloned() else {
            return out;
        };
        if self.autosave_is_ours() || self.end_previous_autosave(&paths, game, screen, &mut out) {
            self.autosave(&paths, game, screen, &mut out);
        }
        out
    }

    /// Writes the autosave again though the game is unchanged: its `x-`
    /// lines changed (an online game taken up, which the board already showed).
    pub(in crate::app) fn autosave_again(
        &mut self,
        game: &OnScreen,
        screen: &mut Screen,
    ) -> Outcome {
        let mut out = Outcome::none();
        if let Some(paths) = self.paths().cloned()
            && self.autosave_is_ours()
        {
            self.autosave(&paths, game, screen, &mut out);
        }
        out
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
            return self.set_note(
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
    fn end_previous_autosave(
        &mut self,
        paths: &Paths,
        game: &OnScreen,
        screen: &mut Screen,
        out: &mut Outcome,
    ) -> bool {
        // What the writer still holds goes first: the game put away is the
        // autosave's whole game.
        self.settle(screen, out);
        // A game not worth a record (a demo, nobody's move, one already in
        // its file, an online game: its server keeps it) is simply written over.
        if let AutosaveLoad::Resumed(record) = load_autosave(paths)
            && (record.extra(ONLINE_GAME_KEY).is_some()
                || !worth_keeping(&record, |file| load_record(file).ok()))
        {
            self.previous_cleared();
            return true;
        }
        match clear_autosave(paths, Timestamp::now()) {
            Ok(cleared) => {
                self.previous_cleared();
                match cleared {
                    Cleared::KeptAsRecord(path) => self.set_note(
                        Tone::Info,
                        format!(
                            "Your unfinished game was kept as {}.",
                            game.naming.kept_record(&path)
                        ),
                    ),
                    Cleared::MovedAside(path) => self.set_note(
                        Tone::Warning,
                        format!(
                            "A damaged autosave was kept as {}.",
                            game.naming.file(&path)
                        ),
                    ),
                    Cleared::Nothing | Cleared::Removed => {}
                }
                true
            }
            Err(e) => {
                let autosave = paths.autosave();
                self.autosave_failed(
                    format!(
                        "the last game in {} could not be put away first ({e})",
                        autosave.display()
                    ),
                    game,
                    screen,
                    out,
                );
                false
            }
        }
    }

    /// Hands the game to the autosave's writer, with the files' own lines.
    fn autosave(&mut self, paths: &Paths, game: &OnScreen, screen: &mut Screen, out: &mut Outcome) {
        let mut record = game.record.clone();
        // Only the autosave keeps a network game's code or address.
        for (key, value) in &game.autosave_extras {
            record.set_extra(key, value.clone());
        }
        if let Some(mark) = self.result_mark() {
            record.set_extra(RESULT_KEY, mark);
        }
        if let Some(file) = self.record_file() {
            record.set_extra(RECORD_KEY, file.display().to_string());
        }
        self.hand_to_writer(paths, record, game.session);
        // Written here (no event loop): what it said, at once.
        self.take_written(screen, out);
    }

    /// One line per game in the results file, when it is first won (a
    /// demo, the computer against itself, is nobody's result).
    fn write_result(&mut self, paths: &Paths, game: &OnScreen, out: &mut Outcome) {
        if self.result_written() || game.demo {
            return;
        }
        let file = self.record_file();
        let Some(row) = ResultRow::from_record(&game.record, file, Timestamp::now()) else {
            return;
        };
        match append_result(paths, &row) {
            Ok(()) => self.result_done(),
            Err(e) => {
                // Said once; tried again when the program ends, and at the
                // next start (the autosave marks it pending).
                if !self.result_pending() {
                    out.tell(
                        Tone::Warning,
                        format!(
                            "The result was not written: {e}. It is tried again when you quit."
                        ),
                    );
                }
                self.result_failed();
            }
        }
    }
}
