//! `brique bench`: how fast the engine plays random games and searches, on
//! one thread, from the empty board.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use rand_xoshiro::rand_core::SeedableRng;

use crate::ai::{Board, EngineRng, Search, SearchConfig};
use crate::core::{BoardSize, Position, Rules, Variant};

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Board size, 5 to 25.
    #[arg(long, default_value_t = BoardSize::DEFAULT)]
    pub size: BoardSize,
    /// Rule variant.
    #[arg(long, default_value = "original")]
    pub rules: Variant,
    /// Seconds spent on each measurement.
    #[arg(long, default_value_t = 3.0, value_parser = parse_seconds)]
    pub seconds: f64,
    /// Seed of the random generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 3600.0 => Ok(x),
        _ => Err(format!(
            "expected seconds, more than 0 and at most 3600; found {s:?}"
        )),
    }
}

/// Figures measured by one bench run.
#[derive(Clone, Copy, Debug)]
pub struct Figures {
    pub playouts: u64,
    pub playouts_per_second: f64,
    pub mean_playout_length: f64,
    pub iterations: u64,
    pub iterations_per_second: f64,
    pub nodes: usize,
}

pub fn run(args: &BenchArgs) -> ExitCode {
    let time = Duration::from_secs_f64(args.seconds);
    let figures = measure(args.size, args.rules, time, args.seed);
    println!(
        "board {size}x{size}, rules {}, one thread, {:.1} s per measurement",
        args.rules,
        args.seconds,
        size = args.size
    );
    println!(
        "random playouts per second: {:.0} ({} playouts)",
        figures.playouts_per_second, figures.playouts
    );
    println!(
        "mean playout length: {:.1} placements",
        figures.mean_playout_length
    );
    println!(
        "MCTS-RAVE iterations per second: {:.0} ({} iterations, tree of {} nodes)",
        figures.iterations_per_second, figures.iterations, figures.nodes
    );
    ExitCode::SUCCESS
}

/// Runs both measurements for about `time` each.
pub fn measure(size: BoardSize, variant: Variant, time: Duration, seed: u64) -> Figures {
    let rules = Rules {
        variant,
        pie: false,
    };
    let position = Position::new(size, rules);
    let (playouts, playouts_per_second, mean_playout_length) = playouts(&position, time, seed);
    let config = SearchConfig {
        seed,
        ..SearchConfig::default()
    };
    let mut search = Search::new(&position, config);
    let start = Instant::now();
    let mut iterations = 0;
    while start.elapsed() < time && !search.is_settled() {
        iterations += search.run(256);
    }
    Figures {
        playouts,
        playouts_per_second,
        mean_playout_length,
        iterations,
        iterations_per_second: iterations as f64 / start.elapsed().as_secs_f64(),
        nodes: search.report().nodes,
    }
}

/// Random playouts from `position`: how many, per second, and their mean
/// length.
fn playouts(position: &Position, time: Duration, seed: u64) -> (u64, f64, f64) {
    let start_board = Board::from_position(position);
    let mut board = start_board.clone();
    let mut rng = EngineRng::seed_from_u64(seed);
    let mut record = Vec::with_capacity(position.size().area());
    let (mut games, mut placements) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < time {
        for _ in 0..256 {
            board.copy_from(&start_board);
            record.clear();
            board.playout(&mut rng, &mut record);
            placements += record.len() as u64;
        }
        games += 256;
    }
    let seconds = start.elapsed().as_secs_f64();
    (
        games,
        games as f64 / seconds,
        placements as f64 / games as f64,
    )
}
