//! One game of a bot, as the bridge drives its engine through it: the game
//! set up in GTP (`boardsize`, `clear_board`, `brique-rules`, `brique-pie`,
//! the moves so far as `play`), each move of the other side as `play`, and
//! on the bot's turn `time_left` from the server's clocks, then `genmove`.
//! The bridge keeps the game in the core as well, so that an engine's move
//! is checked before the server sees it. Colours are the position's: the
//! pie rule's `swap` is a move like any other, as `brique gtp` speaks it.

use std::time::Duration;

use crate::core::{BoardSize, Color, Game, Move, Player, Rules};
use crate::online::protocol::{Clocks, GameId, GameState, Pace};

use super::engine::{Engine, EngineError};

/// How long a command other than `genmove` may take.
pub const COMMAND_WAIT: Duration = Duration::from_secs(10);
/// The longest a `genmove` is waited for, whatever the clock (a
/// correspondence game's clock is days).
pub const MAX_MOVE_WAIT: Duration = Duration::from_secs(30 * 60);
/// Taken off the clock before `time_left`: the way to the server and back.
pub const TRANSIT_MARGIN: Duration = Duration::from_millis(300);

/// Why the bot gives up a game.
#[derive(Debug, thiserror::Error)]
pub enum GameFailure {
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("the engine answered an illegal move: {mv:?} ({why})")]
    Illegal { mv: String, why: String },
    #[error("the engine resigned")]
    EngineResigned,
    #[error("the server's game is not one this bridge can follow: {0}")]
    Unfollowable(String),
}

impl GameFailure {
    /// Whether the engine is still fit for the next game.
    pub fn engine_fit(&self) -> bool {
        matches!(
            self,
            GameFailure::EngineResigned | GameFailure::Unfollowable(_)
        )
    }
}

/// A game the bot plays.
#[derive(Debug)]
pub struct BotGame {
    pub id: GameId,
    pub opponent: String,
    me: Player,
    game: Game,
    clocks: Clocks,
    pace: Pace,
}

fn unfollowable(why: impl std::fmt::Display) -> GameFailure {
    GameFailure::Unfollowable(why.to_string())
}

impl BotGame {
    /// The game of `state` in which `name` plays, or `None` if not theirs.
    pub fn from_state(state: &GameState, name: &str) -> Option<Result<BotGame, GameFailure>> {
        let seat = state.names.iter().position(|n| n == name)?;
        let me = if seat == 0 { Player::One } else { Player::Two };
        Some(BotGame::follow(state, me))
    }

    fn follow(state: &GameState, me: Player) -> Result<BotGame, GameFailure> {
        let size = BoardSize::new(state.terms.size).map_err(unfollowable)?;
        let rules = Rules {
            variant: state.terms.variant,
            pie: state.terms.pie,
        };
        let moves = state
            .moves
            .iter()
            .map(|m| m.parse::<Move>())
            .collect::<Result<Vec<Move>, _>>()
            .map_err(unfollowable)?;
        let game = Game::from_moves(size, rules, state.black, &moves).map_err(unfollowable)?;
        Ok(BotGame {
            id: state.game,
            opponent: state.names[me.other().index()].clone(),
            me,
            game,
            clocks: state.clocks,
            pace: state.terms.pace,
        })
    }

    /// The colour the bot holds now.
    pub fn color(&self) -> Color {
        self.game.color_of(self.me)
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Whether the bot is to move.
    pub fn my_turn(&self) -> bool {
        !self.game.is_over() && self.game.player_to_move() == self.me
    }

    /// The number of the next move (plies played).
    pub fn ply(&self) -> u16 {
        u16::try_from(self.game.history().len()).unwrap_or(u16::MAX)
    }

    /// Tells `engine` the game so far.
    pub fn set_up(&self, engine: &mut Engine) -> Result<(), GameFailure> {
        let rules = self.game.rules();
        let pie = if rules.pie { "on" } else { "off" };
        for command in [
            format!("boardsize {}", self.game.size().get()),
            "clear_board".to_string(),
            format!("brique-rules {}", rules.variant.name()),
            format!("brique-pie {pie}"),
        ] {
            engine.ask(&command, COMMAND_WAIT)?;
        }
        let replay = Game::new(self.game.size(), rules, self.game.first_black());
        let mut replay = replay;
        for mv in self.game.moves() {
            let color = replay.position().to_move();
            engine.ask(&format!("play {} {mv}", gtp_color(color)), COMMAND_WAIT)?;
            replay.play(mv).map_err(unfollowable)?;
        }
        Ok(())
    }

    /// A move the server accepted as number `ply` + 1: the other side's is
    /// played in the core and told to `engine`; the bot's own, already
    /// played, only brings the clocks.
    pub fn moved(
        &mut self,
        ply: u16,
        text: &str,
        clocks: Clocks,
        engine: &mut Engine,
    ) -> Result<(), GameFailure> {
        self.clocks = clocks;
        if ply < self.ply() {
            return Ok(());
        }
        if ply > self.ply() {
            return Err(unfollowable(format!(
                "move {} came before move {}",
                ply + 1,
                self.ply() + 1
            )));
        }
        let mv: Move = text.parse().map_err(unfollowable)?;
        let color = self.game.position().to_move();
        self.game.play(mv).map_err(unfollowable)?;
        engine.ask(&format!("play {} {mv}", gtp_color(color)), COMMAND_WAIT)?;
        Ok(())
    }

    /// The bot's time left on its clock, as last told.
    fn my_clock(&self) -> Duration {
        let ms = match self.color() {
            Color::Black => self.clocks.black_ms,
            Color::White => self.clocks.white_ms,
        };
        Duration::from_millis(ms)
    }

    /// Asks `engine` for the bot's move, checks it and plays it in the
    /// core; returns its ply and text for the server.
    pub fn think(&mut self, engine: &mut Engine) -> Result<(u16, String), GameFailure> {
        let color = gtp_color(self.color());
        let clock = self.my_clock();
        if matches!(self.pace, Pace::Clock { .. }) {
            let left = clock.saturating_sub(TRANSIT_MARGIN);
            let seconds = left.as_secs_f64();
            engine.ask(&format!("time_left {color} {seconds:.3} 0"), COMMAND_WAIT)?;
        }
        let wait = clock.min(MAX_MOVE_WAIT);
        let answer = engine.ask(&format!("genmove {color}"), wait)?;
        let answer = answer.trim();
        if answer.eq_ignore_ascii_case("resign") {
            return Err(GameFailure::EngineResigned);
        }
        let illegal = |why: String| GameFailure::Illegal {
            mv: answer.chars().take(20).collect(),
            why,
        };
        let mv: Move = answer.parse().map_err(|e| illegal(format!("{e}")))?;
        let ply = self.ply();
        self.game.play(mv).map_err(|e| illegal(e.to_string()))?;
        Ok((ply, mv.to_string()))
    }
}

/// A colour as GTP writes it.
pub const fn gtp_color(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}
