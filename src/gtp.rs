//! `brique gtp`.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct GtpArgs {}

pub fn run(_args: &GtpArgs) -> ExitCode {
    eprintln!("brique gtp is not built yet");
    ExitCode::from(2)
}
