//! `brique bench`: how fast the engine plays random games and searches from
//! the empty board (or `--position`), on one thread and (`--threads N`) on N
//! threads growing one tree.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use rand_xoshiro::rand_core::SeedableRng;

use std::sync::atomic::AtomicBool;

use super::arg_error::ArgError;
use super::print_stdout;
use crate::ai::{Board, Budget, EngineRng, Level, Search, SearchConfig};
use crate::core::{BoardSize, Position, PositionError, Rules, Variant};
use crate::thinker::{available_cores, think_with_threads};

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Board size, 5 to 25.
    #[arg(long, default_value_t = BoardSize::DEFAULT)]
    pub size: BoardSize,
    /// Rule variant.
    #[arg(long, default_value = "original")]
    pub rules: Variant,
    /// Seconds spent on each measurement in each round.
    #[arg(long, default_value_t = 1.0, value_parser = parse_seconds)]
    pub seconds: f64,
    /// Rounds of measurements; the median and the best round are reported.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub rounds: u32,
    /// Seed of the random generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also measure the search on this many threads growing one tree, in
    /// the same rounds as on one: 1 to 256, or all (one per core this
    /// process may run on: its CPU affinity and CPU quota).
    #[arg(long, default_value = "1", value_parser = parse_threads)]
    pub threads: u16,
    /// Measure from this position, in the one-line notation of RULES.md
    /// (`5/5/2B2/5/5 w 1 original pie`), instead of the empty board; its
    /// size and rules are the ones measured.
    #[arg(long, conflicts_with_all = ["size", "rules"], value_parser = parse_position)]
    pub position: Option<Box<Position>>,
    /// Search with this level's settings (its tree's room and growth; on
    /// threads, as many times the room, as the game's computer), instead of
    /// the engine's defaults. The budget is `--seconds`.
    #[arg(long)]
    pub level: Option<Level>,
}

impl BenchArgs {
    /// The position measured.
    pub fn start(&self) -> Position {
        self.position.as_deref().cloned().unwrap_or_else(|| {
            let rules = Rules {
                variant: self.rules,
                pie: false,
            };
            Position::new(self.size, rules)
        })
    }

    /// The search's settings on one thread, seeded with `seed`.
    pub fn config(&self, seed: u64) -> SearchConfig {
        match self.level {
            Some(level) => level.config(seed),
            None => SearchConfig {
                seed,
                ..SearchConfig::default()
            },
        }
    }
}

fn parse_seconds(s: &str) -> Result<f64, ArgError> {
    match s.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 3600.0 => Ok(x),
        _ => Err(ArgError::BenchSeconds(s.to_string())),
    }
}

/// The most threads `--threads` takes: far beyond any machine's cores.
const MAX_THREADS: u16 = 256;

/// A number of threads, or `all`: [`available_cores`] (at most
/// [`MAX_THREADS`]).
fn parse_threads(s: &str) -> Result<u16, ArgError> {
    let s = s.trim();
    if s.eq_ignore_ascii_case("all") {
        let cores = u16::try_from(available_cores()).unwrap_or(MAX_THREADS);
        return Ok(cores.min(MAX_THREADS));
    }
    match s.parse::<u16>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(ArgError::Threads {
            text: s.to_string(),
            max: MAX_THREADS,
        }),
    }
}

/// A position in the one-line notation, boxed (a position is large).
fn parse_position(s: &str) -> Result<Box<Position>, PositionError> {
    s.parse().map(Box::new)
}

/// Figures measured by one round.
#[derive(Clone, Copy, Debug)]
pub struct Figures {
    pub playouts: u64,
    pub playouts_per_second: f64,
    pub mean_playout_length: f64,
    pub iterations: u64,
    pub iterations_per_second: f64,
    pub nodes: usize,
    /// The search on [`BenchArgs::threads`] threads (1: not measured).
    pub threads: u16,
    pub threaded_iterations_per_second: f64,
}

/// A rate over several rounds: other work on the machine only ever slows a
/// round down, so the best round is the nearest to what the engine can do,
/// and the median says what to expect.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    pub median: f64,
    pub best: f64,
}

impl Rate {
    /// The median and best of some rates (at least one).
    pub fn of(rates: impl IntoIterator<Item = f64>) -> Rate {
        let mut rates: Vec<f64> = rates.into_iter().collect();
        rates.sort_by(f64::total_cmp);
        let n = rates.len();
        let median = match n {
            0 => 0.0,
            _ if n % 2 == 1 => rates[n / 2],
            _ => (rates[n / 2 - 1] + rates[n / 2]) / 2.0,
        };
        Rate {
            median,
            best: rates.last().copied().unwrap_or(0.0),
        }
    }
}

pub fn run(args: &BenchArgs) -> ExitCode {
    let time = Duration::from_secs_f64(args.seconds);
    let start = args.start();
    let size = start.size();
    let mut heading = heading(size, start.rules().variant, args.rounds, args.seconds);
    if args.position.is_some() {
        heading = heading.replace(
            &format!("board {size}x{size},"),
            &format!("position {start},"),
        );
    }
    if let Some(level) = args.level {
        heading = heading.replace(", one thread,", &format!(", level {level}, one thread,"));
    }
    if args.threads > 1 {
        heading = heading.replace(
            "one thread,",
            &format!("one thread and {} threads,", args.threads),
        );
    }
    if let Err(code) = print_stdout(&heading) {
        return code;
    }
    let rounds = (0..args.rounds)
        .map(|round| {
            let seed = args.seed.wrapping_add(u64::from(round));
            let figures = measure_from(&start, args.config(seed), time);
            threaded(figures, &start, args, seed, time)
        })
        .collect::<Vec<_>>();
    match print_stdout(&summary(&rounds)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// The first line `brique bench` prints: what is measured.
pub fn heading(size: BoardSize, rules: Variant, rounds: u32, seconds: f64) -> String {
    let plural = if rounds == 1 { "" } else { "s" };
    format!(
        "board {size}x{size}, rules {rules}, one thread, {rounds} round{plural} of {seconds} s \
         per measurement\n"
    )
}

/// The plain lines `brique bench` prints after its first.
pub fn summary(rounds: &[Figures]) -> String {
    let playouts = Rate::of(rounds.iter().map(|f| f.playouts_per_second));
    let iterations = Rate::of(rounds.iter().map(|f| f.iterations_per_second));
    let games: u64 = rounds.iter().map(|f| f.playouts).sum();
    let placements: f64 = rounds
        .iter()
        .map(|f| f.mean_playout_length * f.playouts as f64)
        .sum();
    let searched: u64 = rounds.iter().map(|f| f.iterations).sum();
    let nodes = rounds.iter().map(|f| f.nodes).max().unwrap_or(0);
    let threads = rounds.first().map_or(1, |f| f.threads);
    let threaded = Rate::of(rounds.iter().map(|f| f.threaded_iterations_per_second));
    let scaling = Rate::of(
        rounds
            .iter()
            .map(|f| f.threaded_iterations_per_second / f.iterations_per_second.max(1.0)),
    );
    let threaded_line = if threads > 1 {
        format!(
            "MCTS-RAVE iterations per second on {threads} threads: {:.0} median, {:.0} best \
             ({:.2}x one thread's, median of the rounds)\n",
            threaded.median, threaded.best, scaling.median
        )
    } else {
        String::new()
    };
    format!(
        "random playouts per second: {:.0} median, {:.0} best ({games} playouts)\n\
         mean playout length: {:.1} placements\n\
         MCTS-RAVE iterations per second: {:.0} median, {:.0} best ({searched} iterations, \
         trees of up to {nodes} nodes)\n",
        playouts.median,
        playouts.best,
        placements / games.max(1) as f64,
        iterations.median,
        iterations.best,
    ) + &threaded_line
}

/// Runs `rounds` rounds of [`measure`], the seed counting up from `seed`.
pub fn measure_rounds(
    size: BoardSize,
    variant: Variant,
    time: Duration,
    rounds: u32,
    seed: u64,
) -> Vec<Figures> {
    (0..rounds)
        .map(|round| measure(size, variant, time, seed.wrapping_add(u64::from(round))))
        .collect()
}

/// Runs one round of both measurements on the empty board with the
/// engine's default settings, for about `time` each.
pub fn measure(size: BoardSize, variant: Variant, time: Duration, seed: u64) -> Figures {
    let rules = Rules {
        variant,
        pie: false,
    };
    let config = SearchConfig {
        seed,
        ..SearchConfig::default()
    };
    measure_from(&Position::new(size, rules), config, time)
}

/// Runs one round of both measurements from `position`, the search with
/// `config`, for about `time` each.
pub fn measure_from(position: &Position, config: SearchConfig, time: Duration) -> Figures {
    let (playouts, playouts_per_second, mean_playout_length) =
        playouts(position, time, config.seed);
    let mut search = Search::new(position, config);
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
        threads: 1,
        threaded_iterations_per_second: 0.0,
    }
}

/// `figures` with the search from `start` measured on the requested threads
/// too, for about `time`, right after the round's measurement on one.
fn threaded(
    figures: Figures,
    start: &Position,
    args: &BenchArgs,
    seed: u64,
    time: Duration,
) -> Figures {
    if args.threads <= 1 {
        return figures;
    }
    let threads = usize::from(args.threads);
    let config = args.config(seed).on_threads(threads);
    let mut search = Search::new(start, config);
    let never = AtomicBool::new(false);
    let budget = Budget::millis(time.as_millis().max(1) as u64);
    let elapsed = think_with_threads(
        &mut search,
        budget,
        threads,
        &never,
        Duration::MAX,
        |_, _| {},
    );
    Figures {
        threads: args.threads,
        threaded_iterations_per_second: search.iterations() as f64 / elapsed.as_secs_f64(),
        ..figures
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
            board.rollout(&mut rng, &mut record, false);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_a_number_or_all_the_cores_available() {
        assert_eq!(parse_threads("4"), Ok(4));
        assert_eq!(parse_threads(" 256 "), Ok(256));
        let all = usize::from(parse_threads("ALL").expect("all"));
        assert_eq!(all, available_cores().min(256));
        for refused in ["0", "257", "many", ""] {
            assert!(parse_threads(refused).is_err(), "{refused:?}");
        }
    }

    #[test]
    fn rate_takes_the_median_and_the_best() {
        assert_eq!(
            Rate::of([3.0, 1.0, 2.0]),
            Rate {
                median: 2.0,
                best: 3.0
            }
        );
        assert_eq!(
            Rate::of([4.0, 1.0, 2.0, 3.0]),
            Rate {
                median: 2.5,
                best: 4.0
            }
        );
        assert_eq!(
            Rate::of([7.0]),
            Rate {
                median: 7.0,
                best: 7.0
            }
        );
    }

    #[test]
    fn summary_adds_up_the_rounds() {
        let round = |playouts, rate, length| Figures {
            playouts,
            playouts_per_second: rate,
            mean_playout_length: length,
            iterations: 10,
            iterations_per_second: 5.0,
            nodes: 100,
            threads: 1,
            threaded_iterations_per_second: 0.0,
        };
        let text = summary(&[round(100, 50.0, 10.0), round(300, 70.0, 20.0)]);
        assert_eq!(
            text,
            "random playouts per second: 60 median, 70 best (400 playouts)\n\
             mean playout length: 17.5 placements\n\
             MCTS-RAVE iterations per second: 5 median, 5 best (20 iterations, \
             trees of up to 100 nodes)\n"
        );
    }
}
