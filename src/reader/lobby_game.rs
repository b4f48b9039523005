//! A lobby game on the line mode's board: one of the player's own, or one
//! watched. The server referees; this copy follows its pushes (the game
//! as it stands, each move, the end) and tells each as local games are
//! told: the move with what it did, the turn or the win, then the result
//! and the rating change.

use std::time::Duration;

use crate::core::{BoardSize, Color, Game, Move, Player, Position, Rules};
use crate::online::protocol::{Clocks, GameId, GameResult, GameState, Pace, RatingChange};

use super::clock::spoken;
use super::lobby_words::terms_words;
use super::speech::{after_move, capital, changes, last_line, moves_line, play_error, win_line};

pub struct LobbyGame {
    id: GameId,
    /// Player 1 (the seeker) and Player 2.
    names: [String; 2],
    /// The seat this copy plays; none when watching.
    me: Option<Player>,
    game: Game,
    terms: crate::online::protocol::Terms,
    clocks: Clocks,
    /// The end, as the server told it.
    result: Option<GameResult>,
}

impl LobbyGame {
    /// The game of `state`, played by `me` if they hold a seat in it; or
    /// why it cannot be followed.
    pub fn from_state(state: &GameState, me: Option<&str>) -> Result<LobbyGame, String> {
        let size = BoardSize::new(state.terms.size).map_err(|e| e.to_string())?;
        let rules = Rules {
            variant: state.terms.variant,
            pie: state.terms.pie,
        };
        let moves = state
            .moves
            .iter()
            .map(|m| m.parse::<Move>())
            .collect::<Result<Vec<Move>, _>>()
            .map_err(|e| e.to_string())?;
        let mut game =
            Game::from_moves(size, rules, state.black, &moves).map_err(|e| e.to_string())?;
        if let Some(color) = state.result.and_then(GameResult::resigned) {
            let _ = game.resign(color);
        }
        let seat = state.names.iter().position(|n| Some(n.as_str()) == me);
        Ok(LobbyGame {
            id: state.game,
            names: state.names.clone(),
            me: seat.map(|s| if s == 0 { Player::One } else { Player::Two }),
            game,
            terms: state.terms,
            clocks: state.clocks,
            result: state.result,
        })
    }

    pub fn id(&self) -> GameId {
        self.id
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Whether this copy plays in it.
    pub fn is_mine(&self) -> bool {
        self.me.is_some()
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some() || self.game.is_over()
    }

    fn opponent(&self) -> &str {
        let me = self.me.unwrap_or(Player::One);
        self.names[me.other().index()].as_str()
    }

    /// The game told from the start: who plays what, the moves so far,
    /// the turn.
    pub fn opening_lines(&self) -> Vec<String> {
        let first = match self.me {
            Some(me) => format!(
                "Game {} against {} started: you play {}.",
                self.id,
                self.opponent(),
                self.game.color_of(me)
            ),
            None => format!(
                "Watching game {}: {} against {}.",
                self.id, self.names[0], self.names[1]
            ),
        };
        let mut lines = vec![first];
        lines.extend(changes(None, &self.game, &self.names));
        lines
    }

    /// The move the server accepted as number `ply` + 1, told; one told
    /// already (or out of order) is passed over.
    pub fn moved(&mut self, ply: u16, mv: &str, clocks: Clocks) -> Vec<String> {
        if usize::from(ply) != self.game.history().len() {
            return Vec::new();
        }
        let Ok(mv) = mv.parse::<Move>() else {
            return vec![format!("The server sent a move that cannot be read: {mv}.")];
        };
        let old = self.game.clone();
        if let Err(e) = self.game.play(mv) {
            return vec![format!(
                "The server's move {mv} cannot be followed: {e}. Type watch to read the game again."
            )];
        }
        self.clocks = clocks;
        changes(Some(&old), &self.game, &self.names)
    }

    /// Why this copy cannot play `mv` now, if it cannot.
    pub fn refusal(&self, mv: Move) -> Option<String> {
        let Some(me) = self.me else {
            return Some("You are watching this game: you cannot move in it.".to_string());
        };
        if self.is_over() {
            return Some("The game is over. Type seeks or seek to play another.".to_string());
        }
        if self.game.player_to_move() != me {
            return Some(format!(
                "It is {}'s turn; wait for their move.",
                self.opponent()
            ));
        }
        self.game
            .clone()
            .play(mv)
            .err()
            .map(|e| play_error(&e, self.game.size()))
    }

    /// The number of moves played: the next move's `ply`.
    pub fn ply(&self) -> u16 {
        u16::try_from(self.game.history().len()).unwrap_or(u16::MAX)
    }

    /// The end, told: how it ended, and each rating's change.
    pub fn ended(&mut self, result: GameResult, ratings: &[RatingChange]) -> Vec<String> {
        let mut lines = Vec::new();
        let already_won = self.game.winning_color().is_some();
        self.result = Some(result);
        match result {
            GameResult::Resignation { resigned } => {
                if self.game.resign(resigned).is_ok() {
                    lines.push(after_move(&self.game, &self.names));
                }
            }
            GameResult::Connection { winner } if !already_won => {
                lines.push(win_line(&self.game, &self.names, winner));
            }
            GameResult::Connection { .. } => {}
            GameResult::Time { winner } => lines.push(format!(
                "{} ran out of time. {winner} wins on time: {}.",
                winner.other(),
                self.holder(winner)
            )),
            GameResult::Abort => {
                lines.push("The game was aborted before each side moved.".to_string());
            }
        }
        lines.push(rating_line(ratings));
        lines
    }

    fn holder(&self, color: Color) -> &str {
        self.names[self.game.holder(color).index()].as_str()
    }

    /// `status`: the game, the turn, the clocks.
    pub fn status_lines(&self) -> Vec<String> {
        let first = match self.me {
            Some(me) => format!(
                "Online game {} against {}: you play {}.",
                self.id,
                self.opponent(),
                self.game.color_of(me)
            ),
            None => format!(
                "Watching game {}: {} against {}.",
                self.id, self.names[0], self.names[1]
            ),
        };
        let mut lines = vec![first, capital(&format!("{}.", terms_words(&self.terms)))];
        match self.result {
            Some(result) => lines.push(format!("The game is over: {result}.")),
            None => lines.push(after_move(&self.game, &self.names)),
        }
        lines.push(self.clock_line());
        lines
    }

    fn clock_line(&self) -> String {
        let at = |ms: u64| spoken(Duration::from_millis(ms));
        let (black, white) = (at(self.clocks.black_ms), at(self.clocks.white_ms));
        match self.terms.pace {
            Pace::Clock { .. } => {
                format!("Clocks at the last move: Black {black}, White {white}.")
            }
            Pace::Days(_) => {
                format!("Time for the move at the last move: Black {black}, White {white}.")
            }
        }
    }

    pub fn last_line(&self) -> String {
        last_line(&self.game)
    }

    pub fn moves_line(&self) -> String {
        moves_line(&self.game)
    }
}

/// `Ratings: Ann from 1500 to 1516 (up 16); Bob …`.
fn rating_line(ratings: &[RatingChange]) -> String {
    if ratings.is_empty() {
        return "The game was not rated.".to_string();
    }
    let each: Vec<String> = ratings
        .iter()
        .map(|r| {
            let (before, after) = (r.before.round(), r.after.round());
            let change = after - before;
            let way = if change >= 0.0 {
                format!("up {change}")
            } else {
                format!("down {}", -change)
            };
            format!("{} from {before} to {after} ({way})", r.name)
        })
        .collect();
    format!("Ratings: {}.", each.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rating_changes_read_as_words() {
        let change = |name: &str, before, after| RatingChange {
            name: name.to_string(),
            before,
            after,
        };
        assert_eq!(
            rating_line(&[change("Ann", 1500.2, 1483.9), change("Bob", 1500.0, 1516.0)]),
            "Ratings: Ann from 1500 to 1484 (down 16); Bob from 1500 to 1516 (up 16)."
        );
        assert_eq!(rating_line(&[]), "The game was not rated.");
    }
}
