//! The engine and the solvers: search, playouts, exact play, the solved tables, threads.
//!
//! One test binary per layer, each file a module: one link instead of one per file.

// Test code: its helpers outside #[test] may unwrap, expect and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod analysis;
mod exact_play;
mod playout;
mod proof_number;
mod solve_exhaustive;
mod solve_table;
mod solver;
mod tactics;
mod thinker;
mod threads;
