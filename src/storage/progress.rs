//! What the player has learnt: the lessons done and the puzzles solved, with
//! the streak of puzzles solved at the first try. Kept in the state
//! directory as `learning.toml`; a lesson is known by its title and a puzzle
//! by its position, so reordering or adding to the sets keeps progress.
//!
//! Two copies of the program may both be learning: each save reads the file,
//! merges its own progress into it and writes the result, under the lock on
//! `learning.toml.lock`, so neither copy's lessons are lost.

use std::collections::BTreeSet;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::autosave_lock::wait_for_lock_beside;
use super::error::StorageError;
use super::files::{end_place, read_text, write_bytes};

/// No progress file comes near this size.
const MAX_PROGRESS_BYTES: u64 = 1 << 20;

/// How long a save waits for another copy saving: a read and rewrite of a
/// small file takes far less.
const PROGRESS_LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// Titles of the lessons done.
    pub lessons_done: BTreeSet<String>,
    /// Positions of the puzzles solved.
    pub puzzles_solved: BTreeSet<String>,
    /// Positions of the puzzles ever begun: only a puzzle's first attempt
    /// counts in the streak, not a replay.
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub puzzles_begun: BTreeSet<String>,
    /// Puzzles solved at the first try in a row, now and at best.
    pub streak: u32,
    pub best_streak: u32,
    /// Where the player left off, for `e` to reopen there: the course
    /// (`lessons` or `puzzles`), the lesson's title and the puzzle's position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_course: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_lesson: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_puzzle: Option<String>,
}

impl Progress {
    /// An attempt at the puzzle at `position` begins (its first move is
    /// played): whether it is the puzzle's first attempt ever, the only
    /// one that counts in the streak.
    pub fn begin_attempt(&mut self, position: &str) -> bool {
        let first = !self.puzzles_solved.contains(position);
        self.puzzles_begun.insert(position.to_string()) && first
    }

    /// Counts a puzzle attempt: solved or not, and whether it was the
    /// puzzle's first (see [`Progress::begin_attempt`]). Only a first
    /// attempt moves the streak: solved, it grows; failed, it ends.
    pub fn puzzle_attempt(&mut self, position: &str, solved: bool, first_try: bool) {
        if solved {
            self.puzzles_solved.insert(position.to_string());
        }
        match (first_try, solved) {
            (false, _) => {}
            (true, true) => {
                self.streak += 1;
                self.best_streak = self.best_streak.max(self.streak);
            }
            (true, false) => self.streak = 0,
        }
    }

    /// `self` with what `other` holds added: every lesson and puzzle either
    /// has done, the better best streak. The current streak stays `self`'s
    /// (the copy saving now played last).
    pub fn merged_with(mut self, other: Progress) -> Progress {
        self.lessons_done.extend(other.lessons_done);
        self.puzzles_solved.extend(other.puzzles_solved);
        self.puzzles_begun.extend(other.puzzles_begun);
        self.best_streak = self.best_streak.max(other.best_streak).max(self.streak);
        // Where this copy's player left off wins; the file's is kept when
        // this copy has none.
        self.last_course = self.last_course.or(other.last_course);
        self.last_lesson = self.last_lesson.or(other.last_lesson);
        self.last_puzzle = self.last_puzzle.or(other.last_puzzle);
        self
    }
}

/// Reads the progress file; a missing file is no progress yet.
pub fn load_progress(path: &Path) -> Result<Progress, StorageError> {
    let text = match read_text(path, MAX_PROGRESS_BYTES) {
        Err(StorageError::Read { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
            return Ok(Progress::default());
        }
        other => other?,
    };
    toml::from_str(&text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start).min(text.len());
        let (line, column) = end_place(text.get(..at).unwrap_or(""));
        StorageError::parse(path, line, column, e.message().to_string())
    })
}

/// Adds `progress` to the progress file: reads it, merges, and writes the
/// merge atomically, all under the file's lock, so another copy saving at
/// the same moment keeps its progress too. Returns what the file now holds.
/// A damaged file is an error and is left as it is.
pub fn save_progress(path: &Path, progress: &Progress) -> Result<Progress, StorageError> {
    // The lock makes the directory (private) when missing.
    let _lock = wait_for_lock_beside(path, PROGRESS_LOCK_PATIENCE)?;
    let merged = progress.clone().merged_with(load_progress(path)?);
    let text = toml::to_string(&merged).map_err(|e| StorageError::Unsavable {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    write_bytes(path, text.as_bytes())?;
    Ok(merged)
}
