//! `brique rules`: the complete rules (RULES.md) on stdout. The text is in
//! the binary, since `cargo install` ships the binary alone; the game's help
//! points here.

use std::process::ExitCode;

use super::print_stdout;

/// RULES.md, as the program plays it.
pub const RULES: &str = include_str!("../../RULES.md");

/// Prints the rules.
pub fn run() -> ExitCode {
    match print_stdout(RULES) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
