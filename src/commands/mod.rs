//! The headless commands, one file each: `show`, `review`, `gtp`, `arena`, `bench`,
//! `puzzles generate`, `solve`, `rules`, `completions` and `man`; `server`, the relay and
//! lobby; `online`, a lobby's archive;
//! and `host` and `join`, which open the game screen for a network game.
//! [`crate::cli`] parses the command line and calls them; what they share
//! for printing lives here.

pub mod arena;
mod arg_error;
pub mod bench;
pub mod completions;
mod first_moves;
pub mod gtp;
mod gtp_error;
pub mod host;
pub mod join;
pub(crate) mod lines;
pub mod man;
pub mod online;
pub mod puzzles;
pub mod review;
pub mod rules;
pub mod server;
pub mod show;
pub mod solve;

use std::io::Write;
use std::process::ExitCode;

use crate::core::Position;

/// Writes `text` to standard output at once. When that fails, the error is
/// the exit code to end with: quietly a success once the reader has gone (a
/// closed pipe, as in `brique arena | head`), a failure with a message else.
pub fn print_stdout(text: &str) -> Result<(), ExitCode> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("brique: cannot write the output: {e}");
            Err(ExitCode::FAILURE)
        }
    }
}

/// `Black wins`, `White wins`, `Black to move` or `White to move`.
pub fn status_line(position: &Position) -> String {
    match position.winner() {
        Some(c) => format!("{c} wins"),
        None => format!("{} to move", position.to_move()),
    }
}
