//! The game on the board and the names of its two players: what the
//! autosave and records hold. Every change to the game goes through here,
//! and counts as a new revision (what the move list's scroll follows).

use crate::core::{Color, Game, Move, MoveReport, PlayError, Player};

#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    /// The names of the game's Player 1 and Player 2 (a record's own).
    names: [String; 2],
    /// Counts the changes to the game.
    revision: u64,
}

impl Session {
    pub fn new(game: Game, names: [String; 2]) -> Session {
        Session {
            game,
            names,
            revision: 0,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// The name a person gave Player 1 or Player 2.
    pub fn name(&self, player: Player) -> &str {
        &self.names[player.index()]
    }

    /// Changes to the game so far: equal revisions, the same game.
    pub const fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether leaving now would lose a game: moves played, nobody has won.
    pub fn in_progress(&self) -> bool {
        self.game.can_undo() && !self.game.is_over()
    }

    /// Replaces the game and its players (a new game, a record opened).
    pub fn replace(&mut self, game: Game, names: [String; 2]) {
        self.names = names;
        self.set_game(game);
    }

    /// Replaces the game, the players staying.
    pub fn set_game(&mut self, game: Game) {
        self.game = game;
        self.revision += 1;
    }

    pub fn rename(&mut self, names: [String; 2]) {
        self.names = names;
    }

    pub fn play(&mut self, mv: Move) -> Result<MoveReport, PlayError> {
        let report = self.game.play(mv)?;
        self.revision += 1;
        Ok(report)
    }

    /// `color` resigns the game (refused once it is over).
    pub fn resign(&mut self, color: Color) -> Result<(), PlayError> {
        self.game.resign(color)?;
        self.revision += 1;
        Ok(())
    }

    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.game.undo()?;
        self.revision += 1;
        Some(mv)
    }

    pub fn redo(&mut self) -> Option<MoveReport> {
        let report = self.game.redo()?;
        self.revision += 1;
        Some(report)
    }

    /// Takes back the moves after the first `ply`.
    pub fn cut(&mut self, ply: usize) {
        while self.game.history().len() > ply && self.undo().is_some() {}
    }
}
