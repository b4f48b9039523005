//! `brique puzzles generate`: new puzzles from engine self-play, each proven,
//! printed one a line in the format of `assets/puzzles.txt`.

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::print_stdout;
use crate::learn::generate;

/// `brique puzzles`: the puzzles screen, or a subcommand.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// The config file to use (as for `brique`).
    #[arg(long, value_name = "PATH")]
    pub config: Option<std::path::PathBuf>,
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
}

/// Games played at the most: a game gives two or three puzzles.
const GAMES_PER_PUZZLE: u64 = 10;

pub fn generate_puzzles(args: &GenerateArgs) -> ExitCode {
    let count = usize::from(args.count);
    let games = u64::from(args.count) * GAMES_PER_PUZZLE;
    let mut stderr = std::io::stderr();
    let puzzles = generate(count, args.seed, games, |game, found| {
        let _ = write!(stderr, "\rgame {game}: {found} of {count} puzzles");
    });
    let _ = writeln!(stderr);
    let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    match print_stdout(&text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
