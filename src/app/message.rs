//! The status line: the last thing the app said, and in what tone. A leaf:
//! every part of the app can say something without importing the others.

/// How a message is shown: its colour, and which of two wins when they are
/// joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tone {
    Info,
    Success,
    Warning,
    Error,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub tone: Tone,
}

impl Message {
    pub fn new(tone: Tone, text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            tone,
        }
    }
}

/// `1 move`, `2 moves`: a count with its noun.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `Ann (Black) wins!`; a name that ends in brackets of its own takes the
/// colour inside them: `Computer (easy, Black) wins!`.
pub fn wins(name: &str, color: impl std::fmt::Display) -> String {
    format!("{} wins!", with_colour(name, color))
}

/// `Bob (White) ran out of time: Ann (Black) wins on time.`, the players
/// named by `names` (Player 1's first).
pub fn on_time_text(
    game: &crate::core::Game,
    names: [&str; 2],
    loser: crate::core::Player,
) -> String {
    let winner = loser.other();
    format!(
        "{} ({}) ran out of time: {} ({}) wins on time.",
        names[loser.index()],
        game.color_of(loser),
        names[winner.index()],
        game.color_of(winner)
    )
}

/// `Ann (Black) wins! n starts a new game.`: said when a move wins.
pub fn won(name: &str, color: impl std::fmt::Display, new_game: &str) -> String {
    format!("{} {new_game} starts a new game.", wins(name, color))
}

/// Said when `white` swaps: `white` now plays Black, `black` White.
pub fn swapped(white: &str, black: &str) -> String {
    format!("{white} swapped and now plays Black; {black} plays White and moves.")
}

/// Why a move was refused, with the keys that help (`new_game`, `undo`).
pub fn refused(
    mv: crate::core::Move,
    e: &crate::core::PlayError,
    new_game: &str,
    undo: &str,
) -> String {
    use crate::core::{Move, PlayError};
    match (mv, e) {
        (Move::Swap, e) => format!("No swap: {e}."),
        (_, PlayError::GameOver(_)) => format!(
            "The game is over: {new_game} starts a new game, {undo} takes the last move back."
        ),
        (_, PlayError::Occupied(sq)) => {
            format!("{sq} is taken: place your stone on an empty square.")
        }
        (_, e) => format!("Not possible: {e}."),
    }
}

/// `Ann (Black) resigns. Bob (White) wins!`: `loser` held `color`.
pub fn resigns(loser: &str, color: crate::core::Color, winner: &str) -> String {
    format!(
        "{} resigns. {}",
        with_colour(loser, color),
        wins(winner, color.other())
    )
}

/// The connection to the online server lost, and why (an error that may
/// hold brackets of its own, `connection refused (os error 111)`, so it
/// is not put in brackets): `Connection lost: why. Reconnecting…`.
pub fn connection_lost(why: &str) -> String {
    format!(
        "Connection lost: {}. Reconnecting…",
        why.trim_end_matches('.')
    )
}

/// `Ann (Black)`, `Computer (easy, Black)`.
pub fn with_colour(name: &str, color: impl std::fmt::Display) -> String {
    match name.strip_suffix(')') {
        Some(open) => format!("{open}, {color})"),
        None => format!("{name} ({color})"),
    }
}

/// The message on the status line, if any.
#[derive(Clone, Debug, Default)]
pub struct StatusLine {
    message: Option<Message>,
}

impl StatusLine {
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// Replaces what was said.
    pub fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.message = Some(Message::new(tone, text));
    }

    /// Adds to what was said (the graver tone wins) rather than replacing it.
    pub fn tell(&mut self, tone: Tone, text: impl Into<String>) {
        let text = text.into();
        match &mut self.message {
            Some(message) => {
                message.text.push(' ');
                message.text.push_str(&text);
                message.tone = message.tone.max(tone);
            }
            None => self.say(tone, text),
        }
    }

    pub fn clear(&mut self) {
        self.message = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_connection_says_why_without_brackets_in_brackets() {
        let text = connection_lost("connection refused (os error 111)");
        assert_eq!(
            text,
            "Connection lost: connection refused (os error 111). Reconnecting…"
        );
        // One pair of brackets at most, never one inside another.
        let mut depth = 0;
        for c in text.chars() {
            depth += match c {
                '(' => 1,
                ')' => -1,
                _ => 0,
            };
            assert!(depth <= 1, "{text}");
        }
    }

    #[test]
    fn counts_and_wins_read_as_english() {
        assert_eq!(count(1, "move"), "1 move");
        assert_eq!(count(0, "move"), "0 moves");
        assert_eq!(count(23, "move"), "23 moves");
        assert_eq!(
            wins("Computer (easy)", "Black"),
            "Computer (easy, Black) wins!"
        );
        assert_eq!(wins("Ann", "White"), "Ann (White) wins!");
    }

    #[test]
    fn telling_adds_to_the_message_and_the_graver_tone_wins() {
        let mut status = StatusLine::default();
        status.tell(Tone::Success, "Saved.");
        status.tell(Tone::Warning, "Not written.");
        status.tell(Tone::Info, "Done.");
        assert_eq!(
            status.message(),
            Some(&Message::new(Tone::Warning, "Saved. Not written. Done."))
        );
        status.say(Tone::Info, "New.");
        assert_eq!(status.message(), Some(&Message::new(Tone::Info, "New.")));
        status.clear();
        assert_eq!(status.message(), None);
    }
}
