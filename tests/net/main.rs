//! The network game: the link, the screen's forms, the app over a fake host,
//! the command line's refusals, and the relay (`brique server`) with play
//! through it by a code of words, and the whole game over SSH.
//!
//! One test binary per layer, each file a module: one link instead of one per file.

// Test code: its helpers outside #[test] may unwrap, expect and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod lobby_support;
#[path = "../common/postgres.rs"]
mod postgres;
#[path = "../common/programs.rs"]
mod programs;
#[path = "../screen/support.rs"]
mod screen_support;
mod ssh_support;
mod support;
mod web_support;

mod app;
mod cli;
mod clock_rule;
mod forms;
mod jam;
mod link;
mod lobby;
mod lobby_bot_bridge;
mod lobby_bots;
mod lobby_chat;
mod lobby_cluster;
mod lobby_edges;
mod lobby_failover;
mod lobby_names;
mod lobby_postgres;
mod relay;
mod relay_app;
mod relay_replay;
mod ssh;
mod tournament_store;
mod tournaments_cli;
mod web;
mod web_browser;
