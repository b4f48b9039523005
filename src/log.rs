//! The log file, as gitui and television keep one: `brique.log` in the state
//! directory, off unless `--log` or `BRIQUE_LOG` asks for it, and never the
//! terminal (the screen owns it while it is up). Any part of the program logs
//! with `tracing::{error, warn, info, debug}!`; with the log off that costs
//! one check of a global flag.
//!
//! The file is private (0600) and opened without following a link or waiting
//! on a FIFO. It stays under [`MAX_BYTES`]: past it, it becomes `brique.log.1`
//! (replacing the one before) and a new one starts, so the two never hold more
//! than 2 MiB. `tracing-appender` rotates by time, not size, and brings a
//! thread; the small writer below does the one thing needed.

use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Mutex;

use tracing::Level;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;

/// The log's file name in the state directory.
pub const FILE_NAME: &str = "brique.log";
/// The environment variable that turns the log on at a level (`debug`,
/// `info`, `warn,brique::net=trace` …).
pub const ENV_VAR: &str = "BRIQUE_LOG";
/// The largest the file grows before it is rotated.
pub const MAX_BYTES: u64 = 1 << 20;

/// A `BRIQUE_LOG` that says no levels.
#[derive(Debug, thiserror::Error)]
pub enum LevelsError {
    #[error("{ENV_VAR} is not UTF-8 text")]
    NotUtf8,
    #[error(
        "{ENV_VAR}={text:?} is not a level filter such as `debug` or `info,brique::net=trace` ({error})"
    )]
    NotAFilter {
        text: String,
        error: tracing_subscriber::filter::ParseError,
    },
}

/// What to record, from the `--log` flag and the `BRIQUE_LOG` variable: the
/// variable's levels when it is set, else `debug` with the flag, else
/// nothing (`None`), as with `BRIQUE_LOG=off`. A variable that is not a
/// filter is an error whose message says so; the caller logs at `debug`
/// then, since it was asked to.
pub fn levels(flag: bool, env: Option<&OsStr>) -> Result<Option<Targets>, LevelsError> {
    let debug = || Targets::new().with_default(Level::DEBUG);
    let Some(text) = env.filter(|v| !v.is_empty()) else {
        return Ok(flag.then(debug));
    };
    let text = text.to_str().ok_or(LevelsError::NotUtf8)?;
    let targets = Targets::from_str(text).map_err(|error| LevelsError::NotAFilter {
        text: text.to_string(),
        error,
    })?;
    // `off` (for everything) is no log at all, not an empty file.
    let most = targets
        .iter()
        .map(|(_, level)| level)
        .chain(targets.default_level())
        .max();
    Ok(most
        .filter(|&level| level > LevelFilter::OFF)
        .map(|_| targets))
}

/// Starts the log when `--log` (`flag`) or `BRIQUE_LOG` asks for it, in the
/// platform's state directory. Problems are said on standard error (the
/// screen is not up yet) and leave the program running without a log.
pub fn start(flag: bool) {
    let env = std::env::var_os(ENV_VAR);
    let filter = match levels(flag, env.as_deref()) {
        Ok(None) => return,
        Ok(Some(filter)) => filter,
        Err(message) => {
            eprintln!("brique: {message}; logging at debug");
            Targets::new().with_default(Level::DEBUG)
        }
    };
    let Some(paths) = crate::storage::Paths::from_platform(None, None) else {
        eprintln!("brique: no home directory is known, so there is no log");
        return;
    };
    if let Err(e) = start_in(&paths.state_dir, filter) {
        eprintln!(
            "brique: no log in {}: {e}",
            paths.state_dir.join(FILE_NAME).display()
        );
    }
}

/// Logs to `dir`'s `brique.log` what `filter` lets through, for the rest of
/// the process, panics included (with their thread, so an engine thread's
/// death is on record even though the game goes on).
pub fn start_in(dir: &Path, filter: Targets) -> io::Result<()> {
    let file = LogFile::open(dir)?;
    let layer = tracing_subscriber::fmt::layer()
        .with_ansi(false)
        .with_thread_names(true)
        .with_writer(Mutex::new(file));
    let subscriber = tracing_subscriber::registry().with(layer).with(filter);
    tracing::subscriber::set_global_default(subscriber).map_err(io::Error::other)?;
    log_panics();
    tracing::info!(version = env!("CARGO_PKG_VERSION"), "brique starts");
    Ok(())
}

/// Records every panic, then lets the hook before this one (the default
/// message, or the screen's restoring hook set later) do its work.
fn log_panics() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let thread = std::thread::current();
        tracing::error!(thread = thread.name().unwrap_or("unnamed"), "{info}");
        previous(info);
    }));
}

/// `brique.log`, written by appending and rotated at [`MAX_BYTES`].
pub struct LogFile {
    path: PathBuf,
    file: File,
    len: u64,
}

impl LogFile {
    /// Opens (or creates) `dir/brique.log`, creating `dir` private if it is
    /// missing; a file already past [`MAX_BYTES`] is rotated first.
    pub fn open(dir: &Path) -> io::Result<LogFile> {
        create_private_dir(dir)?;
        let path = dir.join(FILE_NAME);
        let len = fs::symlink_metadata(&path).map_or(0, |m| m.len());
        if len >= MAX_BYTES {
            rotate(&path)?;
        }
        let file = open_private(&path)?;
        let len = file.metadata()?.len();
        Ok(LogFile { path, file, len })
    }

    /// Where the log is.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Write for LogFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // One call is one event's line(s): rotate between events, not inside one.
        if self.len > 0 && self.len + buf.len() as u64 > MAX_BYTES {
            rotate(&self.path)?;
            self.file = open_private(&self.path)?;
            self.len = 0;
        }
        let written = self.file.write(buf)?;
        self.len += written as u64;
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// `brique.log` becomes `brique.log.1`. A second copy of the program may
/// rotate at the same moment: then its lines go to `.1`, none is lost.
fn rotate(path: &Path) -> io::Result<()> {
    let mut older = path.as_os_str().to_owned();
    older.push(".1");
    fs::rename(path, older)
}

fn create_private_dir(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// Opens `path` to append, created 0600, refusing a symbolic link (one
/// planted there would send the log elsewhere) and anything but a plain file
/// (a FIFO would block, a device never fill).
fn open_private(path: &Path) -> io::Result<File> {
    let refuse = |what: &str| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is {what}, not a plain file", path.display()),
        )
    };
    if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(refuse("a symbolic link"));
    }
    let mut options = File::options();
    options.append(true).create(true);
    #[cfg(unix)]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::OpenOptionsExt;
        // No link even if one is planted after the check above; no waiting
        // for a FIFO's reader.
        options
            .mode(0o600)
            // The flags' bits, as open(2) takes them.
            .custom_flags((OFlags::NOFOLLOW | OFlags::NONBLOCK).bits() as i32);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(refuse("something else"));
    }
    #[cfg(unix)]
    {
        // A file left by another program or an older version becomes private too.
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o077 != 0 {
            file.set_permissions(fs::Permissions::from_mode(0o600))?;
        }
    }
    Ok(file)
}

#[cfg(test)]
mod tests;
