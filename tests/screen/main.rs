//! The real `brique` binary in a pseudo-terminal: keys, mouse, signals, the
//! clock, resuming, two copies, a network game, and the terminal left as found.
//!
//! One test binary per layer, each file a module: one link instead of one per file.

// Test code: its helpers outside #[test] may unwrap, expect and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../common/programs.rs"]
mod programs;
mod support;

mod clock;
mod computer;
mod hangup;
mod keys_and_mouse;
mod log;
mod network_game;
mod paste;
mod quiet_and_resized;
mod relay_game;
mod remote;
mod remote_files;
mod remote_searches;
mod resize_storm;
mod resume;
mod review;
mod signals;
mod two_copies;
mod unsaved;
mod welcome;
