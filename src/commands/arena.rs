//! `brique arena`: engine settings played against each other, colours
//! alternated, pie rule off; prints the win rate with a 95% confidence
//! interval.

use std::fmt;
use std::process::ExitCode;
use std::str::FromStr;

use super::print_stdout;
use crate::ai::{Budget, Level, LevelError, Search, SearchConfig};
use crate::core::{BoardSize, Color, Game, Player, Rules, Variant};
use crate::thinker::{Thinker, choose_move_with_threads};

#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// The first engine: comma-separated settings such as `level=3`, or
    /// `rave,ms=50`, `uct,iterations=5000`, `random` (uniform playouts),
    /// `bridges`, `c=0.4`, `bias=0.02`, `expand=4`, `growth=3`, `nodes=1000000`,
    /// `threads=2` (threads growing one tree, for a budget in time, with as
    /// many times its room, as the game's computer), `ponder`
    /// (it searches on the opponent's time too, on its threads, as the game's
    /// computer does).
    #[arg(long, default_value = "rave,ms=100")]
    pub first: EngineSpec,
    /// The second engine, in the same form.
    #[arg(long, default_value = "uct,ms=100")]
    pub second: EngineSpec,
    /// Number of games; the first engine has Black in the even-numbered ones.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Board size, 5 to 25.
    #[arg(long, default_value_t = BoardSize::DEFAULT)]
    pub size: BoardSize,
    /// Rule variant.
    #[arg(long, default_value = "original")]
    pub rules: Variant,
    /// Seed of the first game; each game and engine gets its own from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print each game's moves.
    #[arg(long)]
    pub verbose: bool,
}

/// One engine's settings: search parameters and a budget per move.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub text: String,
    pub config: SearchConfig,
    pub budget: Budget,
    /// Threads searching (only a budget in time uses more than one).
    pub threads: usize,
    /// Whether it searches its tree during the opponent's turns too.
    pub ponder: bool,
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Why an engine's settings (`rave,ms=100`) do not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineSpecError {
    #[error("{key} needs a number, as in {key}=10; found {item:?}")]
    NeedsNumber { key: String, item: String },
    #[error(
        "unknown setting {0:?}: use rave, uct, bridges, random, level=, ms=, iterations=, c=, bias=, expand=, growth=, nodes=, threads=, ponder"
    )]
    Unknown(String),
    #[error(transparent)]
    Level(#[from] LevelError),
}

impl FromStr for EngineSpec {
    type Err = EngineSpecError;

    fn from_str(text: &str) -> Result<EngineSpec, EngineSpecError> {
        let mut config = SearchConfig::default();
        let mut budget = Level::default().budget();
        let mut threads = 1;
        let mut ponder = false;
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = item.split_once('=').unwrap_or((item, ""));
            let number = || -> Result<f64, EngineSpecError> {
                value
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
                    .ok_or_else(|| EngineSpecError::NeedsNumber {
                        key: key.to_string(),
                        item: item.to_string(),
                    })
            };
            match key.trim() {
                "rave" => config.rave = true,
                "bridges" => config.bridges = true,
                "random" => config.bridges = false,
                "uct" => {
                    config = SearchConfig {
                        seed: config.seed,
                        ..SearchConfig::uct()
                    }
                }
                "level" => {
                    let level: Level = value.parse()?;
                    config = level.config(config.seed);
                    budget = level.budget();
                }
                "ms" => budget = Budget::millis(number()?.max(1.0) as u64),
                "iterations" => budget = Budget::iterations(number()?.max(1.0) as u64),
                "c" => config.exploration = number()? as f32,
                "bias" => config.rave_bias = number()? as f32,
                "expand" => config.expand_after = number()?.max(1.0) as u32,
                "growth" => config.expand_growth = number()? as f32,
                "nodes" => config.max_nodes = number()?.max(1000.0) as usize,
                "threads" => threads = number()?.clamp(1.0, 256.0) as usize,
                "ponder" => ponder = true,
                _ => {
                    return Err(EngineSpecError::Unknown(item.to_string()));
                }
            }
        }
        Ok(EngineSpec {
            text: text.trim().to_string(),
            config,
            budget,
            threads,
            ponder,
        })
    }
}

/// A share of wins with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinRate {
    pub wins: u32,
    pub games: u32,
    pub low: f64,
    pub high: f64,
}

impl WinRate {
    pub fn new(wins: u32, games: u32) -> WinRate {
        if games == 0 {
            return WinRate {
                wins,
                games,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = f64::from(games);
        let p = f64::from(wins) / n;
        let z = 1.96f64;
        let denominator = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denominator;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
        WinRate {
            wins,
            games,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }

    pub fn rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            f64::from(self.wins) / f64::from(self.games)
        }
    }
}

impl fmt::Display for WinRate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of {} games, {:.1}% (95% CI {:.1}% to {:.1}%)",
            self.wins,
            self.games,
            100.0 * self.rate(),
            100.0 * self.low,
            100.0 * self.high
        )
    }
}

/// Plays one game between two engines; returns the winner's colour and the
/// game.
pub fn play_game(
    size: BoardSize,
    variant: Variant,
    black: &EngineSpec,
    white: &EngineSpec,
    seed: u64,
) -> (Color, Game) {
    let rules = Rules {
        variant,
        pie: false,
    };
    let mut game = Game::new(size, rules, Player::One);
    let mut engines = [black, white].map(|spec| {
        let config = spec.config.on_threads(spec.threads);
        let config = if spec.ponder {
            config.pondering()
        } else {
            config
        };
        let config = SearchConfig {
            seed: spec.config.seed ^ seed,
            ..config
        };
        (Search::new(game.position(), config), spec)
    });
    loop {
        if let Some(winner) = game.position().winner() {
            return (winner, game);
        }
        let side = game.position().to_move();
        let [black, white] = &mut engines;
        let ((search, spec), (waiting, other)) = match side {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        let ponder = other
            .ponder
            .then(|| Ponder::start(waiting, &game, other.threads));
        search.sync(&game);
        let played =
            choose_move_with_threads(search, spec.budget, spec.threads).map(|mv| game.play(mv));
        if let Some(ponder) = ponder {
            ponder.stop(waiting);
        }
        if !matches!(played, Some(Ok(_))) {
            // Unreachable: an engine always has a legal move before the end.
            return (side.other(), game);
        }
    }
}

/// An engine's search at work on its opponent's time.
struct Ponder(Thinker);

impl Ponder {
    /// Lends `search` to a thinker on `game` (the opponent to move) until
    /// [`Ponder::stop`]; a fresh search of the same settings stands in.
    fn start(search: &mut Search, game: &Game, threads: usize) -> Ponder {
        let config = search.config();
        let search = std::mem::replace(search, Search::new(game.position(), config));
        let thinker = Thinker::start_with_threads(search, game.clone(), Budget::UNLIMITED, threads);
        Ponder(thinker)
    }

    /// Stops and gives the search back (the stand-in stays if the search
    /// thread died, a bug).
    fn stop(self, search: &mut Search) {
        if let Some((pondered, _)) = self.0.stop() {
            *search = pondered;
        }
    }
}

pub fn run(args: &ArenaArgs) -> ExitCode {
    let (a, b) = (&args.first, &args.second);
    let heading = format!(
        "arena: A = {a}, B = {b}; {} games on {size}x{size}, rules {}, pie rule off\n",
        args.games,
        args.rules,
        size = args.size
    );
    if let Err(code) = print_stdout(&heading) {
        return code;
    }
    let mut a_wins = [0u32; 2];
    let mut a_games = [0u32; 2];
    for g in 0..args.games {
        let a_black = g % 2 == 0;
        let (black, white) = if a_black { (a, b) } else { (b, a) };
        let seed = args
            .seed
            .wrapping_add(u64::from(g).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (winner, game) = play_game(args.size, args.rules, black, white, seed);
        let a_color = if a_black { Color::Black } else { Color::White };
        a_games[a_color.index()] += 1;
        let a_won = winner == a_color;
        if a_won {
            a_wins[a_color.index()] += 1;
        }
        let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
        let total = WinRate::new(a_wins[0] + a_wins[1], g + 1);
        let mut line = game_line(g + 1, a_color, winner, moves.len(), total);
        if args.verbose {
            line += &format!("  {}\n", moves.join(" "));
        }
        if let Err(code) = print_stdout(&line) {
            return code;
        }
    }
    let total = WinRate::new(a_wins[0] + a_wins[1], args.games);
    let summary = format!(
        "A ({a}) wins {total}\nA as Black: {} of {}; A as White: {} of {}\n",
        a_wins[0], a_games[0], a_wins[1], a_games[1]
    );
    match print_stdout(&summary) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// The line printed after a game: who won, with which colour, and A's score.
fn game_line(
    number: u32,
    a_color: Color,
    winner: Color,
    moves: usize,
    a_so_far: WinRate,
) -> String {
    let engine = if winner == a_color { "A" } else { "B" };
    format!("game {number}: {engine} wins with {winner} in {moves} moves; A so far {a_so_far}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_line_names_the_winner_and_its_colour() {
        let line = game_line(3, Color::White, Color::Black, 57, WinRate::new(2, 3));
        assert!(line.starts_with("game 3: B wins with Black in 57 moves; A so far 2 of 3"));
        let line = game_line(4, Color::White, Color::White, 40, WinRate::new(3, 4));
        assert!(line.starts_with("game 4: A wins with White in 40 moves; A so far 3 of 4"));
    }

    #[test]
    fn specs_parse_and_reject() {
        let spec: EngineSpec = "uct,ms=50,c=0.3".parse().unwrap();
        assert!(!spec.config.rave);
        assert_eq!(spec.budget, Budget::millis(50));
        assert!((spec.config.exploration - 0.3).abs() < 1e-6);
        let spec: EngineSpec = "level=easy".parse().unwrap();
        assert_eq!(spec.budget, Level::Easy.budget());
        assert!("warp=9".parse::<EngineSpec>().is_err());
        assert!("ms=fast".parse::<EngineSpec>().is_err());
        assert!("ms=-3".parse::<EngineSpec>().is_err());
        assert!("level=9".parse::<EngineSpec>().is_err());
        let spec: EngineSpec = "level=hard,threads=2".parse().unwrap();
        assert_eq!((spec.budget, spec.threads), (Level::Hard.budget(), 2));
        assert_eq!("level=hard".parse::<EngineSpec>().unwrap().threads, 1);
        assert!("threads=many".parse::<EngineSpec>().is_err());
        let spec: EngineSpec = "level=hard,ponder".parse().unwrap();
        assert!(spec.ponder && !"level=hard".parse::<EngineSpec>().unwrap().ponder);
        assert_eq!(spec.config, Level::Hard.config(0));
    }

    #[test]
    fn a_pondering_engine_plays_a_whole_game() {
        let fast: EngineSpec = "ms=5".parse().unwrap();
        let pondering: EngineSpec = "ms=5,ponder,threads=2".parse().unwrap();
        let size = BoardSize::new(5).unwrap();
        for (black, white) in [(&fast, &pondering), (&pondering, &fast)] {
            let (winner, game) = play_game(size, Variant::Original, black, white, 3);
            assert_eq!(game.position().winner(), Some(winner));
        }
    }

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let r = WinRate::new(180, 200);
        assert!((r.rate() - 0.9).abs() < 1e-9);
        assert!(r.low > 0.85 && r.low < 0.9, "{r}");
        assert!(r.high > 0.9 && r.high < 0.94, "{r}");
        let all = WinRate::new(10, 10);
        assert!((all.high - 1.0).abs() < 1e-9 && all.low > 0.65);
    }
}
