//! One attempt at a puzzle: the player's moves, the engine's best defence
//! after each right one, and the defence that beats a wrong one.

use super::proof;
use super::puzzle::Puzzle;
use crate::core::{Move, PlayError, Position};

/// How an attempt stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Standing {
    /// The player is to move, with this many moves left to win in.
    ToMove { moves_left: u8 },
    /// The player connected.
    Solved,
    /// `wrong` does not force the win: after it, `defence` holds.
    Refuted { wrong: Move, defence: Move },
}

/// What one of the player's moves led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Right, and the engine defended with this move.
    Defended(Move),
    /// Right, and the game is won.
    Won,
    /// Wrong: this defence beats it.
    Refuted(Move),
}

#[derive(Clone, Debug)]
pub struct PuzzleRun {
    puzzle: Puzzle,
    position: Position,
    /// Every action played since the puzzle's position.
    played: Vec<Move>,
    standing: Standing,
}

impl PuzzleRun {
    pub fn new(puzzle: Puzzle) -> PuzzleRun {
        PuzzleRun {
            position: puzzle.position.clone(),
            standing: Standing::ToMove {
                moves_left: puzzle.n,
            },
            puzzle,
            played: Vec::new(),
        }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position on the board now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn played(&self) -> &[Move] {
        &self.played
    }

    pub fn standing(&self) -> &Standing {
        &self.standing
    }

    /// Plays the player's move. An illegal move, or a move once the attempt
    /// is over, is refused as the core refuses it and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<Answer, PlayError> {
        let Standing::ToMove { moves_left } = self.standing else {
            return Err(PlayError::GameOver(self.position.to_move()));
        };
        let right = if self.played.is_empty() {
            self.puzzle.moves.contains(&mv)
        } else {
            proof::winning_moves(&self.position, moves_left).contains(&mv)
        };
        let report = self.position.clone().play(mv)?;
        self.position.play(mv)?;
        self.played.push(mv);
        if report.won {
            self.standing = Standing::Solved;
            return Ok(Answer::Won);
        }
        let defence = if right {
            proof::longest_defence(&self.position, moves_left - 1)
        } else {
            proof::refutation(&self.position, moves_left - 1)
        };
        // The defender always has a move: the board is not full while the
        // game goes on.
        let Some(defence) = defence else {
            return Err(PlayError::GameOver(self.position.to_move()));
        };
        self.position.play(defence)?;
        self.played.push(defence);
        self.standing = if right {
            Standing::ToMove {
                moves_left: moves_left - 1,
            }
        } else {
            Standing::Refuted { wrong: mv, defence }
        };
        Ok(if right {
            Answer::Defended(defence)
        } else {
            Answer::Refuted(defence)
        })
    }
}
