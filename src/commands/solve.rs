//! `brique solve`: proves the value of every first move on a small board with
//! the proof-number solver ([`crate::ai::ProofNumberSolver`]), and so the
//! value of the empty board with and without the pie rule, and White's
//! winning reply to each first move that loses; prints a board of W and L,
//! the line for `assets/solved.txt`, the positions searched and the time it
//! took.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

use super::arg_error::ArgError;
use super::first_moves::FirstMoves;
use super::print_stdout;
use crate::ai::{MAX_SOLVED_SIDE, ProofNumberSolver, SolvedBoard, group_thousands};
use crate::core::{BoardSize, Square, Variant, diagram_of};
use crate::storage::{ProvenFile, StorageError};

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Board size, 4 to 7 (4 and 5 take seconds, 6 original minutes,
    /// 6 revised hours; 7 far longer).
    #[arg(long, value_parser = parse_size)]
    pub size: BoardSize,
    /// Rule variant (original or revised); both when not given.
    #[arg(long)]
    pub rules: Option<Variant>,
    /// The pie rule, on or off; both when not given (the same proof gives
    /// both).
    #[arg(long, value_parser = parse_on_off)]
    pub pie: Option<bool>,
    /// Threads proving first moves side by side, sharing the tables of
    /// numbers and proven positions; once none is left to take, a thread helps with one
    /// still being proven (the results are the same; the positions
    /// searched differ).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
    /// Megabytes for the solver's tables in all, whatever the threads: a
    /// quarter for proven positions, the rest for proof and disproof
    /// numbers, both shared by the threads. The more, the fewer positions
    /// are searched twice (a long proof gains most).
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u32).range(1..=1 << 20))]
    pub memory: u32,
    /// Prove only these first moves (comma-separated squares, e.g.
    /// a1,b1): a long solve split over several runs.
    #[arg(long, value_delimiter = ',')]
    pub first_moves: Vec<Square>,
    /// Keep the proven positions in this file, so that a solve too long
    /// for one run goes on in the next from what this one proved: read at
    /// the start when it exists, written every ten minutes, at the end and
    /// when Ctrl-C, SIGTERM or SIGHUP stops the solve (about 16 bytes for
    /// each 64 of the proven-positions table). One variant per file: needs
    /// --rules.
    #[arg(long, value_name = "FILE", requires = "rules")]
    pub proven: Option<PathBuf>,
}

/// How often `--proven` writes its file while the solve goes on: a run
/// that is stopped loses at most this much of its work.
const SAVE_EVERY: Duration = Duration::from_secs(10 * 60);
/// How soon a signal that stops the solve is answered.
const SIGNAL_CHECK: Duration = Duration::from_millis(100);

/// The solver also takes 4×4, which is too small to play (RULES.md).
fn parse_size(s: &str) -> Result<BoardSize, ArgError> {
    s.trim()
        .parse::<u8>()
        .ok()
        .and_then(|n| BoardSize::for_analysis(n).ok())
        .ok_or_else(|| ArgError::SolveSize {
            text: s.to_string(),
            max: MAX_SOLVED_SIDE,
        })
}

fn parse_on_off(s: &str) -> Result<bool, ArgError> {
    match s.trim().to_ascii_lowercase().as_str() {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(ArgError::OnOff(s.to_string())),
    }
}

/// Solves and prints; a board too large, or a table whose memory cannot be
/// had, goes to stderr with exit code 2.
pub fn run(args: &SolveArgs) -> ExitCode {
    if args.size.get() > MAX_SOLVED_SIDE {
        eprintln!(
            "brique solve: the solver takes boards of {} to {MAX_SOLVED_SIDE} (got {})",
            BoardSize::ANALYSIS_MIN,
            args.size
        );
        return ExitCode::from(2);
    }
    if let Some(sq) = args.first_moves.iter().find(|sq| !args.size.contains(**sq)) {
        eprintln!(
            "brique solve: {sq} is not a square of the {0}×{0} board",
            args.size
        );
        return ExitCode::from(2);
    }
    let proven = match args.proven.as_deref().map(ProvenFile::lock).transpose() {
        Ok(proven) => proven,
        Err(e) => {
            eprintln!("brique solve: {e}");
            return ExitCode::from(2);
        }
    };
    let keep = match &proven {
        None => None,
        Some(file) => match Keeping::new(file, SAVE_EVERY) {
            Ok(keep) => Some(keep),
            Err(e) => {
                eprintln!("brique solve: cannot catch the signals that stop a solve: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let variants = args.rules.map_or(Variant::ALL.to_vec(), |v| vec![v]);
    let mut code = ExitCode::SUCCESS;
    for variant in variants {
        let started = Instant::now();
        let memory = args.memory as usize * (1 << 20);
        let threads = usize::from(args.threads);
        let Solved {
            wins,
            replies,
            nodes,
            kept,
        } = match solve(
            args.size,
            variant,
            threads,
            memory,
            &args.first_moves,
            keep.as_ref(),
        ) {
            Ok(solved) => solved,
            Err(message) => {
                eprintln!("brique solve: {message}");
                return ExitCode::from(2);
            }
        };
        if let Err(e) = kept {
            eprintln!("brique solve: the proven positions were not kept: {e}");
            code = ExitCode::FAILURE;
        }
        let seconds = started.elapsed().as_secs_f64();
        let board = SolvedBoard {
            size: args.size,
            variant,
            wins,
            replies,
        };
        let text = report(&board, args.pie, nodes, seconds);
        if let Err(code) = print_stdout(&text) {
            return code;
        }
    }
    code
}

/// Where and how often [`solve`] keeps its proven positions, and the flag
/// that says a signal (SIGTERM, SIGHUP, SIGINT) asks it to stop.
pub struct Keeping<'a> {
    file: &'a ProvenFile,
    every: Duration,
    /// The number of the ending signal caught (0: none).
    ending: Arc<AtomicUsize>,
}

impl<'a> Keeping<'a> {
    /// Keeping in `file` every `every`; from now on an ending signal no
    /// longer ends the process at once: [`solve`] writes the file first.
    pub fn new(file: &'a ProvenFile, every: Duration) -> io::Result<Keeping<'a>> {
        let ending = Arc::new(AtomicUsize::new(0));
        for signal in [SIGTERM, SIGHUP, SIGINT] {
            let number = usize::try_from(signal).unwrap_or_default();
            signal_hook::flag::register_usize(signal, Arc::clone(&ending), number)?;
        }
        Ok(Keeping {
            file,
            every,
            ending,
        })
    }

    /// Until the proofs are done (`finished` disconnected), writes the file
    /// with `save` every so often; on an ending signal, writes it and ends
    /// the process as the signal would have.
    fn watch(&self, finished: &mpsc::Receiver<()>, save: impl Fn() -> Result<(), StorageError>) {
        let mut saved = Instant::now();
        while finished.recv_timeout(SIGNAL_CHECK) == Err(RecvTimeoutError::Timeout) {
            let signal = self.ending.load(Ordering::SeqCst);
            if signal != 0 {
                match save() {
                    Ok(()) => eprintln!(
                        "brique solve: stopped; run again with the same --proven to go on"
                    ),
                    Err(e) => eprintln!("brique solve: stopped: {e}"),
                }
                let signal = i32::try_from(signal).unwrap_or(SIGTERM);
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
            if saved.elapsed() >= self.every {
                if let Err(e) = save() {
                    eprintln!("brique solve: {e}; trying again later");
                }
                saved = Instant::now();
            }
        }
    }
}

/// What [`solve`] proved, by square index.
pub struct Solved {
    /// Whether each first move wins; `None` for those not asked.
    pub wins: Vec<Option<bool>>,
    /// For each first move that loses, a reply that wins for White.
    pub replies: Vec<Option<Square>>,
    /// The positions searched.
    pub nodes: u64,
    /// Whether the last writing of the proven positions' file went well
    /// (`Ok` when there is none).
    pub kept: Result<(), StorageError>,
}

/// Why a solve could not start or finish.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error("could not get {megabytes} MB of memory for the tables; try a smaller --memory")]
    Memory { megabytes: usize },
    #[error(transparent)]
    Proven(#[from] StorageError),
    #[error("the solver does not take this board")]
    BoardNotTaken,
}

/// Whether each first move wins, proven for the squares of `only` (every
/// square when empty), with White's winning reply to each that loses, with
/// a line of progress on stderr per move. With several `threads`, each
/// has its own solver and takes the next first move not yet taken, then
/// helps with those still being proven (`FirstMoves`); all share the
/// solver's tables, `memory` in all (see [`ProofNumberSolver::new`] for how
/// it is spent). With `keep`, the
/// table starts from the file's positions and is written to it every so
/// often, at the end and when a signal stops it (see [`Keeping`]). An error for a board the solver does not take,
/// tables whose memory cannot be had, or a file that cannot be read.
pub fn solve(
    size: BoardSize,
    variant: Variant,
    threads: usize,
    memory: usize,
    only: &[Square],
    keep: Option<&Keeping>,
) -> Result<Solved, SolveError> {
    let squares: Vec<Square> = match only {
        [] => size.squares().collect(),
        some => some.to_vec(),
    };
    let first_moves = FirstMoves::new(size, variant, &squares);
    let first = ProofNumberSolver::new(size, variant, memory).ok_or(SolveError::Memory {
        megabytes: memory >> 20,
    })?;
    let table = first.proven_results();
    if let Some(&Keeping { file, .. }) = keep {
        let read = file.load(size, variant, |entry| table.restore(entry))?;
        eprintln!(
            "brique solve: read {} proven positions from {}",
            group_thousands(read),
            file.path().display()
        );
    }
    let save = |file: &ProvenFile| {
        let saved = file.save(size, variant, table.entries());
        if let Ok(count) = saved {
            eprintln!(
                "brique solve: kept {} proven positions in {}",
                group_thousands(count),
                file.path().display()
            );
        }
        saved.map(drop)
    };
    let prove = |mut solver: ProofNumberSolver| -> Option<u64> {
        first_moves.prove(&mut solver)?;
        Some(solver.nodes())
    };
    let others: Vec<ProofNumberSolver> =
        (1..threads.max(1)).map(|_| first.sharing_table()).collect();
    let (done, finished) = mpsc::channel::<()>();
    let nodes: Option<u64> = std::thread::scope(|scope| {
        if let Some(keep) = keep {
            let save = &save;
            scope.spawn(move || keep.watch(&finished, || save(keep.file)));
        }
        let helpers: Vec<_> = others
            .into_iter()
            .map(|solver| scope.spawn(move || prove(solver)))
            .collect();
        let own = prove(first);
        let nodes = helpers
            .into_iter()
            .map(|helper| helper.join().ok().flatten())
            .chain([own])
            .sum();
        drop(done);
        nodes
    });
    let kept = keep.map_or(Ok(()), |keep| save(keep.file));
    let (wins, replies) = first_moves.into_results();
    Ok(Solved {
        wins,
        replies,
        nodes: nodes.ok_or(SolveError::BoardNotTaken)?,
        kept,
    })
}

/// What `brique solve` prints for one variant: the board, then, when every
/// first move was asked, the conclusions (`pie` says for which pie rule
/// settings; both when `None`), else the moves proven; then the table's
/// line (`.` for the moves not asked, so runs split by `--first-moves` can
/// be merged) and the work done.
pub fn report(board: &SolvedBoard, pie: Option<bool>, nodes: u64, seconds: f64) -> String {
    let (size, variant) = (board.size, board.variant);
    let complete = board.is_complete();
    let (squares, unasked) = match complete {
        true => ("each square", ""),
        false => ("the squares asked", ", . not asked"),
    };
    let mut out = format!(
        "{size}×{size}, {variant} rules: Black's first stone on {squares}, \
         W when it wins for Black with perfect play, L when it loses{unasked}\n"
    );
    out += &diagram_of(size, |sq| board.glyph(sq));
    out += &match complete {
        true => conclusions(board, pie),
        false => proven_moves(board),
    };
    out += &format!(
        "In assets/solved.txt: {}\nSearched {} positions in {seconds:.2} s.\n",
        board.line(),
        group_thousands(nodes)
    );
    out
}

/// The value of the empty board of a fully solved `board`, with and without
/// the pie rule as `pie` asks.
fn conclusions(board: &SolvedBoard, pie: Option<bool>) -> String {
    let area = board.size.area();
    let winning: Vec<String> = board.winning_moves().map(|sq| sq.to_string()).collect();
    let won = winning.len();
    let mut out = String::new();
    if pie != Some(true) {
        out += &match won {
            0 => "Without the pie rule: White wins; every first move loses.\n".to_string(),
            _ => format!(
                "Without the pie rule: Black wins, with {won} of the {area} first moves: {}.\n",
                winning.join(" ")
            ),
        };
    }
    if pie != Some(false) {
        out += &format!(
            "With the pie rule: a perfect White swaps the {won} winning first moves \
             and plays on after the {} others, so the second player wins.\n",
            area - won
        );
    }
    out
}

/// The first moves a partial `board` proves, as `a1 loses, b3 wins`.
fn proven_moves(board: &SolvedBoard) -> String {
    let size = board.size;
    let proven: Vec<String> = size
        .squares()
        .filter_map(|sq| {
            let won = board.first_move_wins(sq)?;
            Some(format!("{sq} {}", if won { "wins" } else { "loses" }))
        })
        .collect();
    format!(
        "{} of the {} first moves: {}.\n",
        proven.len(),
        size.area(),
        proven.join(", ")
    )
}
