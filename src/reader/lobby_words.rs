//! The lobby's commands read (`online`, `seeks`, `seek …`, `accept N`,
//! `challenge NAME …`, `cancel`, `games`, `watch N`, `players`, `chat
//! TEXT`), and the lobby's lists said as lines. Apart from `command.rs`
//! so that the lobby's words live beside what they ask.

use crate::core::{BoardSize, Rules, Variant};
use crate::online::protocol::{GameSummary, Pace, SeekSummary, Terms};

use super::spec::Verb;

/// A lobby command, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyOrder {
    Connect,
    Seeks,
    Seek(SeekWords),
    /// A number of the seeks' list, from 1.
    Accept(usize),
    Challenge(String, SeekWords),
    Cancel,
    Games,
    /// A number of the games' list, from 1.
    Watch(usize),
    Players,
    Chat(String),
}

/// What `seek` and `challenge` say of the terms; the rest is as in the
/// last game (its size and rules), at the Online screen's pace (10+5), rated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeekWords {
    size: Option<u8>,
    variant: Option<Variant>,
    pie: Option<bool>,
    pace: Option<Pace>,
    rated: Option<bool>,
}

/// The pace a seek offers when it names none: the Online screen's.
const DEFAULT_PACE: Pace = Pace::Clock {
    minutes: 10,
    increment: 5,
};

impl SeekWords {
    /// The terms offered, what was left out taken from the last game's
    /// `size` and `rules`.
    pub fn terms(self, size: BoardSize, rules: Rules) -> Terms {
        Terms {
            size: self.size.unwrap_or(size.get()),
            variant: self.variant.unwrap_or(rules.variant),
            pie: self.pie.unwrap_or(rules.pie),
            pace: self.pace.unwrap_or(DEFAULT_PACE),
            rated: self.rated.unwrap_or(true),
        }
    }
}

/// Why a lobby command was not understood; the message says what to type.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error("{0} needs a number from its list, as in: {0} 1. Type {1} to hear the list.")]
    Number(&'static str, &'static str),
    #[error(
        "\"{0}\" is not understood in a seek: give a size from 5 to 25, original or revised, \
         pie or nopie, rated or casual, and a pace such as 10+5 (minutes, and seconds a move) \
         or 3d (days a move)."
    )]
    Seek(String),
    #[error("challenge needs a player's name, as in: challenge Ann 9 10+5.")]
    Name,
    #[error("chat needs something to say, as in: chat good game.")]
    Chat,
    #[error("{0} takes nothing after it.")]
    Extra(&'static str),
}

/// Whether `verb` is one of the lobby's commands.
pub const fn is_lobby(verb: Verb) -> bool {
    matches!(
        verb,
        Verb::Online
            | Verb::Seeks
            | Verb::Seek
            | Verb::Accept
            | Verb::Challenge
            | Verb::Cancel
            | Verb::Games
            | Verb::Watch
            | Verb::Players
            | Verb::Chat
    )
}

/// The lobby command `verb` (named `name`) with its words `rest`.
pub fn order(verb: Verb, name: &'static str, rest: &[&str]) -> Result<LobbyOrder, OrderError> {
    let plain = |order: LobbyOrder| {
        if rest.is_empty() {
            Ok(order)
        } else {
            Err(OrderError::Extra(name))
        }
    };
    match verb {
        Verb::Seek => seek_words(rest).map(LobbyOrder::Seek),
        Verb::Accept => number(rest, name, "seeks").map(LobbyOrder::Accept),
        Verb::Watch => number(rest, name, "games").map(LobbyOrder::Watch),
        Verb::Challenge => match rest.split_first() {
            Some((who, terms)) => {
                seek_words(terms).map(|words| LobbyOrder::Challenge((*who).to_string(), words))
            }
            None => Err(OrderError::Name),
        },
        Verb::Chat if rest.is_empty() => Err(OrderError::Chat),
        Verb::Chat => Ok(LobbyOrder::Chat(rest.join(" "))),
        Verb::Seeks => plain(LobbyOrder::Seeks),
        Verb::Cancel => plain(LobbyOrder::Cancel),
        Verb::Games => plain(LobbyOrder::Games),
        Verb::Players => plain(LobbyOrder::Players),
        _ => plain(LobbyOrder::Connect),
    }
}

fn number(rest: &[&str], name: &'static str, list: &'static str) -> Result<usize, OrderError> {
    match rest {
        [n] => n
            .parse::<usize>()
            .ok()
            .filter(|n| *n >= 1)
            .ok_or(OrderError::Number(name, list)),
        _ => Err(OrderError::Number(name, list)),
    }
}

/// A seek's words, in any order; their values are checked by the terms'
/// own check when the seek is made.
fn seek_words(words: &[&str]) -> Result<SeekWords, OrderError> {
    let mut seek = SeekWords::default();
    for word in words {
        let word = word.to_ascii_lowercase();
        match word.as_str() {
            "original" => seek.variant = Some(Variant::Original),
            "revised" => seek.variant = Some(Variant::Revised),
            "pie" => seek.pie = Some(true),
            "nopie" => seek.pie = Some(false),
            "rated" => seek.rated = Some(true),
            "casual" | "unrated" => seek.rated = Some(false),
            other => {
                if let Ok(size) = other.parse::<u8>() {
                    seek.size = Some(size);
                } else if let Some(pace) = pace(other) {
                    seek.pace = Some(pace);
                } else {
                    return Err(OrderError::Seek(word.clone()));
                }
            }
        }
    }
    Ok(seek)
}

/// `10+5` (a clock) or `3d` (days a move).
fn pace(word: &str) -> Option<Pace> {
    if let Some((minutes, increment)) = word.split_once('+') {
        return Some(Pace::Clock {
            minutes: minutes.parse().ok()?,
            increment: increment.parse().ok()?,
        });
    }
    let days = word.strip_suffix('d')?;
    days.parse().ok().map(Pace::Days)
}

/// `5 by 5, original rules, pie rule on, 10+5, rated`.
pub fn terms_words(terms: &Terms) -> String {
    let pie = if terms.pie { "on" } else { "off" };
    let rated = if terms.rated { "rated" } else { "casual" };
    format!(
        "{n} by {n}, {} rules, pie rule {pie}, {}, {rated}",
        terms.variant,
        terms.pace,
        n = terms.size
    )
}

/// `seeks`: the open seeks, numbered from 1.
pub fn seek_lines(seeks: &[SeekSummary], me: Option<&str>) -> Vec<String> {
    if seeks.is_empty() {
        return vec!["No seek is open. Type seek to offer a game.".to_string()];
    }
    let mut lines = vec![format!(
        "{} open, numbered: type accept and a number to take one.",
        count(seeks.len(), "seek")
    )];
    lines.extend(seeks.iter().enumerate().map(|(i, s)| {
        let by = if Some(s.by.as_str()) == me {
            "you".to_string()
        } else {
            let bot = if s.bot { ", a bot" } else { "" };
            format!("{} (rated {}{bot})", s.by, s.rating)
        };
        let to = match &s.to {
            Some(to) if Some(to.as_str()) == me => ", a challenge to you".to_string(),
            Some(to) => format!(", a challenge to {to}"),
            None => String::new(),
        };
        format!("{}: by {by}{to}: {}.", i + 1, terms_words(&s.terms))
    }));
    lines
}

/// `games`: the games in progress, numbered from 1.
pub fn game_lines(games: &[GameSummary]) -> Vec<String> {
    if games.is_empty() {
        return vec!["No game is in progress on the lobby.".to_string()];
    }
    let mut lines = vec![format!(
        "{} in progress, numbered: type watch and a number to follow one.",
        count(games.len(), "game")
    )];
    lines.extend(games.iter().enumerate().map(|(i, g)| {
        format!(
            "{}: {} (Black) against {} (White), {}; {} played, {} to move.",
            i + 1,
            g.black,
            g.white,
            terms_words(&g.terms),
            count(usize::from(g.ply), "move"),
            g.to_move
        )
    }));
    lines
}

/// `players`: who is connected.
pub fn player_line(players: &[String], bots: &[String]) -> String {
    if players.is_empty() {
        return "Nobody is connected to the lobby.".to_string();
    }
    let names: Vec<String> = players
        .iter()
        .map(|p| {
            if bots.contains(p) {
                format!("{p} (a bot)")
            } else {
                p.clone()
            }
        })
        .collect();
    format!(
        "{} connected: {}.",
        count(players.len(), "player"),
        names.join(", ")
    )
}

/// `1 seek`, `3 seeks`.
fn count(n: usize, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seek_words_read_in_any_order_and_a_wrong_one_is_told() {
        let size = BoardSize::new(9).unwrap();
        let rules = Rules {
            variant: Variant::Original,
            pie: true,
        };
        let words = seek_words(&["5", "3+2", "nopie", "casual"]).unwrap();
        let terms = words.terms(size, rules);
        assert_eq!((terms.size, terms.pie, terms.rated), (5, false, false));
        assert_eq!(terms.pace.to_string(), "3+2");
        assert_eq!(
            seek_words(&["2d"]).unwrap().terms(size, rules).pace,
            Pace::Days(2)
        );
        assert_eq!(SeekWords::default().terms(size, rules).pace, DEFAULT_PACE);
        assert!(matches!(seek_words(&["fast"]), Err(OrderError::Seek(_))));
        assert_eq!(
            order(Verb::Accept, "accept", &["x"]),
            Err(OrderError::Number("accept", "seeks"))
        );
        assert_eq!(
            order(Verb::Chat, "chat", &["good", "game"]),
            Ok(LobbyOrder::Chat("good game".to_string()))
        );
    }
}
