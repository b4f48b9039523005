//! A game the server referees: the core's game (every move checked by
//! it), who plays it, and its clock. A clock game's time runs on the
//! server's monotonic clock, by the program's one clock rule (the core's
//! [`PlayerClocks`]: each side's clock starts with its own first move); a
//! correspondence game's deadline on the wall clock, as it spans days and
//! restarts.

use std::time::{Duration, Instant};

use crate::core::{
    Color, Game, Move, Outcome, PlayError, Player, PlayerClocks, Record, SquareError,
};
use crate::online::protocol::{
    Clocks, GameId, GameResult, GameState, GameSummary, Pace, Terms, TermsError,
};

use super::refusal::AskRefusal;
use super::store::{StoreError, StoredGame};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Board,
    Resigned(Color),
    Time,
    /// The side to move made no first move in time (a clock game's
    /// [`first_move`](super::LobbyLimits::first_move)): aborted, unrated.
    NoFirstMove,
}

pub struct LiveGame {
    pub id: u64,
    /// Player 1's and Player 2's public keys and names.
    pub keys: [String; 2],
    pub names: [String; 2],
    pub terms: Terms,
    pub game: Game,
    /// A clock game's clocks (`None` for correspondence): what each move
    /// was charged, by the one rule.
    clocks: Option<PlayerClocks>,
    /// When the turn began: monotonic for the clock, wall clock (ms since
    /// 1970) for correspondence deadlines.
    turn_began: Instant,
    turn_began_ms: i64,
    /// Connections watching it.
    pub watchers: std::collections::HashSet<u64>,
    /// The player (0 or 1) whose take-back request waits for an answer.
    pub takeback: Option<usize>,
    /// Take-back requests each player made in this game.
    pub takebacks: [u8; 2],
}

/// A move the referee accepted, not yet stored.
pub struct Accepted {
    pub game: Game,
    pub mv: Move,
    pub spent: Duration,
}

/// Why the games kept in the database cannot be played on after a restart.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Terms(#[from] TermsError),
    #[error("game {game}: {error}")]
    NotAMove { game: u64, error: SquareError },
    #[error("game {game}: {error}")]
    Illegal { game: u64, error: PlayError },
}

impl LiveGame {
    /// A new game; `black` (1 or 2) holds Black at the start.
    pub fn new(
        id: u64,
        keys: [String; 2],
        names: [String; 2],
        black: u8,
        terms: Terms,
        now: (Instant, i64),
    ) -> Result<LiveGame, TermsError> {
        let (size, rules) = terms.check()?;
        let first = if black == 1 { Player::One } else { Player::Two };
        Ok(LiveGame {
            id,
            keys,
            names,
            terms,
            game: Game::new(size, rules, first),
            clocks: terms
                .pace
                .time_control()
                .map(|control| PlayerClocks::new(control, first)),
            turn_began: now.0,
            turn_began_ms: now.1,
            watchers: std::collections::HashSet::new(),
            takeback: None,
            takebacks: [0; 2],
        })
    }

    /// A game back from the database after a restart: its moves replayed
    /// through the core, each clock charged with the time its moves took by
    /// the same rule as in play (a first move charged nothing, whatever an
    /// older server stored). The time the server was down is charged to no
    /// one on a clock, and a side still to make its first move has its whole
    /// [`first_move`](super::LobbyLimits::first_move) again; a
    /// correspondence deadline runs on from the last move.
    pub fn restore(stored: StoredGame, now: (Instant, i64)) -> Result<LiveGame, RestoreError> {
        let mut live = LiveGame::new(
            stored.id,
            stored.keys,
            stored.names,
            stored.black,
            stored.terms,
            now,
        )?;
        live.turn_began_ms = stored.started_ms;
        for (mv, spent_ms, at_ms) in stored.moves {
            let game = live.id;
            let mv: Move = mv
                .parse()
                .map_err(|error| RestoreError::NotAMove { game, error })?;
            live.game
                .play(mv)
                .map_err(|error| RestoreError::Illegal { game, error })?;
            if let Some(clocks) = &mut live.clocks {
                clocks.moved(Duration::from_millis(spent_ms));
            }
            live.turn_began_ms = at_ms;
        }
        Ok(live)
    }

    /// How many plies a take-back by `seat` undoes: their last move, and
    /// the other's answer after it if there is one (as on lichess); 0
    /// when they have made no move.
    pub fn takeback_plies(&self, seat: usize) -> usize {
        let plies = self.game.history().len();
        let to_move = self.game.player_to_move().index();
        let wanted = if to_move == seat { 2 } else { 1 };
        if wanted > plies { 0 } else { wanted }
    }

    /// Takes back the last `plies` moves (stored so already): each
    /// clock as it was before them, the turn beginning `now`.
    pub fn take_back(&mut self, plies: usize, now: (Instant, i64)) {
        for _ in 0..plies {
            self.game.undo();
            if let Some(clocks) = &mut self.clocks {
                clocks.undone();
            }
        }
        self.turn_began = now.0;
        self.turn_began_ms = now.1;
    }

    /// Which player (0 or 1) holds `key`, if either.
    pub fn seat(&self, key: &str) -> Option<usize> {
        self.keys.iter().position(|k| k == key)
    }

    pub fn ply(&self) -> u16 {
        u16::try_from(self.game.history().len()).unwrap_or(u16::MAX)
    }

    /// The time left to the player to move, now; zero once it has run out.
    pub fn mover_left(&self, now: (Instant, i64)) -> Duration {
        match (&self.clocks, self.terms.pace) {
            (Some(clocks), _) => clocks.left(self.game.player_to_move(), self.turn_so_far(now)),
            (None, Pace::Clock { .. }) => Duration::ZERO,
            (None, Pace::Days(days)) => {
                let deadline = self.turn_began_ms + i64::from(days) * DAY_MS;
                Duration::from_millis(u64::try_from(deadline - now.1).unwrap_or(0))
            }
        }
    }

    /// The time the turn under way has taken on the monotonic clock.
    fn turn_so_far(&self, now: (Instant, i64)) -> Duration {
        now.0.saturating_duration_since(self.turn_began)
    }

    /// Whether the player to move has run out of time.
    pub fn flag_fell(&self, now: (Instant, i64)) -> bool {
        !self.game.is_over() && self.mover_left(now).is_zero()
    }

    /// Whether the side to move of a clock game has not made its first
    /// move within `limit` of its turn's start (the game's start for the
    /// first mover): the game is then aborted, unrated.
    pub fn first_move_overdue(&self, limit: Duration, now: (Instant, i64)) -> bool {
        self.clocks.as_ref().is_some_and(|clocks| {
            !self.game.is_over()
                && !clocks.started(clocks.to_move())
                && self.turn_so_far(now) >= limit
        })
    }

    /// Each side's time left now: on the clock, or in a correspondence
    /// game the time left for the move to make (the side not to move shows
    /// its whole allowance).
    pub fn clocks(&self, now: (Instant, i64)) -> Clocks {
        let to_move = self.game.player_to_move();
        let turn = if self.game.is_over() {
            Duration::ZERO
        } else {
            self.turn_so_far(now)
        };
        let left = |player: Player| match (&self.clocks, self.terms.pace) {
            (Some(clocks), _) => clocks.left(
                player,
                if player == to_move {
                    turn
                } else {
                    Duration::ZERO
                },
            ),
            (None, Pace::Days(_)) if player == to_move && !self.game.is_over() => {
                self.mover_left(now)
            }
            (None, Pace::Days(days)) => Duration::from_millis(u64::from(days) * DAY_MS as u64),
            (None, Pace::Clock { .. }) => Duration::ZERO,
        };
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        Clocks {
            black_ms: ms(left(self.game.holder(Color::Black))),
            white_ms: ms(left(self.game.holder(Color::White))),
        }
    }

    /// Checks a move by the player holding `key` as move `ply` + 1: their
    /// turn, the move they saw last, the move's legality (the core), their
    /// time. The game is unchanged until [`LiveGame::commit`].
    pub fn check(
        &self,
        key: &str,
        ply: u16,
        text: &str,
        now: (Instant, i64),
    ) -> Result<Accepted, AskRefusal> {
        let seat = self.seat(key).ok_or(AskRefusal::NotYourGame)?;
        if self.game.is_over() {
            return Err(AskRefusal::GameOver);
        }
        if self.game.player_to_move().index() != seat {
            return Err(AskRefusal::NotYourTurn);
        }
        if ply != self.ply() {
            return Err(AskRefusal::WrongMoveNumber {
                expected: u32::from(self.ply()) + 1,
                got: u32::from(ply) + 1,
            });
        }
        let mv: Move = text.parse().map_err(|error| AskRefusal::NotAMove {
            text: text.to_string(),
            error,
        })?;
        if self.flag_fell(now) {
            return Err(AskRefusal::TimeUp);
        }
        let mut game = self.game.clone();
        game.play(mv)
            .map_err(|error| AskRefusal::Illegal { mv, error })?;
        let spent = match &self.clocks {
            Some(clocks) => clocks.charge(self.turn_so_far(now)),
            None => Duration::from_millis(u64::try_from(now.1 - self.turn_began_ms).unwrap_or(0)),
        };
        Ok(Accepted { game, mv, spent })
    }

    /// Makes a checked (and stored) move the game's.
    pub fn commit(&mut self, accepted: Accepted, now: (Instant, i64)) {
        self.game = accepted.game;
        if let Some(clocks) = &mut self.clocks {
            clocks.moved(accepted.spent);
        }
        self.turn_began = now.0;
        self.turn_began_ms = now.1;
    }

    /// The player names of Black and White now.
    fn colour_names(&self) -> (String, String) {
        let black = self.game.holder(Color::Black).index();
        (self.names[black].clone(), self.names[1 - black].clone())
    }

    pub fn summary(&self) -> GameSummary {
        let (black, white) = self.colour_names();
        GameSummary {
            game: GameId(self.id),
            black,
            white,
            terms: self.terms,
            ply: self.ply(),
            to_move: self.names[self.game.player_to_move().index()].clone(),
            watchers: self.watchers.len(),
            // Marked by the referee, which knows the bots.
            black_bot: false,
            white_bot: false,
        }
    }

    pub fn state(&self, now: (Instant, i64)) -> GameState {
        GameState {
            game: GameId(self.id),
            names: self.names.clone(),
            black: self.game.first_black(),
            terms: self.terms,
            moves: self.game.moves().map(|m| m.to_string()).collect(),
            clocks: self.clocks(now),
            watchers: self.watchers.len(),
            result: None,
        }
    }

    /// Whether a game ending so is aborted: it ended (a resignation, a
    /// flag, a first move not made in time) before each side made a move. Such a game is unrated (as on
    /// lichess): a rating cannot be won from a key that never played.
    pub fn aborted(&self, ending: Ending) -> bool {
        ending != Ending::Board && self.game.history().len() < 2
    }

    /// The finished game's record and result.
    pub fn record(&self, ending: Ending) -> (String, GameResult) {
        let mut game = self.game.clone();
        if let Ending::Resigned(color) = ending {
            let _ = game.resign(color);
        }
        let mut record = Record::new(self.names.clone(), game);
        record.clock = self.terms.pace.time_control();
        record.times = self
            .clocks
            .iter()
            .flat_map(|c| c.charged().iter().map(|&t| Some(t)))
            .collect();
        record.flag_fell = ending == Ending::Time;
        record.set_extra("x-server-game", self.id.to_string());
        let aborted = self.aborted(ending);
        let rated = self.terms.rated && !aborted;
        record.set_extra("x-rated", if rated { "yes" } else { "no" });
        if aborted {
            record.set_extra("x-aborted", "yes");
        }
        if let Pace::Days(_) = self.terms.pace {
            // Days are no clock time: a record keeps the clock's seconds only.
            record.set_extra("x-pace", self.terms.pace.to_string());
        }
        let result = match (record.game.resigned(), record.outcome()) {
            _ if aborted => GameResult::Abort,
            (Some(resigned), _) => GameResult::Resignation { resigned },
            (None, Outcome::Won(winner)) if record.won_on_time() => GameResult::Time { winner },
            (None, Outcome::Won(winner)) => GameResult::Connection { winner },
            // Every ending has a winner: the board's, as `winner` says.
            (None, Outcome::Unfinished) => GameResult::Connection {
                winner: self.game.winning_color().unwrap_or(Color::Black),
            },
        };
        (record.to_string(), result)
    }

    /// The winner (0 or 1) of a game that ended so.
    pub fn winner(&self, ending: Ending) -> usize {
        let color = match ending {
            Ending::Resigned(color) => color.other(),
            Ending::Time | Ending::NoFirstMove => self.game.position().to_move().other(),
            Ending::Board => self.game.winning_color().unwrap_or(Color::Black),
        };
        self.game.holder(color).index()
    }
}
