//! The game screen: config, the ratatui application and its event loop.

use std::path::PathBuf;
use std::process::ExitCode;

/// Command-line options of the game screen (`brique [OPTIONS] [FILE]`).
#[derive(clap::Args, Debug, Default, Clone)]
pub struct PlayArgs {
    /// The config file to use (default: the platform config directory;
    /// the BRIQUE_CONFIG environment variable also sets it).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Start a new game instead of resuming the unfinished one.
    #[arg(long)]
    pub new: bool,
    /// Open a game record.
    #[arg(long, value_name = "FILE", conflicts_with = "file")]
    pub load: Option<PathBuf>,
    /// Open a game record (same as --load).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// Runs the game screen until the player quits.
pub fn run(_args: &PlayArgs) -> ExitCode {
    eprintln!("The game screen is coming soon; meanwhile try `brique show --help`.");
    ExitCode::SUCCESS
}
