use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    brique::cli::run(brique::cli::Cli::parse())
}
