//! The saved records for the load screen: every `.brique` file of the records
//! directory, newest first, bad ones listed with their error rather than hidden.

use std::fs;
use std::io;
use std::path::PathBuf;
use std::time::SystemTime;

use super::Paths;
use super::atomic::remove_stale_temporaries;
use super::error::StorageError;
use super::records::{RECORD_EXTENSION, load_record};
use crate::core::{BoardSize, Outcome, Record};

/// One file of the records directory.
#[derive(Clone, Debug)]
pub struct RecordSummary {
    pub path: PathBuf,
    /// The file name alone, for display (lossy for names that are not UTF-8).
    pub file_name: String,
    /// When the file was last written, when the system says.
    pub modified: Option<SystemTime>,
    /// What the record holds, or why it cannot be opened.
    pub content: Result<RecordInfo, StorageError>,
}

/// What a listed record holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordInfo {
    /// Player 1's and Player 2's names.
    pub names: [String; 2],
    pub outcome: Outcome,
    /// The winner's name, once the game is over.
    pub winner: Option<String>,
    /// Number of moves, a swap counting as one.
    pub moves: usize,
    pub size: BoardSize,
}

impl RecordInfo {
    pub fn of(record: &Record) -> RecordInfo {
        RecordInfo {
            names: record.names.clone(),
            outcome: record.outcome(),
            winner: record
                .game
                .winner()
                .map(|p| record.names[p.index()].clone()),
            moves: record.game.moves().len(),
            size: record.game.size(),
        }
    }
}

/// Lists the records directory, newest first (then by file name). Files whose
/// name starts with `.` (unfinished writes) are skipped; a missing directory
/// is an empty list; an unreadable one is an error.
pub fn list_records(paths: &Paths) -> Result<Vec<RecordSummary>, StorageError> {
    let dir = paths.records_dir();
    remove_stale_temporaries(&dir);
    let entries = match fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(StorageError::read(&dir, e)),
    };
    let mut list = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| StorageError::read(&dir, e))?;
        let path = entry.path();
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let is_record = path
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case(RECORD_EXTENSION));
        if file_name.starts_with('.') || !is_record {
            continue;
        }
        // A directory named like a record is listed too: its error says why.
        let modified = entry.metadata().and_then(|m| m.modified()).ok();
        let content = load_record(&path).map(|r| RecordInfo::of(&r));
        list.push(RecordSummary {
            path,
            file_name,
            modified,
            content,
        });
    }
    list.sort_by(|a, b| {
        b.modified
            .cmp(&a.modified)
            .then_with(|| a.file_name.cmp(&b.file_name))
    });
    Ok(list)
}
