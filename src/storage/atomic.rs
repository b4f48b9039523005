//! Atomic file writes: a temporary file beside the target, flushed to disk,
//! then renamed over it, so a crash leaves either the old file or the new one.
//!
//! The write respects what is there: a symbolic link stays a link and its
//! target gets the new content; the file's permission mode is kept (a 0600
//! file stays 0600). The temporary file is created with `O_EXCL` under an
//! unpredictable name (`.brique-<pid>-<random>.tmp`), so nothing planted in
//! the directory is ever followed; those a killed process left behind are
//! removed by [`remove_stale_temporaries`].

use std::fs::{self, File, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Every temporary file of ours starts with this, then `<pid>-`.
const TEMP_PREFIX: &str = ".brique-";
const TEMP_SUFFIX: &str = ".tmp";

/// A write takes seconds at most: a temporary file this old is a killed
/// process's, whatever its pid says (pids are reused).
const STALE_AFTER: Duration = Duration::from_secs(10 * 60);
/// A temporary file whose process is gone is stale once this old (the grace
/// covers a process in another pid namespace that we cannot see).
const DEAD_STALE_AFTER: Duration = Duration::from_secs(5);

/// More links than this in a chain is a loop (Linux stops at 40 too).
const MAX_LINKS: usize = 40;

/// Writes `bytes` to `path` atomically, creating missing parent directories.
/// When `path` is a symbolic link (or a chain of them), the file it points
/// to is written and the link kept; an existing file keeps its mode.
pub fn atomic_write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    atomic_write_with(path, |file| file.write_all(bytes))
}

/// [`atomic_write`] of what `write` writes to the file, for content too
/// large to hold in memory at once (it writes through a buffer).
pub fn atomic_write_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    write_atomically(path, write, Existing::Replace, Mode::Kept)
}

/// [`atomic_write`] of a file holding a secret (the autosave holds a host's
/// join code): the file is 0600 whatever mode it had, its directory 0700.
pub fn atomic_write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically(
        path,
        |file| file.write_all(bytes),
        Existing::Replace,
        Mode::Private,
    )
}

/// Writes `bytes` to a new file at `path`, atomically: `AlreadyExists` when
/// anything is at `path`, even if it appeared while writing (another copy of
/// the program saving under the same name), and then nothing is written.
pub fn atomic_create(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically(
        path,
        |file| file.write_all(bytes),
        Existing::Keep,
        Mode::Kept,
    )
}

/// The mode a write gives its file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// An existing file's mode, or what `File::create` gives a new one.
    Kept,
    /// Owner only (0600).
    Private,
}

/// What a write does with a file already at its path.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Existing {
    Replace,
    Keep,
}

fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    existing: Existing,
    mode: Mode,
) -> io::Result<()> {
    let target = follow_links(path)?;
    if target.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file path",
        ));
    }
    let dir = parent_of(&target);
    create_private_dirs(dir)?;
    if mode == Mode::Private {
        make_private(dir, 0o700)?;
    }
    let kept_mode = match fs::metadata(&target) {
        Ok(meta) => Some(meta.permissions()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    // The temporary file is created 0600: a private file is never readable.
    let (new_mode, kept_mode) = match mode {
        Mode::Kept => (new_file_mode(), kept_mode),
        Mode::Private => (None, None),
    };
    let prefix = format!("{TEMP_PREFIX}{}-", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(TEMP_SUFFIX);
    if let Some(mode) = new_mode {
        builder.permissions(mode);
    }
    // Dropping the temporary file on an error removes it.
    let mut tmp = builder.tempfile_in(dir)?;
    let mut buffered = io::BufWriter::new(tmp.as_file_mut());
    write(&mut buffered)?;
    buffered.flush()?;
    drop(buffered);
    if let Some(mode) = kept_mode {
        // Set after creation: the creation mode is reduced by the umask.
        tmp.as_file().set_permissions(mode)?;
    }
    tmp.as_file().sync_all()?;
    match existing {
        Existing::Replace => tmp.persist(&target).map_err(|e| e.error)?,
        // A hard link made only where nothing is: never replaces a file.
        Existing::Keep => tmp.persist_noclobber(&target).map_err(|e| e.error)?,
    };
    // Make the rename itself durable; not every platform can open a directory.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Creates `dir` and its missing parents 0700 (as the XDG base directory
/// specification asks): the program's directories hold its autosave and
/// records, no other user's business.
pub(crate) fn create_private_dirs(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// Sets `path`'s mode to `mode` (Unix only), e.g. a directory an older
/// version made 0755.
fn make_private(path: &Path, mode: u32) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let meta = fs::metadata(path)?;
        if meta.permissions().mode() & 0o777 != mode {
            fs::set_permissions(path, Permissions::from_mode(mode))?;
        }
    }
    #[cfg(not(unix))]
    let _ = (path, mode);
    Ok(())
}

/// The mode of a new file: what `File::create` gives (0666 less the umask),
/// not the 0600 of temporary files.
fn new_file_mode() -> Option<Permissions> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        Some(Permissions::from_mode(0o666))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Where writing `path` should go: the end of its chain of symbolic links
/// (which need not exist yet), or `path` itself.
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let points_to = fs::read_link(&current)?;
                // A relative link is relative to the link's own directory.
                current = parent_of(&current).join(points_to);
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

/// Removes from `dir` the temporary files that writes killed half-way left
/// behind: ours older than ten minutes, or whose process is gone. Other
/// files, links and directories are never touched. Returns what was removed;
/// a directory that cannot be read removes nothing.
pub fn remove_stale_temporaries(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let now = SystemTime::now();
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(temporary_pid) else {
            continue;
        };
        // `DirEntry::metadata` does not follow links.
        let Ok(meta) = entry.metadata() else { continue };
        let age = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .unwrap_or_default();
        let stale = age >= STALE_AFTER || (age >= DEAD_STALE_AFTER && is_gone(pid));
        if meta.is_file() && stale && fs::remove_file(entry.path()).is_ok() {
            removed.push(entry.path());
        }
    }
    removed
}

/// The process id in the name of one of our temporary files:
/// `.brique-<pid>-<random>.tmp`, or the `.<file>.<pid>.tmp` of earlier
/// versions.
fn temporary_pid(name: &str) -> Option<u32> {
    let stem = name.strip_prefix('.')?.strip_suffix(TEMP_SUFFIX)?;
    let digits = match stem.strip_prefix(&TEMP_PREFIX[1..]) {
        Some(rest) => rest.split_once('-')?.0,
        None => stem.rsplit_once('.')?.1,
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Whether no process `pid` runs (known on Linux only; elsewhere, never).
fn is_gone(pid: u32) -> bool {
    let proc = Path::new("/proc");
    cfg!(target_os = "linux") && proc.join("self").exists() && !proc.join(pid.to_string()).exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_creates_directories_and_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b/file.txt");
        atomic_write(&path, b"one").unwrap();
        atomic_write(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let leftovers: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers, vec![std::ffi::OsString::from("file.txt")]);
    }

    #[test]
    fn failure_leaves_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("file.txt");
        atomic_write(&path, b"old").unwrap();
        // A directory where the parent should be: the write fails cleanly.
        let bad = dir.path().join("file.txt/child");
        assert!(atomic_write(&bad, b"new").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"old");
    }

    #[test]
    fn temporary_names_are_recognised() {
        assert_eq!(temporary_pid(".brique-123-aB9xQz.tmp"), Some(123));
        assert_eq!(temporary_pid(".autosave.brique.4567.tmp"), Some(4567));
        assert_eq!(temporary_pid(".config.toml.9.tmp"), Some(9));
        for other in [
            "autosave.brique",
            ".brique-x-1.tmp",
            ".brique--1.tmp",
            ".notes.tmp",
            "brique-12-a.tmp",
            ".a.12.tmp.bak",
        ] {
            assert_eq!(temporary_pid(other), None, "{other}");
        }
    }
}
