//! Lessons, puzzles and proofs.
//!
//! One test binary per layer, each file a module: one link instead of one per file.

mod lessons;
mod proof;
mod puzzles;
