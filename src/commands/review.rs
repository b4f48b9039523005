//! `brique review`: the engine reviews a game record: every position
//! searched ([`crate::reviewer`]), every move with its player's winning
//! chance before and after it, its class (inaccuracy, mistake, blunder) and
//! the engine's better move, then a summary per player; `--write` keeps the
//! review in the record (its `x-review` line), where the game screen shows
//! it without searching again, and where `brique review` reads it back
//! (the same figures, nothing searched) unless `--again` is given.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use clap::Args;

use super::arg_error::ArgError;
use super::print_stdout;
use crate::ai::review::{MoveReview, REVIEW_KEY, Review, chance_text, summary};
use crate::core::{Color, Player, Record, RecordError};
use crate::reviewer::{ReviewSettings, review_game};
use crate::storage::{MAX_RECORD_BYTES, StorageError, read_record_bounded, read_text, save_record};
use crate::thinker::available_cores;

#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// A game record file, or - for standard input.
    pub file: PathBuf,
    /// Search time per position, in seconds (0.01 to 600).
    #[arg(long, default_value_t = 1.0, value_parser = parse_seconds)]
    pub seconds: f64,
    /// Threads per search (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Write the review into the record file (an `x-review` line), for the
    /// game screen to show.
    #[arg(long)]
    pub write: bool,
    /// Search again even when the record keeps a review (its `x-review`
    /// line, written by --write or by the game screen's w): without it,
    /// that review is printed as it is, without searching.
    #[arg(long)]
    pub again: bool,
}

fn parse_seconds(s: &str) -> Result<f64, ArgError> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| (0.01..=600.0).contains(s))
        .ok_or_else(|| ArgError::ReviewSeconds(s.to_string()))
}

/// Reviews and prints; a bad record goes to stderr with exit code 2.
pub fn run(args: &ReviewArgs) -> ExitCode {
    let mut record = match read(args) {
        Ok(record) => record,
        Err(message) => {
            eprintln!("brique review: {message}");
            return ExitCode::from(2);
        }
    };
    let kept = record
        .extra(REVIEW_KEY)
        .and_then(|text| Review::parse(text, &record.game))
        .filter(|review| review.is_complete() && !args.again);
    let (review, searched) = match kept {
        Some(review) => (review, None),
        None => {
            let settings = ReviewSettings {
                millis: (args.seconds * 1000.0).round() as u64,
                threads: args.threads.map_or_else(available_cores, usize::from),
                seed: 1,
            };
            let stop = AtomicBool::new(false);
            let review = review_game(&record.game, settings, &stop, |_| {});
            (review, Some(settings.threads))
        }
    };
    let mut text = annotated(&record, &review, searched);
    if args.write && searched.is_some() {
        record.set_extra(REVIEW_KEY, review.to_text());
        match save_record(&args.file, &record) {
            Ok(()) => {
                let _ = writeln!(text, "\nThe review is kept in {}.", args.file.display());
            }
            Err(e) => {
                eprintln!("brique review: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if args.write && searched.is_none() {
        let _ = writeln!(
            text,
            "\nThe review is kept in {} already.",
            args.file.display()
        );
    }
    match print_stdout(&text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// Why `brique review` has no record to review.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    #[error("--write needs a record file, not standard input")]
    WriteNeedsFile,
    #[error(transparent)]
    Unread(#[from] StorageError),
    #[error("{name}: {error}")]
    Record { name: String, error: RecordError },
}

fn read(args: &ReviewArgs) -> Result<Record, ReviewError> {
    let stdin = args.file.as_os_str() == "-";
    if stdin && args.write {
        return Err(ReviewError::WriteNeedsFile);
    }
    let (name, text) = if stdin {
        let name = "standard input".to_string();
        let text = read_record_bounded(std::io::stdin().lock(), std::path::Path::new(&name))?;
        (name, text)
    } else {
        let text = read_text(&args.file, MAX_RECORD_BYTES)?;
        (args.file.display().to_string(), text)
    };
    Record::parse(&text).map_err(|error| ReviewError::Record { name, error })
}

/// A move's chances before and after it, as [`chance_text`] writes them;
/// an estimate beside a proof says it is one, so that `won → 99%` does not
/// read as a drop: `won → 99% (estimate)`.
pub fn chances_text(m: &MoveReview) -> (String, String) {
    let text = |chance, proven, other_proven| {
        let text = chance_text(chance, proven);
        if !proven && other_proven {
            format!("{text} (estimate)")
        } else {
            text
        }
    };
    (
        text(m.before, m.before_proven, m.after_proven),
        text(m.after, m.after_proven, m.before_proven),
    )
}

/// The text `brique review` prints: of a review searched now on
/// `threads`, or (`None`) of the one the record keeps.
pub fn annotated(record: &Record, review: &Review, threads: Option<usize>) -> String {
    let game = &record.game;
    let name = |player: Player| record.names[player.index()].as_str();
    let mut text = String::new();
    let proven = review.proven();
    let positions = review.evaluations.len();
    let of = format!(
        "Review of {} vs {} on {}×{}",
        name(Player::One),
        name(Player::Two),
        game.size(),
        game.size(),
    );
    let seconds = review.millis as f64 / 1000.0;
    let _ = match threads {
        Some(threads) => writeln!(
            text,
            "{of}: {seconds} s a position on {threads} thread{}.",
            if threads == 1 { "" } else { "s" },
        ),
        None => writeln!(
            text,
            "{of}, kept in the record ({seconds} s a position); --again searches again."
        ),
    };
    if proven == positions {
        let _ = writeln!(
            text,
            "All {positions} positions proven by the exact solver (won/lost)."
        );
    } else if proven > 0 {
        let _ = writeln!(
            text,
            "{proven} of {positions} positions proven by the exact solver (won/lost), \
             the rest estimated."
        );
    }
    let _ = writeln!(
        text,
        "\n  #  move  player   chance before  after           class        better move"
    );
    let moves = review.moves(game);
    for m in &moves {
        text.push_str(&move_line(m));
    }
    let _ = writeln!(
        text,
        "\nSummary (average loss: winning chance lost per move, in points):"
    );
    for player in [Player::One, Player::Two] {
        let summary = summary(&moves, player).text();
        let _ = writeln!(text, "  {}: {summary}", name(player));
    }
    text
}

fn move_line(m: &MoveReview) -> String {
    let (before, after) = chances_text(m);
    let class = m.class.map_or("", |c| c.name());
    let better = m.better.map_or_else(String::new, |mv| {
        format!("{mv} ({})", chance_text(m.before, m.before_proven))
    });
    let color = match m.color {
        Color::Black => "Black",
        Color::White => "White",
    };
    let mark = m.class.map_or("", |c| c.mark());
    let mv = format!("{}{mark}", m.mv);
    format!(
        "{:>3}  {mv:<5} {color:<7} {before:>14}  {after:<14}  {class:<11}  {better}\n",
        m.number
    )
    .trim_end()
    .to_string()
        + "\n"
}
