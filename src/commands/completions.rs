//! `brique completions SHELL`: the shell's completion script on stdout.

use std::process::ExitCode;

use clap::Args;
use clap_complete::Shell;

use super::print_stdout;

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    pub shell: Shell,
}

/// Prints the completion script for `command`, the whole command line.
pub fn run(args: &CompletionsArgs, mut command: clap::Command) -> ExitCode {
    let mut script = Vec::new();
    let name = command.get_name().to_string();
    clap_complete::generate(args.shell, &mut command, name, &mut script);
    match print_stdout(&String::from_utf8_lossy(&script)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
