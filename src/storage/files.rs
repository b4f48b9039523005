//! File helpers shared by the autosave, records and results: bounded reads of
//! text with exact error places, and moving files aside without clobbering.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::error::StorageError;

/// No game record comes near this size (a full 25 × 25 game is a few KiB), so
/// a larger file is refused before it fills memory.
pub const MAX_RECORD_BYTES: u64 = 1 << 20;

/// Reads a UTF-8 text file of at most `limit` bytes, dropping a leading byte
/// order mark. Invalid UTF-8 is a `Parse` error at its line and column.
pub(crate) fn read_text(path: &Path, limit: u64) -> Result<String, StorageError> {
    let bytes = read_bytes(path, limit)?;
    text_of(path, bytes)
}

/// Reads a regular file of at most `limit` bytes. Anything else at `path` (a
/// directory, a FIFO, a device such as `/dev/zero`) is refused unread, and
/// never blocks (see [`open_regular`]).
pub(crate) fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, StorageError> {
    let (file, bytes) = open_regular(path)?;
    if bytes > limit {
        return Err(StorageError::TooLarge {
            path: path.to_path_buf(),
            bytes,
            limit,
        });
    }
    read_bounded(file, path, limit)
}

/// Opens a regular file for reading, with its size; anything else at `path`
/// (a directory, a FIFO, a device such as `/dev/zero`) is refused unopened
/// or unread, and never blocks: its type is checked before opening, the
/// opening does not wait for a writer, and the type is checked again on
/// what was opened (it may have been swapped meanwhile). For files too
/// large to read whole (the solver's proven positions), read in pieces.
pub(crate) fn open_regular(path: &Path) -> Result<(File, u64), StorageError> {
    let read_error = |e| StorageError::read(path, e);
    let not_regular = || {
        read_error(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file (a directory, pipe or device?)",
        ))
    };
    if !fs::metadata(path).map_err(read_error)?.is_file() {
        return Err(not_regular());
    }
    let file = open_without_waiting(path).map_err(read_error)?;
    let meta = file.metadata().map_err(read_error)?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    Ok((file, meta.len()))
}

/// Reads `reader` to its end, refusing to go past `limit` bytes: endless
/// input (`yes | …`, `/dev/zero`) ends with [`StorageError::TooLong`] after
/// reading at most one byte more than `limit`.
pub(crate) fn read_bounded(
    reader: impl Read,
    name: &Path,
    limit: u64,
) -> Result<Vec<u8>, StorageError> {
    let mut bytes = Vec::new();
    // One byte past the limit tells input that is too long from input that fits.
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| StorageError::read(name, e))?;
    if bytes.len() as u64 > limit {
        return Err(StorageError::TooLong {
            path: name.to_path_buf(),
            limit,
        });
    }
    Ok(bytes)
}

/// Reads a game record's text from `reader` (standard input, a pipe …),
/// stopping past [`MAX_RECORD_BYTES`] with an error that says so, so endless
/// input never fills memory. `name` stands for the input in messages
/// (`standard input`, or the path). A leading byte order mark is dropped;
/// invalid UTF-8 is an error at its line and column.
pub fn read_record_bounded(reader: impl Read, name: &Path) -> Result<String, StorageError> {
    text_of(name, read_bounded(reader, name, MAX_RECORD_BYTES)?)
}

/// Opens `path` for reading without waiting: a FIFO with no writer would
/// block a plain open.
fn open_without_waiting(path: &Path) -> io::Result<File> {
    let mut options = File::options();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // The flag's bits, as open(2) takes them.
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    options.open(path)
}

/// The text of `bytes` read from `path`, or where it stops being UTF-8.
pub(crate) fn text_of(path: &Path, mut bytes: Vec<u8>) -> Result<String, StorageError> {
    if bytes.starts_with("\u{feff}".as_bytes()) {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // `valid` is UTF-8 by definition of `valid_up_to`.
        let before = String::from_utf8_lossy(valid);
        let (line, column) = end_place(&before);
        StorageError::parse(
            path,
            line,
            column,
            "the file is not UTF-8 text (it may be damaged)".to_string(),
        )
    })
}

/// One-based line and column of the character just after `text`.
pub(crate) fn end_place(text: &str) -> (usize, usize) {
    let line = text.matches('\n').count() + 1;
    let last = text.rsplit('\n').next().unwrap_or("");
    (line, last.chars().count() + 1)
}

/// Writes `bytes` atomically (temporary file, fsync, rename).
pub(crate) fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), StorageError> {
    super::atomic_write(path, bytes).map_err(|e| StorageError::write(path, e))
}

/// Whether anything (a file, a directory, even a dangling link) is at `path`.
pub(crate) fn occupied(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}

/// The first of `candidates` where nothing is yet.
pub(crate) fn first_free(mut candidates: impl Iterator<Item = PathBuf>) -> Option<PathBuf> {
    candidates.find(|p| !occupied(p))
}

/// Renames `path` to `<path>.corrupt-N` with the first free N from 1 (or,
/// past 1000 of them, N the time in nanoseconds), so a bad file is kept for
/// the user to look at, never deleted or overwritten. When this fails, the
/// directory refuses renames, so an atomic write over the file fails too.
///
/// Two programs moving files into the same name at the same instant could
/// race between the check and the rename; one player's game does not.
pub(crate) fn move_aside(path: &Path) -> Result<PathBuf, StorageError> {
    let named = |n: u128| {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".corrupt-{n}"));
        PathBuf::from(name)
    };
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let candidates = (1..=1000).chain(std::iter::once(nanos)).map(named);
    let Some(target) = first_free(candidates) else {
        return Err(StorageError::Move {
            from: path.to_path_buf(),
            to: named(nanos),
            source: io::Error::new(io::ErrorKind::AlreadyExists, "every name is taken").into(),
        });
    };
    fs::rename(path, &target).map_err(|e| StorageError::Move {
        from: path.to_path_buf(),
        to: target.clone(),
        source: e.into(),
    })?;
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_characters() {
        assert_eq!(end_place(""), (1, 1));
        assert_eq!(end_place("ab"), (1, 3));
        assert_eq!(end_place("ab\n"), (2, 1));
        assert_eq!(end_place("a\nzoë"), (2, 4));
    }

    #[test]
    fn invalid_utf8_is_placed() {
        let path = Path::new("x.brique");
        let err = text_of(path, b"size: 9\nplayer1: Zo\xC3".to_vec()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "x.brique: line 2, column 12: the file is not UTF-8 text (it may be damaged)"
        );
        assert_eq!(
            text_of(path, b"\xEF\xBB\xBFsize: 9".to_vec()).unwrap(),
            "size: 9"
        );
    }

    #[test]
    fn too_large_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big");
        fs::write(&path, vec![b'a'; 11]).unwrap();
        assert!(matches!(
            read_text(&path, 10),
            Err(StorageError::TooLarge {
                bytes: 11,
                limit: 10,
                ..
            })
        ));
        assert_eq!(read_text(&path, 11).unwrap().len(), 11);
    }

    #[test]
    fn moving_aside_never_clobbers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        fs::write(&path, "one").unwrap();
        let first = move_aside(&path).unwrap();
        fs::write(&path, "two").unwrap();
        let second = move_aside(&path).unwrap();
        assert_eq!(first, dir.path().join("f.corrupt-1"));
        assert_eq!(second, dir.path().join("f.corrupt-2"));
        assert_eq!(fs::read_to_string(first).unwrap(), "one");
        assert_eq!(fs::read_to_string(second).unwrap(), "two");
        assert!(!path.exists());
    }
}
