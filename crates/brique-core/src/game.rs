//! A game: a position with its history, undo and redo, which player holds
//! which colour (the pie rule's swap exchanges them), and a resignation,
//! which ends a game like a win for the other side.

use super::geometry::{BoardSize, Color, Player};
use super::moves::{Move, MoveReport, PlayError};
use super::position::Position;
use super::replay::ReplayError;
use super::rules::Rules;

/// A game from the empty board.
///
/// ```
/// use brique_core::{BoardSize, Color, Game, Move, Player, Rules};
/// let mut game = Game::new(BoardSize::DEFAULT, Rules::default(), Player::One);
/// game.play("d8".parse().unwrap()).unwrap();
/// game.play(Move::Swap).unwrap();
/// assert_eq!(game.holder(Color::Black), Player::Two);
/// assert_eq!(game.player_to_move(), Player::One); // now with White
/// game.undo();
/// assert_eq!(game.holder(Color::Black), Player::One);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    first_black: Player,
    history: Vec<MoveReport>,
    /// Undone moves, the next to redo last.
    redo: Vec<Move>,
    position: Position,
    /// The colour that resigned, ending the game.
    resigned: Option<Color>,
}

impl Game {
    /// A new game; `black` is the player holding Black at the start.
    pub fn new(size: BoardSize, rules: Rules, black: Player) -> Game {
        Game {
            first_black: black,
            history: Vec::new(),
            redo: Vec::new(),
            position: Position::new(size, rules),
            resigned: None,
        }
    }

    /// Replays `moves`, stopping at the first illegal one.
    pub fn from_moves(
        size: BoardSize,
        rules: Rules,
        black: Player,
        moves: &[Move],
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(size, rules, black);
        for (i, &mv) in moves.iter().enumerate() {
            game.play(mv).map_err(|reason| ReplayError {
                number: i + 1,
                mv,
                reason,
            })?;
        }
        Ok(game)
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn size(&self) -> BoardSize {
        self.position.size()
    }

    pub fn rules(&self) -> Rules {
        self.position.rules()
    }

    /// The player who held Black at the start of the game.
    pub fn first_black(&self) -> Player {
        self.first_black
    }

    /// Every move played so far, with what it did.
    pub fn history(&self) -> &[MoveReport] {
        &self.history
    }

    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.iter().map(|r| r.mv)
    }

    pub fn last(&self) -> Option<&MoveReport> {
        self.history.last()
    }

    /// Whether White swapped sides (pie rule) in this game.
    pub fn swapped(&self) -> bool {
        self.history.iter().any(|r| r.mv == Move::Swap)
    }

    /// The player holding `color` now.
    pub fn holder(&self, color: Color) -> Player {
        Game::holder_given(self.first_black, self.swapped(), color)
    }

    /// The player holding `color` in a game where `first_black` held Black
    /// at the start and White `swapped` or not (for a game known only by
    /// these facts, such as a line of the results file).
    pub const fn holder_given(first_black: Player, swapped: bool, color: Color) -> Player {
        let black = if swapped {
            first_black.other()
        } else {
            first_black
        };
        match color {
            Color::Black => black,
            Color::White => black.other(),
        }
    }

    /// The colour `player` holds now.
    pub fn color_of(&self, player: Player) -> Color {
        if self.holder(Color::Black) == player {
            Color::Black
        } else {
            Color::White
        }
    }

    pub fn player_to_move(&self) -> Player {
        self.holder(self.position.to_move())
    }

    /// The player who won, once the game is over.
    pub fn winner(&self) -> Option<Player> {
        self.winning_color().map(|c| self.holder(c))
    }

    /// The colour that won, by a connection or the other's resignation.
    pub fn winning_color(&self) -> Option<Color> {
        self.position
            .winner()
            .or_else(|| self.resigned.map(Color::other))
    }

    /// Whether the game is over: connected, or resigned.
    pub fn is_over(&self) -> bool {
        self.winning_color().is_some()
    }

    /// The colour that resigned, if one did.
    pub fn resigned(&self) -> Option<Color> {
        self.resigned
    }

    /// `color` resigns: the other colour wins. Refused once the game is
    /// over; undoing a move takes the resignation back too.
    ///
    /// ```
    /// use brique_core::{BoardSize, Color, Game, Player, Rules};
    /// let mut game = Game::new(BoardSize::DEFAULT, Rules::default(), Player::One);
    /// game.play("d8".parse().unwrap()).unwrap();
    /// game.resign(Color::White).unwrap();
    /// assert_eq!(game.winner(), Some(Player::One));
    /// assert!(game.play("e8".parse().unwrap()).is_err());
    /// game.undo();
    /// assert!(!game.is_over() && game.history().is_empty());
    /// ```
    pub fn resign(&mut self, color: Color) -> Result<(), PlayError> {
        if let Some(winner) = self.winning_color() {
            return Err(PlayError::GameOver(winner));
        }
        self.resigned = Some(color);
        Ok(())
    }

    /// Plays `mv`; a new move clears the redo list. On error nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, PlayError> {
        if let Some(winner) = self.resigned.map(Color::other) {
            return Err(PlayError::GameOver(winner));
        }
        let report = self.position.play(mv)?;
        self.history.push(report);
        self.redo.clear();
        Ok(report)
    }

    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last move (fills and captures included), and a
    /// resignation after it; returns the move.
    pub fn undo(&mut self) -> Option<Move> {
        let undone = self.history.pop()?.mv;
        self.resigned = None;
        self.position = self.position_at(self.history.len());
        self.redo.push(undone);
        Some(undone)
    }

    /// Plays the last undone move again.
    pub fn redo(&mut self) -> Option<MoveReport> {
        let mv = self.redo.pop()?;
        match self.position.play(mv) {
            Ok(report) => {
                self.history.push(report);
                Some(report)
            }
            // Unreachable: a redo move was legal here before it was undone.
            Err(_) => {
                self.redo.clear();
                None
            }
        }
    }

    /// The position after the first `ply` moves (clamped to the moves played).
    ///
    /// Replaying is exact by construction and costs microseconds, so undo and
    /// history browsing need no stored snapshots.
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = Position::new(self.size(), self.rules());
        for report in self.history.iter().take(ply) {
            // Each move was legal in this very sequence.
            let _ = pos.play(report.mv);
        }
        pos
    }
}
