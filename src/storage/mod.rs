//! Where the program keeps its files, and how it writes them safely.
//!
//! - [`Paths`]: every location, injected (tests use [`Paths::under`]).
//! - [`atomic_write`]: temporary file, fsync, rename; a crash leaves the old
//!   file or the new one, never half of one.
//! - The autosave ([`save_autosave`], [`load_autosave`], [`clear_autosave`]):
//!   the game in progress, after every move; [`AutosaveLock`]: one copy of
//!   the program per autosave, a second copy playing in its own.
//! - Records ([`save_record`], [`load_record`], [`default_record_path`],
//!   [`list_records`]): games saved on purpose. Only regular files are
//!   opened, never more than [`MAX_RECORD_BYTES`]; [`read_record_bounded`]
//!   reads standard input or a pipe with the same bound.
//! - Results ([`append_result`], [`load_results`], [`summarize`]): one line
//!   per finished game.
//!
//! Every failure is a [`StorageError`] naming the file (and line and column
//! for bad text); nothing here panics on a file's content or deletes a file
//! it could not read.

mod atomic;
mod autosave;
mod autosave_lock;
mod error;
mod files;
mod paths;
mod progress;
mod proven;
mod record_list;
mod records;
mod results;
mod timestamp;

pub use atomic::{atomic_create, atomic_write, atomic_write_with, remove_stale_temporaries};
pub use autosave::{
    AUTOSAVE_END, AutosaveLoad, Cleared, Kept, clear_autosave, load_autosave, save_autosave,
};
pub use autosave_lock::{AutosaveLock, MAX_AUTOSAVES};
pub use error::StorageError;
pub use files::{MAX_RECORD_BYTES, read_record_bounded};
pub(crate) use files::{read_bytes, read_text};
pub use paths::Paths;
pub use progress::{Progress, load_progress, save_progress};
pub use proven::ProvenFile;
pub use record_list::{RecordInfo, RecordSummary, list_records};
pub use records::{
    RECORD_EXTENSION, default_record_path, load_record, record_path_from_input, save_new_record,
    save_record,
};
pub use results::{
    PlayerTally, RESULTS_HEADER, ResultRow, Results, Summary, append_result, load_results,
    summarize,
};
pub use timestamp::{Timestamp, TimestampError};
