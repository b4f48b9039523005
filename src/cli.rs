//! The command line: `brique` plays; subcommands work headless.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::core::{
    BoardSize, Game, Player, Position, Record, Rules, Variant, diagram, parse_moves,
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
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the final position of a game record or a move list as a diagram.
    Show(ShowArgs),
    /// Measure the engine: random playouts and search iterations per second.
    Bench(crate::bench::BenchArgs),
    /// Speak the Go Text Protocol on standard input and output.
    Gtp(crate::gtp::GtpArgs),
    /// Play engine settings against each other and print the win rate.
    Arena(crate::arena::ArenaArgs),
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// A game record file, or - for standard input.
    #[arg(conflicts_with_all = ["moves", "size", "rules", "no_pie"], required_unless_present = "moves")]
    pub file: Option<PathBuf>,
    /// Moves separated by spaces, e.g. "d8 swap e5".
    #[arg(long)]
    pub moves: Option<String>,
    /// Board size, 5 to 25.
    #[arg(long, default_value_t = BoardSize::DEFAULT, value_parser = parse_size)]
    pub size: BoardSize,
    /// Rule variant.
    #[arg(long, default_value = "original", value_parser = parse_variant)]
    pub rules: Variant,
    /// Play without the pie rule (then swap is illegal).
    #[arg(long)]
    pub no_pie: bool,
}

fn parse_size(s: &str) -> Result<BoardSize, String> {
    s.parse().map_err(|e| format!("{e}"))
}

fn parse_variant(s: &str) -> Result<Variant, String> {
    s.parse().map_err(|e| format!("{e}"))
}

/// Runs the parsed command line; messages for the user go to stderr.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Some(Command::Show(args)) => match show(&args) {
            Ok(text) => match print_stdout(&text) {
                Ok(()) => ExitCode::SUCCESS,
                Err(code) => code,
            },
            Err(message) => {
                eprintln!("brique show: {message}");
                ExitCode::from(2)
            }
        },
        Some(Command::Bench(args)) => crate::bench::run(&args),
        Some(Command::Gtp(args)) => crate::gtp::run(&args),
        Some(Command::Arena(args)) => crate::arena::run(&args),
        None => crate::app::run(&cli.play),
    }
}

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

/// The text `brique show` prints: the diagram and the state of the game.
pub fn show(args: &ShowArgs) -> Result<String, String> {
    let position = match (&args.file, &args.moves) {
        (Some(path), _) => {
            let (name, text) = read_input(path)?;
            Record::parse(&text)
                .map_err(|e| format!("{name}: {e}"))?
                .game
                .position()
                .clone()
        }
        (None, Some(moves)) => {
            let moves = parse_moves(moves).map_err(|e| e.to_string())?;
            let rules = Rules {
                variant: args.rules,
                pie: !args.no_pie,
            };
            Game::from_moves(args.size, rules, Player::One, &moves)
                .map_err(|(n, why)| format!("move {n} ({}) is illegal: {why}", moves[n - 1]))?
                .position()
                .clone()
        }
        (None, None) => return Err("give a record FILE or --moves".to_string()),
    };
    Ok(format!(
        "{}{}\n",
        diagram(&position),
        status_line(&position)
    ))
}

/// `Black wins`, `White wins`, `Black to move` or `White to move`.
pub fn status_line(position: &Position) -> String {
    match position.winner() {
        Some(c) => format!("{c} wins"),
        None => format!("{} to move", position.to_move()),
    }
}

fn read_input(path: &PathBuf) -> Result<(String, String), String> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("standard input: {e}"))?;
        Ok(("standard input".to_string(), text))
    } else {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
        Ok((name, text))
    }
}
