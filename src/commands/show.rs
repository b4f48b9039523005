//! `brique show`: the final position of a game record or a move list, as a
//! diagram and the state of the game.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::{print_stdout, status_line};
use crate::core::{
    BoardSize, Game, MoveListError, Player, Record, RecordError, ReplayError, Rules, SizeError,
    Variant, VariantError, diagram, parse_moves_on,
};
use crate::storage::{MAX_RECORD_BYTES, StorageError, read_record_bounded, read_text};

/// The usage line: clap's own would show `[FILE]` alone, hiding `--moves`.
const USAGE: &str = "brique show [OPTIONS] <FILE | - | --moves \"MOVES\">";

#[derive(Args, Debug)]
#[command(override_usage = USAGE)]
pub struct ShowArgs {
    /// A game record file, or - for standard input.
    #[arg(conflicts_with_all = ["moves", "size", "rules", "no_pie"])]
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

fn parse_size(s: &str) -> Result<BoardSize, SizeError> {
    s.parse()
}

fn parse_variant(s: &str) -> Result<Variant, VariantError> {
    s.parse()
}

/// Why `brique show` has nothing to print.
#[derive(Debug, thiserror::Error)]
pub enum ShowError {
    #[error(
        "nothing to show: give a record FILE, - to read one from standard input, \
         or --moves \"d8 e5\"\n\nUsage: {USAGE}"
    )]
    Nothing,
    #[error(transparent)]
    Unread(#[from] StorageError),
    #[error("{name}: {error}")]
    Record { name: String, error: RecordError },
    #[error(transparent)]
    Moves(#[from] MoveListError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
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
pub fn show(args: &ShowArgs) -> Result<String, ShowError> {
    let mut status = None;
    let game = match (&args.file, &args.moves) {
        (Some(path), _) => {
            let (name, text) = read_input(path)?;
            let record = Record::parse(&text).map_err(|error| ShowError::Record { name, error })?;
            if record.won_on_time() {
                status = Some(format!("{} on time", record.outcome()));
            }
            record.game
        }
        (None, Some(moves)) => {
            let moves = parse_moves_on(moves, args.size)?;
            let rules = Rules {
                variant: args.rules,
                pie: !args.no_pie,
            };
            Game::from_moves(args.size, rules, Player::One, &moves)?
        }
        (None, None) => {
            return Err(ShowError::Nothing);
        }
    };
    let position = game.position();
    let status = match (status, game.resigned()) {
        (Some(on_time), _) => on_time,
        (None, Some(color)) => format!("{color} resigns: {} wins", color.other()),
        (None, None) => status_line(position),
    };
    Ok(format!("{}{status}\n", diagram(position)))
}

/// The name to report problems under, and the text of a file or of stdin (`-`).
fn read_input(path: &Path) -> Result<(String, String), StorageError> {
    if path.as_os_str() == "-" {
        let name = "standard input".to_string();
        let text = read_record_text(std::io::stdin().lock(), &name)?;
        Ok((name, text))
    } else {
        let name = path.display().to_string();
        // Regular files only, bounded: a FIFO or device is refused at once.
        let text = read_text(path, MAX_RECORD_BYTES)?;
        Ok((name, text))
    }
}

/// The text of a record, read with storage's bound so that endless input
/// (`/dev/zero`, `yes`) is refused without filling memory.
fn read_record_text(input: impl Read, name: &str) -> Result<String, StorageError> {
    read_record_bounded(input, Path::new(name))
}
