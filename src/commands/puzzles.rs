//! `brique puzzles generate`: new puzzles from engine self-play, each proven,
//! printed one a line in the format of `assets/puzzles.txt`.

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::print_stdout;
use crate::learn::{Puzzle, add_to_puzzle_file, generate, user_puzzles};
use crate::storage::Paths;

/// `brique puzzles`: the puzzles screen, or a subcommand.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// The config file to use (as for `brique`).
    #[arg(long, value_name = "PATH")]
    pub config: Option<std::path::PathBuf>,
    /// Show the puzzles of this file (as `brique puzzles generate` prints
    /// them) instead of the built-in ones and yours.
    #[arg(long, value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,
    #[command(subcommand)]
    pub command: Option<PuzzlesCommand>,
}

#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Make new puzzles from the engine's games against itself, each proven
    /// against every defence, and print them (easiest first).
    Generate(GenerateArgs),
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles to make.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..=5000))]
    pub count: u16,
    /// The first game's seed (games use this and the numbers after it).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Add them to your puzzles (puzzles.txt in the data directory), which
    /// `brique puzzles` shows after the built-in ones, instead of printing
    /// them.
    #[arg(long)]
    pub add: bool,
}

/// Games played at the most: a game gives one puzzle, or none.
const GAMES_PER_PUZZLE: u64 = 10;

pub fn generate_puzzles(args: &GenerateArgs) -> ExitCode {
    let count = usize::from(args.count);
    let games = u64::from(args.count) * GAMES_PER_PUZZLE;
    let mut stderr = std::io::stderr();
    let puzzles = generate(count, args.seed, games, |game, found| {
        let _ = write!(stderr, "\rgame {game}: {found} of {count} puzzles");
    });
    let _ = writeln!(stderr);
    if args.add {
        return add_to_yours(&puzzles);
    }
    let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    match print_stdout(&text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// Adds puzzles to the player's own file; says where and how many.
fn add_to_yours(puzzles: &[Puzzle]) -> ExitCode {
    let env = std::env::var_os("BRIQUE_CONFIG").map(std::path::PathBuf::from);
    let Some(paths) = Paths::from_platform(None, env) else {
        eprintln!("brique: no home directory is known, so there is no data directory to add to.");
        return ExitCode::FAILURE;
    };
    let path = user_puzzles(&paths);
    match add_to_puzzle_file(&path, puzzles) {
        Ok(added) => {
            let plural = if added == 1 { "" } else { "s" };
            eprintln!(
                "Added {added} puzzle{plural} to {} ({} known already): `brique puzzles` shows them after the built-in ones.",
                path.display(),
                puzzles.len() - added
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("brique: {e}");
            ExitCode::FAILURE
        }
    }
}
