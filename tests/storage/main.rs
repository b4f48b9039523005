//! Files on disk: autosave, records, results, progress, proven positions, locks,
//! atomic writes and bad input.
//!
//! One test binary per layer, each file a module: one link instead of one per file.

mod games;

mod atomic;
mod autosave;
mod input;
mod lock;
mod progress;
mod proven;
mod records;
mod results;
