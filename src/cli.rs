//! The command line: `brique` plays; subcommands work headless. This file
//! only parses (clap) and hands over to [`crate::app`] or [`crate::commands`].

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::app::{Course, PlayArgs};
use crate::commands::puzzles::{PuzzlesArgs, PuzzlesCommand, generate_puzzles};
use crate::commands::{
    arena, bench, completions, gtp, host, join, man, online, review, rules, server, show, solve,
};

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
    /// Keep a log in the state directory (`brique.log`), at debug level or
    /// at the levels of the BRIQUE_LOG variable (`info`, `warn` …), which
    /// also turns it on.
    #[arg(long, global = true)]
    pub log: bool,
    /// Play in plain lines for a screen reader or a braille display: no
    /// full screen, one typed command a line (`help` lists them). Also
    /// `[ui] screen_reader = true` in the config.
    #[arg(long)]
    pub screen_reader: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the final position of a game record or a move list as a diagram.
    Show(show::ShowArgs),
    /// Review a game record with the engine: each move's winning chance,
    /// its mistakes and the better moves.
    Review(review::ReviewArgs),
    /// Measure the engine: random playouts and search iterations per second.
    Bench(bench::BenchArgs),
    /// Speak the Go Text Protocol on standard input and output.
    Gtp(gtp::GtpArgs),
    /// Play engine settings against each other and print the win rate.
    Arena(arena::ArenaArgs),
    /// Host a game over the network: shows the address and code to give.
    Host(host::HostArgs),
    /// Join a game hosted over the network: `brique join ADDR:PORT --code CODE`.
    Join(join::JoinArgs),
    /// Run the relay players meet through: `brique host --server` and
    /// `brique join CODE --server` (or measure one with `--load N`); with
    /// `--lobby` a lobby, with `--ssh-port N` the whole game over SSH.
    Server(server::ServerArgs),
    /// A lobby server's archive (`brique online games NAME --server HOST:PORT`),
    /// and your name there (`brique online rename NEW --server HOST:PORT`),
    /// its tournaments (`brique online tournaments --server HOST:PORT`).
    Online(online::OnlineArgs),
    /// Learn the game: interactive lessons on small boards.
    Learn(LearnArgs),
    /// Puzzles: positions won by force; `generate` makes new ones.
    Puzzles(PuzzlesArgs),
    /// Prove which first moves win on a small board (4 to 7) with the exact solver.
    Solve(solve::SolveArgs),
    /// Print the complete rules of the game, with diagrams (RULES.md).
    Rules,
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff), e.g. `brique man | man -l -`.
    Man,
}

/// `brique learn`.
#[derive(clap::Args, Debug)]
pub struct LearnArgs {
    /// The config file to use (as for `brique`).
    #[arg(long, value_name = "PATH")]
    pub config: Option<std::path::PathBuf>,
}

/// Runs the parsed command line; messages for the user go to stderr.
pub fn run(cli: Cli) -> ExitCode {
    // The relay is a service: its log goes to standard error, where a
    // service manager keeps it, not to the player's state directory.
    if !matches!(cli.command, Some(Command::Server(_))) {
        crate::log::start(cli.log);
    }
    tracing::debug!(?cli, "the command line");
    let code = match cli.command {
        Some(Command::Show(args)) => show::run(&args),
        Some(Command::Review(args)) => review::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Gtp(args)) => gtp::run(&args),
        Some(Command::Arena(args)) => arena::run(&args),
        Some(Command::Host(args)) => host::run(&args),
        Some(Command::Join(args)) => join::run(&args),
        Some(Command::Server(args)) => server::run(&args),
        Some(Command::Online(args)) => online::run(&args),
        Some(Command::Learn(args)) => train(args.config, Course::Lessons, None),
        Some(Command::Puzzles(PuzzlesArgs {
            command: Some(PuzzlesCommand::Generate(args)),
            ..
        })) => generate_puzzles(&args),
        Some(Command::Puzzles(args)) => train(args.config, Course::Puzzles, args.file),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Rules) => rules::run(),
        Some(Command::Completions(args)) => completions::run(&args, Cli::command()),
        Some(Command::Man) => man::run(Cli::command()),
        None => match crate::reader::chosen(cli.screen_reader, cli.play.config.clone()) {
            Some(settings) => crate::reader::run(settings),
            None => crate::app::run(&cli.play),
        },
    };
    tracing::info!(?code, "brique ends");
    code
}

/// The game screen, opened at the lessons or the puzzles.
fn train(
    config: Option<std::path::PathBuf>,
    course: Course,
    puzzles: Option<std::path::PathBuf>,
) -> ExitCode {
    crate::app::run(&PlayArgs {
        config,
        training: Some(course),
        puzzles,
        ..PlayArgs::default()
    })
}
