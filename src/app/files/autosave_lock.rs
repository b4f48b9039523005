//! The lock on the autosave, for the game screen: one copy of the program
//! per autosave, so that two copies never write over each other's game.
//! The lock is taken at start-up; when it cannot be, the autosave is not
//! written until it can (tried again before each write), and the game
//! stays in memory meanwhile.

use std::io;

use super::autosave::OnScreen;
use super::state::Files;
use crate::app::files::naming::Naming;
use crate::app::flow::outcome::Outcome;
use crate::app::game::session::Session;
use crate::app::message::Tone;
use crate::app::screen::Screen;
use crate::storage::{AutosaveLock, Cleared, Paths, StorageError, Timestamp};

/// Whether a failure to lock says that the autosave may be another copy's
/// (every slot held, or something not ours where the lock file goes),
/// rather than that nothing can be written there (a full or read-only
/// disk, where the autosave's own failures say what is wrong).
fn maybe_another_copys(error: &StorageError) -> bool {
    matches!(error, StorageError::Held { .. })
        || error.io_kind() == Some(io::ErrorKind::IsADirectory)
}

impl Files {
    /// Locks the first autosave no other copy of the program holds, so
    /// that two copies never write over each other's game, and uses it
    /// from then on; puts away the games left in closed windows' autosaves.
    /// Returns what the screen should say about it (`save_key`: the key
    /// that saves a record), and what the status line says at once.
    /// `session` is the game on screen.
    pub(in crate::app) fn lock_autosave(
        &mut self,
        paths: Paths,
        session: &Session,
        naming: Naming,
        save_key: &str,
    ) -> (Option<(Tone, String)>, Outcome) {
        let mut out = Outcome::none();
        let lock = match AutosaveLock::acquire(&paths) {
            Ok(lock) => lock,
            Err(e) if maybe_another_copys(&e) => {
                // The autosave may be another copy's: it is neither resumed
                // nor written, and this game stays in memory.
                self.refuse_autosave(format!("the autosave could not be locked ({e})"));
                let text = format!(
                    "The autosave could not be locked ({e}), so it is left to the copy that \
                     may be using it: this game is not saved there, it stays in memory \
                     ({save_key} saves it as a record)."
                );
                out.tell(
                    Tone::Warning,
                    "Not saved: the autosave is locked by another copy.",
                );
                return (Some((Tone::Warning, text)), out);
            }
            // Nothing can be written there now: the autosave is read as
            // usual, and the lock taken before the first write.
            Err(_) => return (None, out),
        };
        let mut said: Vec<String> = lock.message().into_iter().collect();
        for put in lock.put_away_others(Timestamp::now()) {
            match put {
                Ok(Cleared::KeptAsRecord(path)) => said.push(format!(
                    "A game left in another window was kept as {}.",
                    naming.kept_record(&path)
                )),
                Ok(Cleared::MovedAside(path)) => said.push(format!(
                    "A damaged autosave of another window was kept as {}.",
                    naming.file(&path)
                )),
                Ok(Cleared::Nothing | Cleared::Removed) => {}
                Err(e) => said.push(format!("A game left in another window stays there: {e}.")),
            }
        }
        *self = Files::new(Some(lock.paths().clone()), session);
        self.keep_lock(lock);
        (
            (!said.is_empty()).then(|| (Tone::Info, said.join(" "))),
            out,
        )
    }

    /// Before writing the autosave: whether this copy holds its lock,
    /// taking it now if it could not be taken before. When it still cannot
    /// be, the failure is said as a failed write is, and nothing is written.
    pub(super) fn hold_autosave_lock(
        &mut self,
        paths: &Paths,
        game: &OnScreen,
        screen: &mut Screen,
        out: &mut Outcome,
    ) -> bool {
        if self.holds_lock() {
            return true;
        }
        match AutosaveLock::acquire(paths) {
            Ok(lock) => {
                self.adopt_lock(lock);
                true
            }
            Err(e) => {
                let why = if maybe_another_copys(&e) {
                    format!("the autosave could not be locked ({e}): it may be another copy's")
                } else {
                    format!("the autosave could not be locked ({e})")
                };
                self.autosave_failed(why, game, screen, out);
                false
            }
        }
    }
}
