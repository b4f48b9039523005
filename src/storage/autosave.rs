//! The autosave: the game in progress, rewritten atomically after every move,
//! swap, undo and redo, so that a closed terminal, a lost connection or a
//! crash costs at most the move being made.
//!
//! The file is an ordinary game record (its `x-` headers carry what the screen
//! needs: cursor, mode, level …) followed by two comment lines: a checksum of
//! the record's text, then [`AUTOSAVE_END`]. A file without the last line was
//! cut short, and one whose checksum differs was damaged: either is refused
//! (and kept aside) rather than resumed as another game. Autosaves written
//! before the checksum existed still load; so do files whose line breaks
//! became CRLF (the checksum counts a CRLF as a line feed).
//!
//! Lifecycle, for the screen:
//! - at start, [`load_autosave`]: resume an unfinished game, or start fresh;
//!   a bad file has already been moved aside and is named in the message;
//! - after every change to the game, [`save_autosave`]; a failure (read-only
//!   or full disk) is shown and play goes on in memory;
//! - when the game is won: [`save_autosave`] as after any move, then
//!   [`append_result`](super::append_result). The finished game stays in the
//!   autosave (so it can still be browsed or saved after a restart) until
//! - a new game starts (menu, `--new`, or a record opened for play):
//!   [`clear_autosave`] first. It never loses a game: an unfinished game with
//!   moves is kept as a record in the records directory.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::Paths;
use super::atomic::atomic_write_private;
use super::atomic::remove_stale_temporaries;
use super::error::StorageError;
use super::files::{MAX_RECORD_BYTES, end_place, move_aside, read_text};
use super::records::{default_record_path, parse_record, record_text, save_new_record};
use super::timestamp::Timestamp;
use crate::core::{Outcome, Record};

/// The last line of every complete autosave (a comment to record readers, so
/// an autosave can also be opened as a record).
pub const AUTOSAVE_END: &str = "# end of autosave";

/// The line before [`AUTOSAVE_END`] starts with this, then 16 hexadecimal
/// digits: the FNV-1a hash of the record text above it.
const CHECKSUM_PREFIX: &str = "# checksum fnv1a-64 ";

/// Writes the game in progress to `paths.autosave()` atomically (temporary
/// file, fsync, rename). Put the screen's own data in `record.extra` under
/// `x-` keys first (`x-cursor`, `x-mode`, `x-level` …).
pub fn save_autosave(paths: &Paths, record: &Record) -> Result<(), StorageError> {
    let path = paths.autosave();
    let mut text = record_text(&path, record)?;
    let sum = checksum(&text);
    text.push_str(&format!("{CHECKSUM_PREFIX}{sum:016x}\n"));
    text.push_str(AUTOSAVE_END);
    text.push('\n');
    // Private: a host's autosave holds its join code.
    atomic_write_private(&path, text.as_bytes()).map_err(|e| StorageError::write(&path, e))
}

/// What was found in the autosave at start-up.
#[derive(Clone, Debug)]
pub enum AutosaveLoad {
    /// No autosave: start a new game.
    None,
    /// An unfinished game: resume it ("Resumed your unfinished game").
    Resumed(Record),
    /// A game that was over: not resumed; start a new game. It may be shown
    /// ("Your last game is over: …") or browsed. The file stays until
    /// [`clear_autosave`].
    Finished(Record),
    /// The autosave could not be read or is damaged: start a new game and show
    /// [`AutosaveLoad::message`]. The file was moved aside, never deleted.
    Unusable {
        /// Why, naming the file, with the line and column for bad text.
        problem: StorageError,
        /// Where the bad file is now.
        kept: Kept,
    },
}

/// Where a bad autosave went.
#[derive(Clone, Debug)]
pub enum Kept {
    /// Renamed to `autosave.brique.corrupt-N` beside the autosave.
    MovedAside(PathBuf),
    /// Moving it failed (the directory refuses renames: read-only, say), so
    /// it is still at the autosave's path; [`save_autosave`] fails the same
    /// way rather than replace it.
    LeftInPlace(StorageError),
}

impl AutosaveLoad {
    /// A sentence for the side panel, if there is anything to say.
    pub fn message(&self) -> Option<String> {
        match self {
            AutosaveLoad::None => None,
            AutosaveLoad::Resumed(_) => Some("Resumed your unfinished game.".to_string()),
            AutosaveLoad::Finished(record) => Some(format!(
                "Your last game is over ({}); a new game starts.",
                winner_line(record)
            )),
            AutosaveLoad::Unusable { problem, kept } => Some(match kept {
                Kept::MovedAside(to) => format!(
                    "The autosave could not be used: {problem}. It was kept as {}; a new game starts.",
                    to.display()
                ),
                Kept::LeftInPlace(why) => format!(
                    "The autosave could not be used: {problem}. It was left in place ({why}); \
                     a new game starts."
                ),
            }),
        }
    }
}

fn winner_line(record: &Record) -> String {
    match record.outcome() {
        Outcome::Won(color) => format!("{} won with {color}", record.name_of(color)),
        Outcome::Unfinished => "unfinished".to_string(),
    }
}

/// Reads the autosave: an unfinished game to resume, a finished one, none, or
/// a bad file, which is moved aside to `autosave.brique.corrupt-N` (never
/// deleted, never overwritten) and reported with its line and column.
pub fn load_autosave(paths: &Paths) -> AutosaveLoad {
    remove_stale_temporaries(&paths.state_dir);
    let path = paths.autosave();
    match read_autosave(&path) {
        Ok(None) => AutosaveLoad::None,
        Ok(Some(record)) if record.outcome() == Outcome::Unfinished => {
            AutosaveLoad::Resumed(record)
        }
        Ok(Some(record)) => AutosaveLoad::Finished(record),
        Err(problem) => {
            let kept = match move_aside(&path) {
                Ok(to) => Kept::MovedAside(to),
                Err(why) => Kept::LeftInPlace(why),
            };
            AutosaveLoad::Unusable { problem, kept }
        }
    }
}

fn read_autosave(path: &Path) -> Result<Option<Record>, StorageError> {
    let text = match read_text(path, MAX_RECORD_BYTES) {
        Err(e) if e.io_kind() == Some(io::ErrorKind::NotFound) => return Ok(None),
        other => other?,
    };
    let Some(body) = before_end_line(&text) else {
        let (line, column) = end_place(&text);
        return Err(StorageError::parse(
            path,
            line,
            column,
            format!(
                "the file ends early, without its last line {AUTOSAVE_END:?} \
                 (cut short by a crash or a full disk?)"
            ),
        ));
    };
    check_sum(path, body)?;
    parse_record(path, body).map(Some)
}

/// The text before the end line, when the file ends with it (LF or CRLF).
fn before_end_line(text: &str) -> Option<&str> {
    let rest = text.strip_suffix('\n')?;
    let rest = rest.strip_suffix('\r').unwrap_or(rest);
    let body = rest.strip_suffix(AUTOSAVE_END)?;
    body.ends_with('\n').then_some(body)
}

/// Checks the checksum line that ends `body`, if there is one (autosaves
/// of earlier versions have none).
fn check_sum(path: &Path, body: &str) -> Result<(), StorageError> {
    let without_break = body.trim_end_matches(['\n', '\r']);
    let start = without_break.rfind('\n').map_or(0, |i| i + 1);
    let Some(written) = without_break[start..].strip_prefix(CHECKSUM_PREFIX) else {
        return Ok(());
    };
    let record = &body[..start];
    if u64::from_str_radix(written, 16).is_ok_and(|w| w == checksum(record)) {
        return Ok(());
    }
    let (line, column) = end_place(record);
    Err(StorageError::parse(
        path,
        line,
        column + CHECKSUM_PREFIX.chars().count(),
        "the checksum does not match the game above it: the file was changed or damaged"
            .to_string(),
    ))
}

/// FNV-1a over `text` with every CRLF counted as LF. Each step is a
/// bijection of the hash, so any one changed byte changes the result.
fn checksum(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            continue;
        }
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// What [`clear_autosave`] did.
#[derive(Clone, Debug, PartialEq)]
pub enum Cleared {
    /// There was no autosave.
    Nothing,
    /// A finished game (its result already in the results file) or a game
    /// without moves: the autosave was removed.
    Removed,
    /// An unfinished game with moves: kept as this record (records directory),
    /// then the autosave was removed.
    KeptAsRecord(PathBuf),
    /// A bad autosave: moved aside to this path.
    MovedAside(PathBuf),
}

/// Ends the autosave before a new game starts, losing nothing: see [`Cleared`].
/// On error the autosave is left as it was (or the unfinished game is in
/// both places). `now` names a kept record.
pub fn clear_autosave(paths: &Paths, now: Timestamp) -> Result<Cleared, StorageError> {
    let path = paths.autosave();
    let remove = || {
        fs::remove_file(&path).map_err(|e| StorageError::Remove {
            path: path.clone(),
            source: e.into(),
        })
    };
    match load_autosave(paths) {
        AutosaveLoad::None => Ok(Cleared::Nothing),
        AutosaveLoad::Finished(_) => remove().map(|()| Cleared::Removed),
        AutosaveLoad::Resumed(record) if record.game.moves().len() == 0 => {
            remove().map(|()| Cleared::Removed)
        }
        AutosaveLoad::Resumed(record) => {
            let kept = save_new_record(&default_record_path(paths, &record, now), &record)?;
            remove()?;
            Ok(Cleared::KeptAsRecord(kept))
        }
        AutosaveLoad::Unusable {
            kept: Kept::MovedAside(to),
            ..
        } => Ok(Cleared::MovedAside(to)),
        AutosaveLoad::Unusable {
            kept: Kept::LeftInPlace(why),
            ..
        } => Err(why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::RecordError;

    #[test]
    fn a_bad_file_left_in_place_says_so() {
        let error = RecordError {
            line: 2,
            column: 1,
            message: "bad".to_string(),
        };
        let path = PathBuf::from("/s/autosave.brique");
        let loaded = AutosaveLoad::Unusable {
            problem: StorageError::Parse {
                path: path.clone(),
                error,
            },
            kept: Kept::LeftInPlace(StorageError::Move {
                from: path,
                to: PathBuf::from("/s/autosave.brique.corrupt-1"),
                source: io::Error::from(io::ErrorKind::ReadOnlyFilesystem).into(),
            }),
        };
        let message = loaded.message().unwrap();
        assert!(
            message.starts_with(
                "The autosave could not be used: /s/autosave.brique: line 2, column 1: bad. \
                 It was left in place (cannot move /s/autosave.brique to \
                 /s/autosave.brique.corrupt-1: "
            ),
            "{message}"
        );
    }
}
