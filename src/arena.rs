//! `brique arena`.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ArenaArgs {}

pub fn run(_args: &ArenaArgs) -> ExitCode {
    eprintln!("brique arena is not built yet");
    ExitCode::from(2)
}
