//! What the two players of the online game on the board said to each other
//! and asked (the last chat lines, a take-back request waiting): data only,
//! kept with the game; `talk.rs` says and sends it.

use std::collections::VecDeque;

/// Chat lines the panel keeps, as in a friend's game.
const CHAT_LINES: usize = 4;

/// Who asked for the take-back that waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Asker {
    Me,
    Them,
}

/// What the two players of the game on the board said and asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Talk {
    lines: VecDeque<String>,
    pub(super) takeback: Option<Asker>,
}

impl Talk {
    pub(super) fn add_line(&mut self, line: String) {
        if self.lines.len() == CHAT_LINES {
            self.lines.pop_front();
        }
        self.lines.push_back(line);
    }

    /// The last lines said, oldest first.
    pub(super) fn lines(&self) -> impl Iterator<Item = &String> {
        self.lines.iter()
    }

    /// Whether the other player's take-back request waits for an answer.
    pub fn asked(&self) -> bool {
        self.takeback == Some(Asker::Them)
    }
}
