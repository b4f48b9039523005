//! Game records: a few `key: value` header lines, then the moves.
//!
//! ```text
//! # Brique game record
//! size: 15
//! rules: original
//! pie: on
//! player1: Alice
//! player2: Bob
//! black: player1
//! clock: 10+5
//! result: White wins
//!
//! h8 {3.2} swap {12.0} g9 {4.1} i7 {30.5} ...
//! ```
//!
//! Every header line is optional (defaults: size 15, original rules, pie on,
//! names "Player 1" and "Player 2", Player 1 holding Black). `black` names the
//! player who held Black at the start; a `swap` in the moves exchanges colours.
//! `result` (`Black wins`, `White wins` or `unfinished`) is checked against the
//! moves; `White wins on time` ends an unfinished game with the side to move
//! out of time, and `Black resigns` or `White resigns` ends a game the moves
//! leave unfinished, the other colour winning. `clock` is the time control
//! (minutes each + seconds per move), and a move may be followed by the
//! seconds it took, in braces. Keys starting with `x-` are kept as they are
//! for programs' own use.
//! Lines starting with `#` are comments; the first line that is not
//! `key: value` starts the moves, separated by spaces or line breaks.

use std::fmt;

use super::game::Game;
use super::geometry::{BoardSize, Color, Player, SquareError};
use super::moves::{Move, move_tokens};
use super::quoted::Quoted;
use super::rules::{Rules, Variant};
use super::time_control::{TimeControl, read_move_time, write_move_time};
use std::time::Duration;

/// How a game stands: over with a winning colour, or unfinished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won(Color),
    Unfinished,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Won(c) => write!(f, "{c} wins"),
            Outcome::Unfinished => f.write_str("unfinished"),
        }
    }
}

/// A game with its players' names and any `x-` header lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Names of Player 1 and Player 2.
    pub names: [String; 2],
    pub game: Game,
    /// `x-` header lines, keys with their prefix, in file order.
    pub extra: Vec<(String, String)>,
    /// The time control the game was played with.
    pub clock: Option<TimeControl>,
    /// The time each move took, where known: empty, or one per move.
    pub times: Vec<Option<Duration>>,
    /// The side to move ran out of time: the game is over though its
    /// position is not.
    pub flag_fell: bool,
}

/// Why a record was refused: where (one-based line and column) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for RecordError {}

impl Record {
    pub fn new(names: [String; 2], game: Game) -> Record {
        Record {
            names,
            game,
            extra: Vec::new(),
            clock: None,
            times: Vec::new(),
            flag_fell: false,
        }
    }

    /// The winner, on the board or on time.
    pub fn outcome(&self) -> Outcome {
        match self.game.winning_color() {
            Some(color) => Outcome::Won(color),
            None if self.flag_fell => Outcome::Won(self.game.position().to_move().other()),
            None => Outcome::Unfinished,
        }
    }

    /// Whether the game was lost on time rather than on the board.
    pub fn won_on_time(&self) -> bool {
        self.flag_fell && self.game.winning_color().is_none()
    }

    /// The value of an `x-` header line, if the record has it.
    ///
    /// ```
    /// use brique_core::Record;
    /// let mut rec = Record::parse("x-cursor: d8\n").unwrap();
    /// assert_eq!(rec.extra("x-cursor"), Some("d8"));
    /// rec.set_extra("x-cursor", "e5");
    /// assert_eq!(rec.extra("X-Cursor"), Some("e5"));
    /// ```
    pub fn extra(&self, key: &str) -> Option<&str> {
        self.extra
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    /// Sets an `x-` header line, replacing one with the same key. Keys
    /// without the `x-` prefix, and line breaks, would not read back: the
    /// prefix is added and line breaks become spaces.
    pub fn set_extra(&mut self, key: &str, value: impl Into<String>) {
        let key = if key.to_ascii_lowercase().starts_with("x-") {
            key.to_string()
        } else {
            format!("x-{key}")
        };
        let value = value.into().replace(['\n', '\r'], " ").trim().to_string();
        match self
            .extra
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(&key))
        {
            Some(entry) => entry.1 = value,
            None => self.extra.push((key, value)),
        }
    }

    /// The name of the player holding `color` at the end of the record.
    pub fn name_of(&self, color: Color) -> &str {
        &self.names[self.game.holder(color).index()]
    }

    /// Reads a record, replaying its moves.
    ///
    /// ```
    /// use brique_core::{Outcome, Record};
    /// let rec = Record::parse("size: 9\nplayer1: Ann\n\ne5 swap d4\n").unwrap();
    /// assert_eq!(rec.game.size().get(), 9);
    /// assert_eq!(rec.game.moves().len(), 3);
    /// assert_eq!(rec.outcome(), Outcome::Unfinished);
    /// let err = Record::parse("e5 e5").unwrap_err();
    /// assert_eq!((err.line, err.column), (1, 4));
    /// assert!(err.message.contains("move 2"));
    /// ```
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut header = Header::default();
        let mut lines = text.lines().enumerate().peekable();
        while let Some(&(i, line)) = lines.peek() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                lines.next();
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                break;
            };
            let key_column = line.len() - line.trim_start().len() + 1;
            let value_column = key.chars().count() + 2 + (value.len() - value.trim_start().len());
            header.set(key.trim(), value.trim(), i + 1, key_column, value_column)?;
            lines.next();
        }

        let mut moves = Vec::new();
        let mut places = Vec::new();
        let mut times: Vec<Option<Duration>> = Vec::new();
        for (i, line) in lines {
            let content = line.split('#').next().unwrap_or("");
            for (column, token) in move_tokens(content) {
                let at = |message: String| RecordError {
                    line: i + 1,
                    column,
                    message,
                };
                if let Some(time) = read_move_time(token) {
                    let time = time.map_err(|e| at(e.to_string()))?;
                    if moves.is_empty() || times.len() >= moves.len() {
                        let why = "a move's time follows its move, once";
                        return Err(at(format!("{why}: {} stands alone", Quoted(token))));
                    }
                    times.resize(moves.len() - 1, None);
                    times.push(Some(time));
                    continue;
                }
                let mv: Move = token.parse().map_err(|e: SquareError| {
                    at(format!(
                        "move {}: {} is not a move ({}, or swap)",
                        moves.len() + 1,
                        Quoted(token),
                        e.on(header.size)
                    ))
                })?;
                moves.push(mv);
                places.push((i + 1, column));
            }
        }

        let mut game =
            Game::from_moves(header.size, header.rules, header.black, &moves).map_err(|e| {
                let (line, column) = places[e.number - 1];
                RecordError {
                    line,
                    column,
                    message: e.to_string(),
                }
            })?;
        if !times.is_empty() {
            times.resize(moves.len(), None);
        }
        if let Some((Claim::Resigns(color), line, column)) = header.result {
            game.resign(color).map_err(|_| RecordError {
                line,
                column,
                message: format!(
                    "the result says {color} resigns, but the moves give {}",
                    Record::new(header.names.clone(), game.clone()).outcome()
                ),
            })?;
        }
        let mut record = Record {
            names: header.names,
            game,
            extra: header.extra,
            clock: header.clock,
            times,
            flag_fell: false,
        };
        if let Some((Claim::Outcome(claimed), line, column)) = header.result {
            record.flag_fell = header.on_time;
            let over_on_time = header.on_time && record.game.position().is_over();
            if claimed != record.outcome() || over_on_time {
                let gives = if over_on_time {
                    format!("{} on the board", record.outcome())
                } else {
                    record.outcome().to_string()
                };
                let on_time = if header.on_time { " on time" } else { "" };
                return Err(RecordError {
                    line,
                    column,
                    message: format!(
                        "the result says {claimed}{on_time}, but the moves give {gives}"
                    ),
                });
            }
        }
        Ok(record)
    }
}

/// What a `result` line says.
#[derive(Clone, Copy)]
enum Claim {
    Outcome(Outcome),
    Resigns(Color),
}

/// Header values read so far, with defaults.
struct Header {
    size: BoardSize,
    rules: Rules,
    names: [String; 2],
    black: Player,
    result: Option<(Claim, usize, usize)>,
    /// The result says the game was won on time.
    on_time: bool,
    clock: Option<TimeControl>,
    extra: Vec<(String, String)>,
    seen: Vec<String>,
}

impl Default for Header {
    fn default() -> Self {
        Header {
            size: BoardSize::DEFAULT,
            rules: Rules::default(),
            names: [Player::One.to_string(), Player::Two.to_string()],
            black: Player::One,
            result: None,
            on_time: false,
            clock: None,
            extra: Vec::new(),
            seen: Vec::new(),
        }
    }
}

const KEYS: &str = "size, rules, pie, player1, player2, black, clock, result, or x-…";

impl Header {
    fn set(
        &mut self,
        key: &str,
        value: &str,
        line: usize,
        key_column: usize,
        column: usize,
    ) -> Result<(), RecordError> {
        let fail = |column: usize, message: String| RecordError {
            line,
            column,
            message,
        };
        let lower = key.to_ascii_lowercase();
        if lower.starts_with("x-") {
            self.extra.push((key.to_string(), value.to_string()));
            return Ok(());
        }
        if self.seen.contains(&lower) {
            return Err(fail(key_column, format!("{} is given twice", Quoted(key))));
        }
        self.seen.push(lower.clone());
        match lower.as_str() {
            "size" => {
                self.size = value.parse().map_err(|e| fail(column, format!("{e}")))?;
            }
            "rules" => {
                self.rules.variant = value
                    .parse::<Variant>()
                    .map_err(|e| fail(column, e.to_string()))?;
            }
            "pie" => {
                self.rules.pie = match value.to_ascii_lowercase().as_str() {
                    "on" | "yes" | "true" => true,
                    "off" | "no" | "false" => false,
                    _ => {
                        return Err(fail(
                            column,
                            format!("expected on or off, found {}", Quoted(value)),
                        ));
                    }
                };
            }
            "player1" | "player2" => {
                if value.is_empty() {
                    return Err(fail(column, format!("expected a name after {key}:")));
                }
                let index = usize::from(lower == "player2");
                self.names[index] = value.to_string();
            }
            "black" => {
                self.black = match value.to_ascii_lowercase().replace(' ', "").as_str() {
                    "player1" => Player::One,
                    "player2" => Player::Two,
                    _ => {
                        return Err(fail(
                            column,
                            format!("expected player1 or player2, found {}", Quoted(value)),
                        ));
                    }
                };
            }
            "clock" => {
                self.clock = Some(value.parse().map_err(|e| fail(column, format!("{e}")))?);
            }
            "result" => {
                let lower = value.to_ascii_lowercase();
                let (result, on_time) = match lower.strip_suffix(" on time") {
                    Some(result) => (result.trim_end(), true),
                    None => (lower.as_str(), false),
                };
                self.on_time = on_time;
                let claim = match result {
                    "black wins" => Claim::Outcome(Outcome::Won(Color::Black)),
                    "white wins" => Claim::Outcome(Outcome::Won(Color::White)),
                    "unfinished" if !on_time => Claim::Outcome(Outcome::Unfinished),
                    "black resigns" if !on_time => Claim::Resigns(Color::Black),
                    "white resigns" if !on_time => Claim::Resigns(Color::White),
                    _ => {
                        return Err(fail(
                            column,
                            format!(
                                "expected Black wins, White wins (maybe on time), \
                                 unfinished, Black resigns or White resigns, found {}",
                                Quoted(value)
                            ),
                        ));
                    }
                };
                self.result = Some((claim, line, column));
            }
            _ => {
                return Err(fail(
                    key_column,
                    format!("unknown header {}: expected {KEYS}", Quoted(key)),
                ));
            }
        }
        Ok(())
    }
}

impl fmt::Display for Record {
    /// Writes the record in the format [`Record::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = &self.game;
        let rules = game.rules();
        writeln!(f, "# Brique game record")?;
        writeln!(f, "size: {}", game.size())?;
        writeln!(f, "rules: {}", rules.variant)?;
        writeln!(f, "pie: {}", if rules.pie { "on" } else { "off" })?;
        writeln!(f, "player1: {}", self.names[0].trim())?;
        writeln!(f, "player2: {}", self.names[1].trim())?;
        let black = match game.first_black() {
            Player::One => "player1",
            Player::Two => "player2",
        };
        writeln!(f, "black: {black}")?;
        if let Some(clock) = self.clock {
            writeln!(f, "clock: {clock}")?;
        }
        match game.resigned() {
            Some(color) => writeln!(f, "result: {color} resigns")?,
            None => {
                let on_time = if self.won_on_time() { " on time" } else { "" };
                writeln!(f, "result: {}{on_time}", self.outcome())?;
            }
        }
        for (key, value) in &self.extra {
            writeln!(f, "{key}: {value}")?;
        }
        writeln!(f)?;
        let times = self.times.iter().map(Some).chain(std::iter::repeat(None));
        let moves: Vec<String> = game
            .moves()
            .zip(times)
            .map(|(mv, time)| match time.copied().flatten() {
                Some(spent) => format!("{mv} {}", write_move_time(spent)),
                None => mv.to_string(),
            })
            .collect();
        for line in moves.chunks(10) {
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}
