//! `brique gtp`: the engine over the Go Text Protocol, version 2, on standard
//! input and output, as Hex programs (MoHex, HexGui) use it.
//!
//! Squares are written as everywhere in Brique (`d8`: column letter, row
//! number from the bottom); `swap` is the pie rule's move. Colours are
//! `black`/`white` or `b`/`w`. Besides the standard commands there are
//! `brique-rules original|revised`, `brique-pie on|off`, `brique-time SECONDS`
//! and `brique-iterations N`. The standard `time_left COLOR SECONDS STONES`
//! makes the next `genmove` for that colour think on a share of the time
//! left ([`clock_budget`]), never more than its budget.
//!
//! A line of input is at most [`MAX_LINE_BYTES`] long: a longer one is
//! answered `? line too long` and ends the session, so that endless input
//! cannot fill memory. Budgets are capped ([`MAX_ITERATIONS`], a day of
//! thinking time) so that `genmove` always returns.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub use super::gtp_error::GtpError;
use super::lines::{Line, read_line};
use crate::ai::clock_share::{self, ClockLeft, Margins};
use crate::ai::{Budget, Level, Search};
use crate::core::{BoardSize, Color, Game, Move, Player, Rules, SquareError, Variant, diagram};
use crate::thinker::think;

#[derive(clap::Args, Debug, Clone)]
pub struct GtpArgs {
    /// Board size, 5 to 25 (GTP `boardsize` changes it).
    #[arg(long, default_value_t = BoardSize::DEFAULT)]
    pub size: BoardSize,
    /// Rule variant (GTP `brique-rules` changes it).
    #[arg(long, default_value = "original")]
    pub rules: Variant,
    /// Play without the pie rule (GTP `brique-pie` changes it).
    #[arg(long)]
    pub no_pie: bool,
    /// Thinking budget per `genmove`: a level, 1 to 5 or easy ... strongest.
    #[arg(long, default_value = "medium")]
    pub level: Level,
    /// Thinking time per `genmove` in seconds, instead of the level's budget.
    #[arg(long, conflicts_with = "iterations", allow_negative_numbers = true)]
    pub time: Option<f64>,
    /// Search iterations per `genmove`, instead of the level's budget
    /// (at most 100000000).
    #[arg(long)]
    pub iterations: Option<u64>,
    /// Seed of the engine's random generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

impl Default for GtpArgs {
    fn default() -> GtpArgs {
        GtpArgs {
            size: BoardSize::DEFAULT,
            rules: Variant::Original,
            no_pie: false,
            level: Level::default(),
            time: None,
            iterations: None,
            seed: 1,
        }
    }
}

pub fn run(args: &GtpArgs) -> ExitCode {
    let mut session = match Session::new(args) {
        Ok(session) => session,
        Err(message) => {
            eprintln!("brique gtp: {message}");
            return ExitCode::from(2);
        }
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match session.serve(stdin.lock(), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // The controller has gone: nobody is left to answer.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("brique gtp: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The longest line of input answered; GTP commands are far shorter.
pub const MAX_LINE_BYTES: usize = 4096;

/// The largest iteration budget: at about 100,000 iterations a second this
/// is some 20 minutes a move, while a larger number could run for years.
pub const MAX_ITERATIONS: u64 = 100_000_000;

/// The commands this engine knows, as `list_commands` prints them.
pub const COMMANDS: [&str; 19] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "time_left",
    "quit",
    "brique-rules",
    "brique-pie",
    "brique-time",
    "brique-iterations",
    "brique-budget",
];

/// A GTP engine's state: the game, the search following it, the budget.
pub struct Session {
    game: Game,
    search: Search,
    budget: Budget,
    /// The clock `time_left` gave each colour (Black, White), for its
    /// next `genmove` only.
    time_left: [Option<TimeLeft>; 2],
    quit: bool,
}

/// What `time_left` says of one colour's clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLeft {
    pub left: Duration,
    /// Moves to make in that time (byo-yomi); 0: the rest of the game.
    pub stones: u32,
}

/// The least a move under `time_left` may think: enough for one batch of
/// the search, so that even a flag about to fall gets a move.
pub const MIN_THINKING: Duration = Duration::from_millis(10);

/// What a `genmove` may spend with `clock` on its side: the `budget`,
/// within the engine's one share of a clock ([`clock_share`]) with no
/// increment (GTP's `time_left` tells none) and no reserve (the controller
/// keeps its own); at least [`MIN_THINKING`]. The time is also the hard
/// limit of that move: with the time short, even a pie-rule decision stops
/// at it.
pub fn clock_budget(budget: Budget, clock: TimeLeft) -> (Budget, Duration) {
    let clock = ClockLeft {
        left: clock.left,
        increment: Duration::ZERO,
        stones: clock.stones,
    };
    let margins = Margins {
        reserve: Duration::ZERO,
        floor: MIN_THINKING,
    };
    let limited = clock_share::budget(budget, clock, margins);
    let ms = limited.millis.unwrap_or(0);
    (limited, Duration::from_millis(ms))
}

/// Reads `time_left`'s seconds and stones.
fn parse_time_left(seconds: &str, stones: &str) -> Result<TimeLeft, GtpError> {
    let secs: f64 = seconds
        .parse()
        .map_err(|_| GtpError::NotSeconds(seconds.to_string()))?;
    // A clock past zero reads as zero; a day is more than any game's clock.
    if !secs.is_finite() || secs > 86_400.0 * 365.0 {
        return Err(GtpError::TimeLeft(secs));
    }
    let stones: u32 = stones
        .parse()
        .map_err(|_| GtpError::NotStones(stones.to_string()))?;
    Ok(TimeLeft {
        left: Duration::from_secs_f64(secs.max(0.0)),
        stones,
    })
}

fn time_budget(seconds: f64) -> Result<Budget, GtpError> {
    if seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0 {
        Ok(Budget::millis((seconds * 1000.0).ceil() as u64))
    } else {
        Err(GtpError::Time(seconds))
    }
}

fn iteration_budget(n: u64) -> Result<Budget, GtpError> {
    match n {
        0 => Err(GtpError::NoIterations),
        1..=MAX_ITERATIONS => Ok(Budget::iterations(n)),
        _ => Err(GtpError::TooManyIterations {
            n,
            max: MAX_ITERATIONS,
        }),
    }
}

impl Session {
    pub fn new(args: &GtpArgs) -> Result<Session, GtpError> {
        let budget = match (args.time, args.iterations) {
            (Some(seconds), _) => time_budget(seconds)?,
            (None, Some(n)) => iteration_budget(n)?,
            (None, None) => args.level.budget(),
        };
        let rules = Rules {
            variant: args.rules,
            pie: !args.no_pie,
        };
        let game = Game::new(args.size, rules, Player::One);
        let search = Search::new(game.position(), args.level.config(args.seed));
        Ok(Session {
            game,
            search,
            budget,
            time_left: [None; 2],
            quit: false,
        })
    }

    /// Whether `quit` was received.
    pub fn quit(&self) -> bool {
        self.quit
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Answers commands from `input` until `quit` or the end of input.
    /// Bytes that are not UTF-8 are read as replacement characters. A line
    /// longer than [`MAX_LINE_BYTES`] is answered, then ends the session
    /// with an `InvalidData` error.
    pub fn serve(&mut self, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        let mut line = Vec::new();
        while !self.quit {
            match read_line(&mut input, &mut line, MAX_LINE_BYTES)? {
                Line::Read => {}
                Line::End => break,
                Line::TooLong => {
                    let message = format!("line too long: more than {MAX_LINE_BYTES} bytes");
                    output.write_all(format!("? {message}\n\n").as_bytes())?;
                    output.flush()?;
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("{message}; the session ends"),
                    ));
                }
            }
            if let Some(response) = self.respond(&String::from_utf8_lossy(&line)) {
                output.write_all(response.as_bytes())?;
                output.flush()?;
            }
        }
        Ok(())
    }

    /// The full response to one line of input (`= ...\n\n` or `? ...\n\n`),
    /// or `None` for a blank or comment line.
    pub fn respond(&mut self, line: &str) -> Option<String> {
        // GTP: drop control characters but tabs, which become spaces;
        // everything after # is a comment.
        let cleaned: String = line
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let text = cleaned.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            return None;
        }
        let mut words = text.split_whitespace();
        let first = words.next().unwrap_or("");
        let (id, command) = match first.parse::<u64>() {
            Ok(id) => (id.to_string(), words.next().unwrap_or("")),
            Err(_) => (String::new(), first),
        };
        let args: Vec<&str> = words.collect();
        let result = if command.is_empty() {
            Err(GtpError::MissingCommand)
        } else {
            self.execute(&command.to_ascii_lowercase(), &args)
        };
        Some(match result {
            Ok(text) if text.is_empty() => format!("={id}\n\n"),
            Ok(text) => format!("={id} {text}\n\n"),
            Err(message) => format!("?{id} {message}\n\n"),
        })
    }

    /// The answer's text after `=`, or why the command is refused.
    fn execute(&mut self, command: &str, args: &[&str]) -> Result<String, GtpError> {
        let arity = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(GtpError::Arity {
                    command: command.to_string(),
                    wanted: n,
                    given: args.len(),
                })
            }
        };
        match command {
            "protocol_version" => arity(0).map(|()| "2".to_string()),
            "name" => arity(0).map(|()| "Brique".to_string()),
            "version" => arity(0).map(|()| env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => {
                arity(1)?;
                let known = COMMANDS.contains(&args[0].to_ascii_lowercase().as_str());
                Ok(known.to_string())
            }
            "list_commands" => arity(0).map(|()| COMMANDS.join("\n")),
            "boardsize" => {
                // Hex programs may give the width and the height.
                if args.len() == 2 && args[0] != args[1] {
                    return Err(GtpError::NotSquare);
                }
                if args.len() != 2 {
                    arity(1)?;
                }
                let size: BoardSize = args[0].parse().map_err(GtpError::Size)?;
                self.new_game(size, self.game.rules());
                Ok(String::new())
            }
            "clear_board" => {
                arity(0)?;
                self.new_game(self.game.size(), self.game.rules());
                Ok(String::new())
            }
            "play" => {
                arity(2)?;
                let color = parse_color(args[0])?;
                if args[1].eq_ignore_ascii_case("pass") {
                    return Err(GtpError::Pass);
                }
                let mv: Move = args[1]
                    .parse()
                    .map_err(|e: SquareError| GtpError::NotAMove {
                        text: args[1].to_string(),
                        square: e.on(self.game.size()),
                    })?;
                self.check_turn(color)?;
                self.game.play(mv).map_err(GtpError::Illegal)?;
                Ok(String::new())
            }
            "genmove" => {
                arity(1)?;
                let color = parse_color(args[0])?;
                self.check_turn(color)?;
                let mv = self.genmove(color)?;
                Ok(mv.to_string())
            }
            "undo" => {
                arity(0)?;
                self.game
                    .undo()
                    .map(|_| String::new())
                    .ok_or(GtpError::NothingToUndo)
            }
            "showboard" => {
                arity(0)?;
                let position = self.game.position();
                Ok(format!(
                    "\n{}{}",
                    diagram(position),
                    super::status_line(position)
                ))
            }
            "final_score" => {
                arity(0)?;
                match self.game.position().winner() {
                    Some(Color::Black) => Ok("B+".to_string()),
                    Some(Color::White) => Ok("W+".to_string()),
                    None => Err(GtpError::NotOver),
                }
            }
            "time_left" => {
                arity(3)?;
                let color = parse_color(args[0])?;
                self.time_left[color.index()] = Some(parse_time_left(args[1], args[2])?);
                Ok(String::new())
            }
            "quit" => {
                arity(0)?;
                self.quit = true;
                Ok(String::new())
            }
            "brique-rules" => {
                arity(1)?;
                let variant: Variant = args[0].parse().map_err(GtpError::Variant)?;
                let rules = Rules {
                    variant,
                    ..self.game.rules()
                };
                self.change_rules(rules)
            }
            "brique-pie" => {
                arity(1)?;
                let pie = match args[0].to_ascii_lowercase().as_str() {
                    "on" => true,
                    "off" => false,
                    other => return Err(GtpError::NotOnOff(other.to_string())),
                };
                let rules = Rules {
                    pie,
                    ..self.game.rules()
                };
                self.change_rules(rules)
            }
            "brique-time" => {
                arity(1)?;
                let seconds: f64 = args[0]
                    .parse()
                    .map_err(|_| GtpError::NotSeconds(args[0].to_string()))?;
                self.budget = time_budget(seconds)?;
                Ok(String::new())
            }
            "brique-iterations" => {
                arity(1)?;
                let n: u64 = args[0]
                    .parse()
                    .map_err(|_| GtpError::NotIterations(args[0].to_string()))?;
                self.budget = iteration_budget(n)?;
                Ok(String::new())
            }
            "brique-budget" => {
                arity(0)?;
                Ok(self.budget.to_string())
            }
            _ => Err(GtpError::UnknownCommand),
        }
    }

    fn check_turn(&self, color: Color) -> Result<(), GtpError> {
        let position = self.game.position();
        if let Some(winner) = position.winner() {
            return Err(GtpError::Over(winner));
        }
        if position.to_move() != color {
            return Err(GtpError::NotYourTurn(position.to_move()));
        }
        Ok(())
    }

    fn new_game(&mut self, size: BoardSize, rules: Rules) {
        self.game = Game::new(size, rules, Player::One);
        self.search.reset(self.game.position());
    }

    /// New rules for the game so far: its moves are replayed under them.
    fn change_rules(&mut self, rules: Rules) -> Result<String, GtpError> {
        let moves: Vec<Move> = self.game.moves().collect();
        let game = Game::from_moves(self.game.size(), rules, Player::One, &moves)
            .map_err(GtpError::RulesDoNotFit)?;
        self.game = game;
        self.search.reset(self.game.position());
        Ok(String::new())
    }

    fn genmove(&mut self, color: Color) -> Result<Move, GtpError> {
        let (budget, hard_limit) = match self.time_left[color.index()].take() {
            Some(clock) => {
                let (budget, limit) = clock_budget(self.budget, clock);
                (budget, Some(limit))
            }
            None => (self.budget, None),
        };
        self.search.sync(&self.game);
        let stop = AtomicBool::new(false);
        // Looked at every MIN_THINKING, for the hard limit only.
        let interval = hard_limit.map_or(Duration::MAX, |_| MIN_THINKING);
        think(&mut self.search, budget, &stop, interval, |_, elapsed| {
            if hard_limit.is_some_and(|limit| elapsed >= limit) {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let mv = self.search.best_move().ok_or(GtpError::NoMove)?;
        self.game.play(mv).map_err(GtpError::EngineIllegal)?;
        Ok(mv)
    }
}

fn parse_color(text: &str) -> Result<Color, GtpError> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(GtpError::NotAColor(text.to_string())),
    }
}
