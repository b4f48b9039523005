//! `brique bench`.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct BenchArgs {}

pub fn run(_args: &BenchArgs) -> ExitCode {
    eprintln!("brique bench is not built yet");
    ExitCode::from(2)
}
