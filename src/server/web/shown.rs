//! A game as the pages show it, whether in progress (from the lobby's
//! showcase) or finished (from its record in the archive): the core's game
//! replayed, who plays it, under what terms, and how it stands.

use crate::core::{BoardSize, Color, Game, Move, Outcome, Player, Record, Rules};
use crate::online::protocol::{Clocks, GameState, Pace};
use crate::server::lobby::ABORTED;

pub struct ShownGame {
    pub id: u64,
    pub names: [String; 2],
    pub game: Game,
    /// `15+10`, `3 days a move`, or nothing for a record without a clock.
    pub pace: Option<String>,
    pub rated: bool,
    /// A game in progress: its clocks and watchers, as last published.
    pub live: Option<(Clocks, usize)>,
    /// A finished game's result, as players read it.
    pub result: Option<String>,
    /// The finished game's record, as `brique online games` downloads it.
    pub record: Option<String>,
}

impl ShownGame {
    /// A game in progress, from what the lobby publishes; `None` if its
    /// moves do not replay (the referee checked them: it cannot happen).
    pub fn live(state: &GameState) -> Option<ShownGame> {
        let (size, rules) = state.terms.check().ok()?;
        let moves: Vec<Move> = state
            .moves
            .iter()
            .map(|m| m.parse().ok())
            .collect::<Option<_>>()?;
        let game = Game::from_moves(size, rules, state.black, &moves).ok()?;
        Some(ShownGame {
            id: state.game.0,
            names: state.names.clone(),
            game,
            pace: Some(state.terms.pace.to_string()),
            rated: state.terms.rated,
            live: Some((state.clocks, state.watchers)),
            result: None,
            record: None,
        })
    }

    /// A finished game, from its record; `None` if the record does not read.
    pub fn finished(id: u64, record: String) -> Option<ShownGame> {
        let parsed = Record::parse(&record).ok()?;
        let result = match (parsed.game.resigned(), parsed.outcome()) {
            _ if parsed.extra("x-aborted") == Some("yes") => ABORTED.to_string(),
            (Some(resigned), _) => format!("{resigned} resigns"),
            (None, Outcome::Won(winner)) if parsed.won_on_time() => {
                format!("{winner} wins on time")
            }
            (None, Outcome::Won(winner)) => format!("{winner} wins"),
            (None, Outcome::Unfinished) => "Unfinished".to_string(),
        };
        let pace = parsed
            .extra("x-pace")
            .map(str::to_string)
            .or_else(|| parsed.clock.map(|c| c.to_string()));
        Some(ShownGame {
            id,
            names: parsed.names.clone(),
            rated: parsed.extra("x-rated") == Some("yes"),
            game: parsed.game,
            pace,
            live: None,
            result: Some(result),
            record: Some(record),
        })
    }

    /// The name of the player holding `color` now.
    pub fn name_of(&self, color: Color) -> &str {
        &self.names[self.game.holder(color).index()]
    }

    /// The game as it stood after `ply` moves (all of them if more).
    pub fn at(&self, ply: usize) -> Game {
        let moves: Vec<Move> = self.game.moves().take(ply).collect();
        let (size, rules, first) = (self.game.size(), self.game.rules(), self.game.first_black());
        Game::from_moves(size, rules, first, &moves).unwrap_or_else(|_| blank(size, rules, first))
    }

    /// "11×11, revised rules, pie rule".
    pub fn terms(&self) -> String {
        describe(self.game.size(), self.game.rules())
    }
}

fn blank(size: BoardSize, rules: Rules, first: Player) -> Game {
    Game::new(size, rules, first)
}

/// A board size and rules as the pages say them.
pub fn describe(size: BoardSize, rules: Rules) -> String {
    let pie = if rules.pie { ", pie rule" } else { "" };
    format!("{0}×{0}, {1} rules{pie}", size.get(), rules.variant)
}

/// A pace as the pages say it.
pub fn pace(pace: Pace) -> String {
    pace.to_string()
}

/// A clock's time left: `m:ss`, or hours and minutes past an hour (a
/// correspondence game's days).
pub fn clock(ms: u64) -> String {
    let seconds = ms / 1000;
    match seconds {
        0..3600 => format!("{}:{:02}", seconds / 60, seconds % 60),
        _ => format!("{} h {:02} min", seconds / 3600, seconds / 60 % 60),
    }
}
