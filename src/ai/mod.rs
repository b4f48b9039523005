//! The computer opponent: a pure, seeded search engine over the core rules.
//!
//! - [`Board`]: the playout board, exact like [`crate::core::Position`] and
//!   built for speed (fixed tables, union-find with edge-contact counts).
//! - [`Search`]: Monte Carlo tree search with RAVE, subtree reuse, and a
//!   solver for immediate wins, must-blocks and proven results.
//! - [`Level`]: playing strengths as search budgets.
//! - [`ProofNumberSolver`]: an exact solver for boards up to 7×7, by
//!   depth-first proof-number search, and [`SolvedTable`], its results for
//!   the first moves of the smallest boards; [`Solver`], a simpler
//!   depth-first solver that checks it in the tests.
//!
//! No clock, threads or I/O here: callers run the search in batches and
//! decide when to stop (see `crate::thinker`), on their one thread
//! ([`Search::run`]) or on several growing the same tree, each with its own
//! [`Worker`] ([`Search::run_shared`]).

mod bitboard;
mod board;
pub mod clock_share;
mod config;
mod exact;
mod huge_pages;
mod layout;
mod level;
mod prefetch;
mod proof_number;
mod resign;
pub mod review;
mod search;
mod shared;
mod solved_table;
mod solver;
mod tally;
mod transposition;
mod tree;

pub use bitboard::MAX_SOLVED_SIDE;
pub use board::{Board, EngineRng};
pub use level::{Budget, Level, LevelError, group_thousands};
pub use proof_number::{Goal, ProofNumberSolver, ProvenResults};
pub use resign::Doubts;
pub use search::{Report, Search, SearchConfig, SwapChoice};
pub use shared::Worker;
pub use solved_table::{LineError, ReplyRefused, SolvedBoard, SolvedTable, TableError};
pub use solver::Solver;
