//! Browsing the game: an earlier position on the board and in the side
//! panel, and playing from it, after asking, which discards the later moves.

use crate::app::action::{Action, HistoryStep};
use crate::app::message::{Message, Tone};
use crate::app::screen::{Question, Screen};
use crate::app::state::App;
use crate::core::Move;

impl App {
    pub(in crate::app) fn browse(&mut self, step: HistoryStep) {
        let total = self.game().history().len();
        let at = self.board.viewing().unwrap_or(total);
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
            return self.say(Tone::Info, text);
        }
        self.board.show_ply(self.session.game(), target);
    }

    /// A stone or a swap asked for while an earlier position is shown:
    /// asks before the later moves are discarded. False when the latest
    /// position is shown, so the move is played as usual.
    pub(in crate::app) fn played_in_the_past(&mut self, mv: Move) -> bool {
        let (Some(ply), Some(past)) = (self.board.viewing(), self.board.past_game()) else {
            return false;
        };
        let to_move = past.player_to_move();
        let preview = past.position().preview(mv).map(|_| ());
        // (A position looked at is never over: only the last move can win.)
        if let Some(computer) = self.computer.name(to_move).map(str::to_string) {
            let text = format!(
                "{computer} plays the move after this position: step to one where it is your turn."
            );
            self.say(Tone::Warning, text);
            return true;
        }
        match preview {
            Ok(_) => {
                let discards = self.game().history().len() - ply;
                self.screen = Screen::Confirm(Question::Branch { mv, discards });
            }
            Err(e) => self.say(
                Tone::Warning,
                format!("Not possible in this position: {e}."),
            ),
        }
        true
    }

    /// Yes to [`Question::Branch`]: the moves after the position shown are
    /// taken back, then `mv` is played from it.
    pub(in crate::app) fn branch(&mut self, mv: Move) {
        let Some(ply) = self.board.viewing() else {
            return;
        };
        let total = self.game().history().len();
        self.session.cut(ply);
        self.board.leave_past();
        self.play_move(mv);
        if self.game().history().len() == ply + 1 {
            let moves = if total == ply + 1 {
                format!("Move {total} was")
            } else {
                format!("Moves {} to {total} were", ply + 1)
            };
            self.tell(Tone::Info, format!("{moves} discarded."));
        }
    }

    /// What the side panel says while an earlier position is shown.
    pub(in crate::app) fn history_note(&self) -> Option<Message> {
        let ply = self.board.viewing()?;
        let total = self.game().history().len();
        let text = format!(
            "Viewing move {ply} of {total}: {} {} step, {} returns. \
             Playing here discards the later moves.",
            self.key(Action::History(HistoryStep::Back)),
            self.key(Action::History(HistoryStep::Forward)),
            self.key(Action::History(HistoryStep::Latest)),
        );
        Some(Message::new(Tone::Info, text))
    }
}
