//! Puzzle files besides the built-in set: the player's own, which
//! `brique puzzles generate --add` writes (`puzzles.txt` in the data
//! directory, shown after the built-in puzzles), and any file named by
//! `brique puzzles --file`. Same format as `assets/puzzles.txt`.

use std::path::{Path, PathBuf};

use super::puzzle::{BUILT_IN, Puzzle, parse_puzzles, sort_by_difficulty};
use super::refusal::PuzzleFileError;
use crate::storage::{Paths, atomic_write};

/// No puzzle file comes near this size (the built-in set is 40 kB).
const MAX_PUZZLE_FILE_BYTES: u64 = 8 << 20;

/// The player's own puzzles, beside the saved games.
pub fn user_puzzles(paths: &Paths) -> PathBuf {
    paths.data_dir.join("puzzles.txt")
}

/// The puzzles of a file; an error names the file and the line.
pub fn read_puzzle_file(path: &Path) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let text = crate::storage::read_text(path, MAX_PUZZLE_FILE_BYTES)?;
    parse_puzzles(&text).map_err(|(line, error)| PuzzleFileError::Line {
        name: path.display().to_string(),
        line,
        error,
    })
}

/// `more` after `puzzles`, without a position seen already, easiest first
/// (a stable sort: the order of each file is kept among equals).
pub fn merged(mut puzzles: Vec<Puzzle>, more: Vec<Puzzle>) -> Vec<Puzzle> {
    for puzzle in more {
        if !puzzles.iter().any(|p| p.position == puzzle.position) {
            puzzles.push(puzzle);
        }
    }
    sort_by_difficulty(&mut puzzles);
    puzzles
}

/// The built-in set.
pub fn built_in() -> Result<Vec<Puzzle>, PuzzleFileError> {
    parse_puzzles(BUILT_IN).map_err(|(line, error)| PuzzleFileError::Line {
        name: "the puzzles".to_string(),
        line,
        error,
    })
}

/// Adds `new` to the puzzle file at `path` (made if missing), leaving out
/// those it or the built-in set holds; returns how many were added. The
/// file is replaced atomically; one that cannot be read is left alone.
pub fn add_to_puzzle_file(path: &Path, new: &[Puzzle]) -> Result<usize, PuzzleFileError> {
    let kept = if path.exists() {
        read_puzzle_file(path)?
    } else {
        Vec::new()
    };
    let known = built_in()?;
    let mut text: String = kept.iter().map(|p| format!("{p}\n")).collect();
    let mut added = 0;
    for puzzle in new {
        let seen = |p: &Puzzle| p.position == puzzle.position;
        if !kept.iter().any(seen) && !known.iter().any(seen) {
            text.push_str(&format!("{puzzle}\n"));
            added += 1;
        }
    }
    let header = "# Your puzzles, made by `brique puzzles generate --add`: \
                  POSITION | MOVES | N, as assets/puzzles.txt.\n";
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|source| PuzzleFileError::Write {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    atomic_write(path, format!("{header}{text}").as_bytes()).map_err(|source| {
        PuzzleFileError::Write {
            path: path.to_path_buf(),
            source,
        }
    })?;
    Ok(added)
}
