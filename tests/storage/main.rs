//! Files on disk: autosave, records, results, progress, proven positions, locks,
//! atomic writes and bad input.
//!
//! One test binary per layer, each file a module: one link instead of one per file.

// Test code: its helpers outside #[test] may unwrap, expect and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod games;

mod atomic;
mod autosave;
mod input;
mod lock;
mod progress;
mod proven;
mod records;
mod results;
