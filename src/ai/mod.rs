//! The computer opponent: a pure, seeded search engine over the core rules.
//!
//! - [`Board`]: the playout board, exact like [`crate::core::Position`] and
//!   built for speed (fixed tables, union-find with edge-contact counts).
//! - [`Search`]: Monte Carlo tree search with RAVE, subtree reuse, and a
//!   solver for immediate wins, must-blocks and proven results.
//! - [`Level`]: playing strengths as search budgets.
//!
//! No clock, threads or I/O here: callers run the search in batches and
//! decide when to stop (see `crate::thinker`), on their one thread
//! ([`Search::run`]) or on several growing the same tree, each with its own
//! [`Worker`] ([`Search::run_shared`]).

mod board;
mod config;
mod layout;
mod level;
mod search;
mod shared;
mod tree;

pub use board::{Board, EngineRng};
pub use level::{Budget, Level, group_thousands};
pub use search::{Report, Search, SearchConfig, SwapChoice};
pub use shared::Worker;
