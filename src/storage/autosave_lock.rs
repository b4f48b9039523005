//! One writer per autosave: a copy of the program locks the autosave it
//! plays in, so two copies open at once never write over each other's game.
//!
//! The first copy gets `autosave.brique`. A second copy started while the
//! first runs is not refused: it plays a game of its own in
//! `autosave-2.brique` (a third in `autosave-3.brique` …), locked the same
//! way and saved after every move like the first. When that window closes its
//! game stays there: the next copy that gets that autosave resumes it, and
//! the copy that gets `autosave.brique` puts every game left in the others
//! away as a record ([`AutosaveLock::put_away_others`]), so no game is lost
//! and none waits unseen.
//!
//! For the screen, at start-up:
//! 1. [`AutosaveLock::acquire`], then use [`AutosaveLock::paths`] for every
//!    file from then on, and keep the lock until the program ends;
//! 2. show [`AutosaveLock::message`] when there is one ("another copy is
//!    playing …");
//! 3. [`AutosaveLock::put_away_others`] and show where each game went;
//! 4. [`load_autosave`](super::load_autosave) as before.
//!
//! The lock is the operating system's advisory lock on a file beside the
//! autosave (`autosave.brique.lock`; the autosave itself is replaced by every
//! write, so it cannot carry the lock). It ends with the process, even one
//! that is killed, so a crash never leaves an autosave locked.

use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};

use super::Paths;
use super::atomic::create_private_dirs;
use super::autosave::{Cleared, clear_autosave};
use super::error::StorageError;
use super::files::occupied;
use super::timestamp::Timestamp;

/// The most copies that can play at once, each with its own autosave.
pub const MAX_AUTOSAVES: u32 = 64;

/// The lock on one autosave, held until dropped (or the process ends).
#[derive(Debug)]
pub struct AutosaveLock {
    /// Open for as long as the lock is held.
    _file: File,
    paths: Paths,
}

impl AutosaveLock {
    /// Locks exactly the autosave of `paths`. `Err(StorageError::Held)` when
    /// another copy holds it; another error when the lock file cannot be
    /// made (the autosave cannot be written there either).
    pub fn lock(paths: &Paths) -> Result<AutosaveLock, StorageError> {
        Ok(AutosaveLock {
            _file: lock_beside(&paths.autosave())?,
            paths: paths.clone(),
        })
    }

    /// Locks the first autosave no other copy holds: `autosave.brique`,
    /// else `autosave-2.brique`, and so on up to [`MAX_AUTOSAVES`].
    pub fn acquire(paths: &Paths) -> Result<AutosaveLock, StorageError> {
        let mut held = None;
        for slot in 1..=MAX_AUTOSAVES {
            match AutosaveLock::lock(&paths.with_autosave_slot(slot)) {
                Err(e @ StorageError::Held { .. }) => held = Some(e),
                other => return other,
            }
        }
        Err(held.unwrap_or(StorageError::Held {
            path: paths.autosave(),
        }))
    }

    /// The paths to use while the lock is held: their
    /// [`autosave`](Paths::autosave) is the locked one.
    pub fn paths(&self) -> &Paths {
        &self.paths
    }

    /// For the side panel, when this copy is not the first: which autosave
    /// it plays in instead.
    pub fn message(&self) -> Option<String> {
        (self.paths.autosave_slot() > 1).then(|| {
            format!(
                "Another copy of Brique is playing: this one keeps its game in {}.",
                self.paths.autosave().display()
            )
        })
    }

    /// Ends the games of the autosaves after this one that no copy holds
    /// (their windows were closed), as [`clear_autosave`] does: an unfinished
    /// game becomes a record, a finished or empty one goes, a damaged file
    /// is moved aside. Returns what happened to each, for the screen (a
    /// failure leaves that autosave as it was, to be tried next time).
    pub fn put_away_others(&self, now: Timestamp) -> Vec<Result<Cleared, StorageError>> {
        let own = self.paths.autosave_slot();
        let mut done = Vec::new();
        for slot in own + 1..=MAX_AUTOSAVES {
            let other = self.paths.with_autosave_slot(slot);
            if !occupied(&other.autosave()) {
                continue;
            }
            // Holding its lock while clearing keeps a copy starting now out.
            match AutosaveLock::lock(&other) {
                Ok(_lock) => done.push(clear_autosave(&other, now)),
                Err(StorageError::Held { .. }) => {}
                Err(e) => done.push(Err(e)),
            }
        }
        done
    }
}

/// Locks `file` for this copy of the program, by the lock on `FILE.lock`
/// beside it (made with its directory when missing): the open lock file,
/// held until dropped. `Err(StorageError::Held)` naming `file` when another
/// copy holds it.
pub(crate) fn lock_beside(file: &Path) -> Result<File, StorageError> {
    let mut name = file.as_os_str().to_owned();
    name.push(".lock");
    let path = PathBuf::from(name);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        create_private_dirs(dir).map_err(|e| StorageError::write(&path, e))?;
    }
    let lock = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| StorageError::write(&path, e))?;
    match lock.try_lock() {
        Ok(()) => Ok(lock),
        Err(TryLockError::WouldBlock) => Err(StorageError::Held {
            path: file.to_path_buf(),
        }),
        Err(TryLockError::Error(e)) => Err(StorageError::write(&path, e)),
    }
}

/// Like [`lock_beside`], but waits while another copy holds the lock, for a
/// short read-modify-write of `file`; after `patience` it gives up with
/// `Err(StorageError::Held)` rather than hang behind a stuck copy.
pub(crate) fn wait_for_lock_beside(
    file: &Path,
    patience: std::time::Duration,
) -> Result<File, StorageError> {
    let give_up = std::time::Instant::now() + patience;
    loop {
        match lock_beside(file) {
            Err(StorageError::Held { .. }) if std::time::Instant::now() < give_up => {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            done => return done,
        }
    }
}
