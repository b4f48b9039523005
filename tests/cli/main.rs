//! The headless commands through the real binary and the docs that show them:
//! `show`, `solve`, `bench`, `gtp`, `puzzles`, completions, the man page, the
//! README's commands and RULES.md's examples, and the screen-reader mode
//! (`--screen-reader`) on pipes.
//!
//! One test binary per layer, each file a module: one link instead of one per file.

// Test code: its helpers outside #[test] may unwrap, expect and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Output};

mod bench;
mod docs;
mod errors_typed;
mod gtp;
mod house;
mod log;
mod puzzles;
mod readme;
mod review;
mod rules_doc;
mod screen_reader;
mod screen_reader_lobby;
mod screen_reader_net;
mod show;
mod solve;
mod tournaments_file;
mod workspace;

/// The real binary, without a developer's own `BRIQUE_LOG`: no test writes
/// their log.
fn brique_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_brique"));
    command.env_remove("BRIQUE_LOG");
    command
}

/// `brique ARGS` run to its end.
fn brique(args: &[&str]) -> Output {
    brique_command().args(args).output().expect("run brique")
}
