//! Game record files: saving and loading them, and naming new ones.

use std::io;
use std::path::{Path, PathBuf};

use super::Paths;
use super::atomic::atomic_create;
use super::error::StorageError;
use super::files::{MAX_RECORD_BYTES, first_free, read_text, write_bytes};
use super::timestamp::Timestamp;
use crate::core::{Player, Record, clean};

/// The extension of game record files.
pub const RECORD_EXTENSION: &str = "brique";

/// Writes `record` to `path` atomically, replacing any file there (ask the
/// player first when `path.exists()`). Refuses, writing nothing, a record that
/// would not read back the same, e.g. a name holding a line break.
pub fn save_record(path: &Path, record: &Record) -> Result<(), StorageError> {
    let text = record_text(path, record)?;
    write_bytes(path, text.as_bytes())
}

/// Writes `record` to a new file at `path`, or, when a file is there or
/// appears meanwhile (another copy saving under the same name), at the first
/// of `NAME-2.brique`, `NAME-3.brique` … where nothing is: each name is
/// created exclusively, so no file is ever replaced. Where it was written.
pub fn save_new_record(path: &Path, record: &Record) -> Result<PathBuf, StorageError> {
    let text = record_text(path, record)?;
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let extension = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    for n in 1..=MAX_NUMBERED_NAMES {
        let candidate = if n == 1 {
            path.to_path_buf()
        } else {
            path.with_file_name(format!("{stem}-{n}{extension}"))
        };
        match atomic_create(&candidate, text.as_bytes()) {
            Ok(()) => return Ok(candidate),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(StorageError::write(&candidate, e)),
        }
    }
    Err(StorageError::write(
        path,
        io::Error::new(io::ErrorKind::AlreadyExists, "every numbered name is taken"),
    ))
}

/// Numbered names tried for a new record (`NAME-2` … `NAME-1000`).
const MAX_NUMBERED_NAMES: u32 = 1000;

/// Reads a game record; a bad one gives the file, line and column.
pub fn load_record(path: &Path) -> Result<Record, StorageError> {
    let text = read_text(path, MAX_RECORD_BYTES)?;
    parse_record(path, &text)
}

/// Reads a record's text. Its names come out cleaned as a network peer's
/// are (a file is outside input too): no control characters or
/// bidirectional overrides to reach the terminal; a name left empty is the
/// player's default ("Player 1").
pub(crate) fn parse_record(path: &Path, text: &str) -> Result<Record, StorageError> {
    let mut record = Record::parse(text).map_err(|error| StorageError::Parse {
        path: path.to_path_buf(),
        error,
    })?;
    for (name, player) in record.names.iter_mut().zip([Player::One, Player::Two]) {
        let cleaned = clean(name, usize::MAX);
        *name = if cleaned.is_empty() {
            player.to_string()
        } else {
            cleaned
        };
    }
    Ok(record)
}

/// The record's text, checked to read back as the same record.
pub(crate) fn record_text(path: &Path, record: &Record) -> Result<String, StorageError> {
    let text = record.to_string();
    let unsavable = |reason: String| StorageError::Unsavable {
        path: path.to_path_buf(),
        reason,
    };
    match Record::parse(&text) {
        Ok(back) if back.to_string() == text => Ok(text),
        Ok(_) => Err(unsavable(
            "a name or x- header would read back differently (a line break or \
             surrounding spaces in it?)"
                .to_string(),
        )),
        Err(e) => Err(unsavable(format!(
            "its text would not read back as a record ({e})"
        ))),
    }
}

/// A free path in the records directory for `record` saved at `now`:
/// `2024-02-29-1305-ann-vs-bob.brique`, then `…-2.brique`, `…-3.brique`
/// when taken (after 1000 of them, the first name: ask before overwriting).
/// Names are reduced to lower-case letters and digits.
pub fn default_record_path(paths: &Paths, record: &Record, now: Timestamp) -> PathBuf {
    let dir = paths.records_dir();
    let base = format!(
        "{}-{}-vs-{}",
        now.file_stamp(),
        file_name_part(&record.names[0]),
        file_name_part(&record.names[1])
    );
    let candidate = |n: u32| {
        let suffix = if n == 1 {
            String::new()
        } else {
            format!("-{n}")
        };
        dir.join(format!("{base}{suffix}.{RECORD_EXTENSION}"))
    };
    first_free((1..=MAX_NUMBERED_NAMES).map(candidate)).unwrap_or_else(|| candidate(1))
}

/// Where a file name typed at the save prompt points: a bare name goes into
/// the records directory, a path (with a separator) stays as typed; a name
/// without extension gets `.brique`. `None` for a blank answer.
pub fn record_path_from_input(paths: &Paths, input: &str) -> Option<PathBuf> {
    let input = input.trim();
    if input.is_empty() {
        return None;
    }
    let typed = PathBuf::from(input);
    let mut path = if typed.is_absolute() || typed.components().count() > 1 {
        typed
    } else {
        paths.records_dir().join(typed)
    };
    if path.extension().is_none() {
        path.set_extension(RECORD_EXTENSION);
    }
    Some(path)
}

/// A player's name as a piece of a file name: letters and digits, lower case,
/// other runs of characters as one `-`, at most 24 characters.
fn file_name_part(name: &str) -> String {
    let mut part = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if part.chars().count() >= 24 {
            break;
        }
        if c.is_alphanumeric() {
            part.push(c);
        } else if !part.is_empty() && !part.ends_with('-') {
            part.push('-');
        }
    }
    let part = part.trim_end_matches('-');
    if part.is_empty() {
        "player".to_string()
    } else {
        part.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_name_parts_are_safe() {
        assert_eq!(file_name_part("Player 1"), "player-1");
        assert_eq!(file_name_part("  Zoë / ../etc:*?"), "zoë-etc");
        assert_eq!(file_name_part("../"), "player");
        assert_eq!(file_name_part(""), "player");
        assert_eq!(file_name_part(&"x".repeat(100)).len(), 24);
    }

    #[test]
    fn prompt_answers_become_paths() {
        let paths = Paths::under(Path::new("/r"));
        let rec = paths.records_dir();
        assert_eq!(record_path_from_input(&paths, "  "), None);
        assert_eq!(
            record_path_from_input(&paths, "final"),
            Some(rec.join("final.brique"))
        );
        assert_eq!(
            record_path_from_input(&paths, "final.txt"),
            Some(rec.join("final.txt"))
        );
        assert_eq!(
            record_path_from_input(&paths, "/tmp/g"),
            Some(PathBuf::from("/tmp/g.brique"))
        );
        assert_eq!(
            record_path_from_input(&paths, "sub/g.brique"),
            Some(PathBuf::from("sub/g.brique"))
        );
    }
}
