//! The one error type of the storage layer: what went wrong, always with the
//! file it concerns (and the line and column when a file's text is at fault).

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::core::RecordError;

/// Why a file could not be read, written, moved or understood.
///
/// Its `Display` is a complete sentence fragment for the user, naming the
/// file, e.g. `cannot write /home/ann/.local/state/brique/autosave.brique: No
/// space left on device (os error 28)` or `/tmp/game.brique: line 9, column 4:
/// move 12 (d4) is illegal: d4 is occupied`.
#[derive(Clone, Debug, thiserror::Error)]
pub enum StorageError {
    /// The file (or directory) could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: Arc<io::Error>,
    },
    /// The file could not be written (read-only or full disk, permissions …).
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: Arc<io::Error>,
    },
    /// A file could not be moved aside or removed; it is still at `from`.
    #[error("cannot move {} to {}: {source}", from.display(), to.display())]
    Move {
        from: PathBuf,
        to: PathBuf,
        #[source]
        source: Arc<io::Error>,
    },
    /// The file could not be removed; it is still there.
    #[error("cannot remove {}: {source}", path.display())]
    Remove {
        path: PathBuf,
        #[source]
        source: Arc<io::Error>,
    },
    /// The file's text is not what it should be: where and why.
    #[error("{}: {error}", path.display())]
    Parse {
        path: PathBuf,
        #[source]
        error: RecordError,
    },
    /// The file is larger than any file of its kind can be; it was not read.
    #[error(
        "{} is {bytes} bytes long, more than the {limit} bytes such a file can have",
        path.display()
    )]
    TooLarge {
        path: PathBuf,
        bytes: u64,
        limit: u64,
    },
    /// The input went on past `limit` bytes (a pipe, standard input): reading
    /// stopped there.
    #[error(
        "{} goes on past {limit} bytes, more than such a file can have; reading stopped there",
        path.display()
    )]
    TooLong { path: PathBuf, limit: u64 },
    /// Another copy of the program holds the lock on this autosave.
    #[error("another copy of Brique is using {}", path.display())]
    Held { path: PathBuf },
    /// Writing was refused because the text would not read back as the same
    /// record (a name or an `x-` value holding a line break, say).
    #[error("cannot save {}: {reason}", path.display())]
    Unsavable { path: PathBuf, reason: String },
}

impl StorageError {
    pub(crate) fn read(path: &Path, source: io::Error) -> StorageError {
        StorageError::Read {
            path: path.to_path_buf(),
            source: Arc::new(source),
        }
    }

    pub(crate) fn write(path: &Path, source: io::Error) -> StorageError {
        StorageError::Write {
            path: path.to_path_buf(),
            source: Arc::new(source),
        }
    }

    pub(crate) fn parse(path: &Path, line: usize, column: usize, message: String) -> StorageError {
        StorageError::Parse {
            path: path.to_path_buf(),
            error: RecordError {
                line,
                column,
                message,
            },
        }
    }

    /// The file the error is about (for a failed move, the file that stayed).
    pub fn path(&self) -> &Path {
        match self {
            StorageError::Read { path, .. }
            | StorageError::Write { path, .. }
            | StorageError::Remove { path, .. }
            | StorageError::Parse { path, .. }
            | StorageError::TooLarge { path, .. }
            | StorageError::TooLong { path, .. }
            | StorageError::Held { path }
            | StorageError::Unsavable { path, .. } => path,
            StorageError::Move { from, .. } => from,
        }
    }

    /// The I/O error kind, when the operating system refused something.
    pub fn io_kind(&self) -> Option<io::ErrorKind> {
        match self {
            StorageError::Read { source, .. }
            | StorageError::Write { source, .. }
            | StorageError::Remove { source, .. }
            | StorageError::Move { source, .. } => Some(source.kind()),
            _ => None,
        }
    }
}
