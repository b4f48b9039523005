//! `brique man`: the manual page, in roff, on stdout.

use std::process::ExitCode;

use super::print_stdout;

/// Prints the manual page of `command`, the whole command line.
pub fn run(command: clap::Command) -> ExitCode {
    let mut page = Vec::new();
    // Writing to a Vec cannot fail.
    if let Err(e) = clap_mangen::Man::new(command).render(&mut page) {
        eprintln!("brique man: {e}");
        return ExitCode::FAILURE;
    }
    match print_stdout(&String::from_utf8_lossy(&page)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
