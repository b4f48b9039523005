//! One remote game on the screen side, for a game between friends (direct
//! or through a relay) and a lobby game alike: which side this copy plays
//! (or none, watching), the board's keys checked against the game shown
//! (a move sent is shown once the other end has taken it), a take-back or
//! rematch asked and answered, the chat, the clocks as last heard counted
//! down here, and what the side panel says of it. What differs between the
//! two (a link to a friend, the lobby's client) stays behind [`Transport`].

pub(in crate::app) mod board;
mod carry;
mod clocks;
pub(in crate::app) mod deed;
pub(in crate::app) mod either;
mod route;

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crate::app::message::{Message, Tone};
use crate::core::{Game, Player, Square};
use crate::net::Request;

/// Chat lines kept for the side panel.
const CHAT_LINES: usize = 4;

/// What a remote game asks of the way it reaches the other player.
pub(in crate::app) trait Transport {
    /// Whether what is sent now reaches the other end.
    fn reaches(&self) -> bool;
    /// Whether a move of this copy's is played here (a friend's game's
    /// host referees), not sent to be checked at the other end.
    fn referees(&self) -> bool {
        false
    }
    /// What the side panel and messages call the other player.
    fn peer(&self) -> String;
    /// Why no move is made in the finished game shown, and what to do
    /// instead.
    fn over_text(&self, shown: &Shown<'_>) -> String;
    /// What a request waiting for its answer asks, after "Asked NAME ".
    fn asking_text(&self, request: Request) -> &'static str;
    /// Why `verb` ("play", "ask") cannot be done while the other end is
    /// not reached.
    fn not_connected(&self, verb: &str) -> String;
}

/// The game on the board as the keys see it.
pub(in crate::app) struct Shown<'a> {
    pub game: &'a Game,
    /// Its players' names, Player 1's first.
    pub names: &'a [String; 2],
    pub cursor: Square,
    /// Whether an earlier position is browsed.
    pub browsing: bool,
    /// Whether the game has ended (on the board, resigned, on time).
    pub over: bool,
    /// How the keys that the messages name are written.
    pub latest_key: String,
    pub new_key: String,
}

/// The clocks as the other end last told them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::app) struct Readings {
    /// Each player's time left, Player 1's first.
    pub left: [Duration; 2],
    /// Whose clock runs (at the other end, as of `heard_at`).
    pub running: Option<Player>,
    /// The player whose flag has fallen.
    pub flag: Option<Player>,
}

/// A game played (or watched) with the other player at the other end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::app) struct RemoteGame {
    /// The player this copy moves for; `None`: watching.
    me: Option<Player>,
    /// When the other end's clocks and game were last heard, on the
    /// session's clock.
    heard_at: Option<Instant>,
    /// What the other player asked and this one has not answered.
    asked: Option<Request>,
    /// What this player asked and the other has not answered.
    asking: Option<Request>,
    /// Chat lines and notes, the panel's last lines.
    lines: VecDeque<Message>,
}

impl RemoteGame {
    pub(in crate::app) const fn new(me: Option<Player>) -> RemoteGame {
        RemoteGame {
            me,
            heard_at: None,
            asked: None,
            asking: None,
            lines: VecDeque::new(),
        }
    }

    /// The player this copy moves for; `None`: watching.
    pub(in crate::app) const fn me(&self) -> Option<Player> {
        self.me
    }

    /// The other end was heard from at `now` (its clocks are of then).
    pub(in crate::app) const fn heard(&mut self, now: Instant) {
        self.heard_at = Some(now);
    }

    /// How long ago the other end was heard from.
    pub(in crate::app) fn since_heard(&self, now: Instant) -> Duration {
        self.heard_at
            .map_or(Duration::ZERO, |at| now.saturating_duration_since(at))
    }

    /// The request of the other player's that waits for an answer.
    pub(in crate::app) const fn asked(&self) -> Option<Request> {
        self.asked
    }

    /// The request of this player's that waits for an answer.
    pub(in crate::app) const fn asking(&self) -> Option<Request> {
        self.asking
    }

    /// The other player asks `request`: kept for the question unless one
    /// waits already (false: to be refused).
    pub(in crate::app) const fn take_ask(&mut self, request: Request) -> bool {
        if self.asked.is_some() {
            return false;
        }
        self.asked = Some(request);
        true
    }

    /// This player asked `request`.
    pub(in crate::app) const fn ask(&mut self, request: Request) {
        self.asking = Some(request);
    }

    /// The other player's request answered, or given up.
    pub(in crate::app) const fn answered(&mut self) -> Option<Request> {
        self.asked.take()
    }

    /// The other player's answer came (or nothing waits any more).
    pub(in crate::app) const fn heard_answer(&mut self) -> Option<Request> {
        self.asking.take()
    }

    /// Nothing waits on either side (a link lost or made again).
    pub(in crate::app) const fn forget_requests(&mut self) {
        (self.asked, self.asking) = (None, None);
    }

    /// A line among the chat's, in the side panel.
    pub(in crate::app) fn add_line(&mut self, tone: Tone, line: String) {
        if self.lines.len() == CHAT_LINES {
            self.lines.pop_front();
        }
        self.lines.push_back(Message::new(tone, line));
    }

    /// What the side panel says after the game's own notes: a request of
    /// this player's waiting, then the last chat lines.
    pub(in crate::app) fn notes(&self, link: &dyn Transport) -> Vec<Message> {
        let mut notes = Vec::new();
        if let Some(request) = self.asking {
            notes.push(Message::new(
                Tone::Info,
                format!(
                    "Asked {} {}; waiting for the answer.",
                    link.peer(),
                    link.asking_text(request)
                ),
            ));
        }
        notes.extend(self.lines.iter().cloned());
        notes
    }
}
