//! `brique show`: the final position of a game record or a move list, as a
//! diagram and the state of the game.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::{print_stdout, status_line};
use crate::core::{BoardSize, Game, Player, Record, Rules, Variant, diagram, parse_moves};

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

/// Prints the diagram; a problem goes to stderr with exit code 2.
pub fn run(args: &ShowArgs) -> ExitCode {
    match show(args) {
        Ok(text) => match print_stdout(&text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => code,
        },
        Err(message) => {
            eprintln!("brique show: {message}");
            ExitCode::from(2)
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
                .map_err(|e| e.to_string())?
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

/// The name to report problems under, and the text of a file or of stdin (`-`).
fn read_input(path: &Path) -> Result<(String, String), String> {
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
