//! The command line: `brique` plays; subcommands work headless. This file
//! only parses (clap) and hands over to [`crate::app`] or [`crate::commands`].

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::commands::{arena, bench, completions, gtp, man, show};

#[derive(Parser, Debug)]
#[command(
    name = "brique",
    version,
    about = "Brique, the connection game, in the terminal",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub play: crate::app::PlayArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the final position of a game record or a move list as a diagram.
    Show(show::ShowArgs),
    /// Measure the engine: random playouts and search iterations per second.
    Bench(bench::BenchArgs),
    /// Speak the Go Text Protocol on standard input and output.
    Gtp(gtp::GtpArgs),
    /// Play engine settings against each other and print the win rate.
    Arena(arena::ArenaArgs),
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff), e.g. `brique man | man -l -`.
    Man,
}

/// Runs the parsed command line; messages for the user go to stderr.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Some(Command::Show(args)) => show::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Gtp(args)) => gtp::run(&args),
        Some(Command::Arena(args)) => arena::run(&args),
        Some(Command::Completions(args)) => completions::run(&args, Cli::command()),
        Some(Command::Man) => man::run(Cli::command()),
        None => crate::app::run(&cli.play),
    }
}
