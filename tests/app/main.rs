//! The screen's state without a terminal: `App` driven by actions, drawn into a
//! test backend, with its files under a temporary directory.
//!
//! One test binary per layer, each file a module: one link instead of one per file.

// Test code: its helpers outside #[test] may unwrap, expect and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[allow(dead_code, unused_macros, unused_imports)] // the lobby tests use the rest
#[path = "../net/lobby_support.rs"]
mod lobby_support;
mod online_support;
#[allow(dead_code)] // the lobby tests' PostgreSQL, not used here
#[path = "../common/postgres.rs"]
mod postgres;
#[allow(dead_code)]
#[path = "../common/programs.rs"]
mod programs;
mod support;

mod analysis;
mod board_look;
mod clock;
mod clock_record;
mod colours;
mod computer;
mod config;
mod engine_config;
mod escorts;
mod keys;
mod lessons;
mod online;
mod online_bots;
mod online_chat;
mod online_failover;
mod online_names;
mod online_session;
mod own_keys;
mod paste;
mod persistence;
mod persistence_render;
mod ponder;
mod questions_and_keeping;
mod render;
mod resign;
mod review;
mod sizes;
mod terminals;
mod training;
mod welcome;
