//! Browsing the game: an earlier position on the board and in the side
//! panel, and playing from it, after asking, which discards the later moves.

use super::action::Action;
use super::state::{App, Level, Message, Question, Screen};
use crate::core::{Game, Move};

/// A step through the positions of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryStep {
    Back,
    Forward,
    /// The empty board.
    Start,
    /// The position after the last move, where play goes on.
    Latest,
}

/// An earlier position on screen: the game cut after its first `ply` moves,
/// so everything drawn from a game (board, players, last move, preview)
/// shows that position.
#[derive(Clone, Debug)]
pub(super) struct PastView {
    ply: usize,
    game: Game,
}

impl App {
    /// The game as the screen shows it: the game itself, or its first moves
    /// while an earlier position is browsed.
    pub fn shown_game(&self) -> &Game {
        self.view.as_ref().map_or(&self.game, |view| &view.game)
    }

    /// How many moves the position on screen has, while an earlier position
    /// is browsed (`None` at the latest position).
    pub fn viewing(&self) -> Option<usize> {
        self.view.as_ref().map(|view| view.ply)
    }

    pub(super) fn browse(&mut self, step: HistoryStep) {
        let total = self.game.history().len();
        let at = self.viewing().unwrap_or(total);
        let target = match step {
            HistoryStep::Back => at.saturating_sub(1),
            HistoryStep::Forward => (at + 1).min(total),
            HistoryStep::Start => 0,
            HistoryStep::Latest => total,
        };
        if target == at {
            let text = if at == total {
                "This is the latest position."
            } else {
                "This is the start of the game."
            };
            return self.say(Level::Info, text);
        }
        self.show_ply(target);
    }

    /// Shows the position after `ply` moves (the latest one when `ply` is
    /// past the last move).
    fn show_ply(&mut self, ply: usize) {
        self.moves_scroll = 0;
        self.view = None;
        if ply >= self.game.history().len() {
            return;
        }
        let moves: Vec<Move> = self.game.moves().take(ply).collect();
        // The moves were legal in this order, so the replay cannot fail.
        if let Ok(game) = Game::from_moves(
            self.game.size(),
            self.game.rules(),
            self.game.first_black(),
            &moves,
        ) {
            self.view = Some(PastView { ply, game });
        }
    }

    /// Keeps the earlier position on screen only while the game still has
    /// it: an undo below it or a new game ends the browsing; new moves
    /// (the computer's, say) do not.
    pub(super) fn check_view(&mut self) {
        if let Some(view) = &self.view {
            let still_there = view.ply < self.game.history().len()
                && self.game.moves().take(view.ply).eq(view.game.moves());
            if !still_there {
                self.view = None;
            }
        }
    }

    /// A stone or a swap asked for while an earlier position is shown:
    /// asks before the later moves are discarded. False for other actions,
    /// and when the latest position is shown, so they act as usual.
    pub(super) fn played_in_the_past(&mut self, action: Action) -> bool {
        if self.view.is_none() {
            return false;
        }
        let mv = match action {
            Action::Place => Move::Place(self.cursor),
            Action::Swap => Move::Swap,
            Action::Click { column, row } => match self.square_at(column, row) {
                Some(sq) => {
                    self.cursor = sq;
                    Move::Place(sq)
                }
                None => return false,
            },
            _ => return false,
        };
        let Some(view) = &self.view else {
            return false;
        };
        // (A position looked at is never over: only the last move can win.)
        if let Some(computer) = self.computer_name(view.game.player_to_move()) {
            let text = format!(
                "{computer} plays the move after this position: step to one where it is your turn."
            );
            self.say(Level::Warning, text);
            return true;
        }
        match view.game.position().preview(mv) {
            Ok(_) => {
                let discards = self.game.history().len() - view.ply;
                self.screen = Screen::Confirm(Question::Branch { mv, discards });
            }
            Err(e) => self.say(
                Level::Warning,
                format!("Not possible in this position: {e}."),
            ),
        }
        true
    }

    /// Yes to [`Question::Branch`]: the moves after the position shown are
    /// taken back, then `mv` is played from it.
    pub(super) fn branch(&mut self, mv: Move) {
        let Some(ply) = self.viewing() else {
            return;
        };
        let total = self.game.history().len();
        while self.game.history().len() > ply && self.game.undo().is_some() {}
        self.view = None;
        match mv {
            Move::Place(sq) => self.place(sq),
            Move::Swap => self.swap(),
        }
        if self.game.history().len() == ply + 1 {
            let moves = if total == ply + 1 {
                format!("Move {total} was")
            } else {
                format!("Moves {} to {total} were", ply + 1)
            };
            self.tell(Level::Info, format!("{moves} discarded."));
        }
    }

    /// What the side panel says while an earlier position is shown.
    pub(super) fn history_note(&self) -> Option<Message> {
        let ply = self.viewing()?;
        let total = self.game.history().len();
        let text = format!(
            "Viewing move {ply} of {total}: {} {} step, {} returns. \
             Playing here discards the later moves.",
            self.key(Action::History(HistoryStep::Back)),
            self.key(Action::History(HistoryStep::Forward)),
            self.key(Action::History(HistoryStep::Latest)),
        );
        Some(Message {
            text,
            level: Level::Info,
        })
    }
}
