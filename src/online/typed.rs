//! The lobby's typed values on the wire (`protocol.rs` holds the
//! messages): games' and seeks' numbers, a game's result, colours and
//! players. Each is read into its type at the boundary, so that a peer's
//! malformed value is a serde error there, never a text parsed later.

use serde::{Deserialize, Serialize};

use crate::core::Color;

/// A game's number on a server (a number on the wire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub u64);

/// A seek's or a challenge's number on a server (a number on the wire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeekId(pub u64);

/// A tournament's number on a server (a number on the wire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TournamentId(pub u64);

impl std::fmt::Display for TournamentId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::fmt::Display for SeekId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How a finished game ended: `{"by":"connection","winner":"black"}`,
/// `{"by":"time","winner":…}`, `{"by":"resignation","resigned":…}`,
/// `{"by":"abort"}` (before each side moved: unrated).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "by")]
pub enum GameResult {
    /// `winner` connected their sides.
    Connection {
        #[serde(with = "color_name")]
        winner: Color,
    },
    /// The other side's clock ran out.
    Time {
        #[serde(with = "color_name")]
        winner: Color,
    },
    Resignation {
        #[serde(with = "color_name")]
        resigned: Color,
    },
    Abort,
}

impl GameResult {
    /// The colour that resigned, for a resignation.
    pub const fn resigned(self) -> Option<Color> {
        match self {
            GameResult::Resignation { resigned } => Some(resigned),
            _ => None,
        }
    }

    /// Whether a clock ran out.
    pub const fn on_time(self) -> bool {
        matches!(self, GameResult::Time { .. })
    }
}

/// As players read it, and as the archive keeps it: `Black wins`, `White
/// wins on time`, `Black resigns`, `Aborted before each side moved`.
impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameResult::Connection { winner } => write!(f, "{winner} wins"),
            GameResult::Time { winner } => write!(f, "{winner} wins on time"),
            GameResult::Resignation { resigned } => write!(f, "{resigned} resigns"),
            GameResult::Abort => f.write_str(ABORTED),
        }
    }
}

/// Reads [`GameResult`]'s text back: the archive keeps results as text.
impl std::str::FromStr for GameResult {
    type Err = BadResult;

    fn from_str(text: &str) -> Result<GameResult, BadResult> {
        if text == ABORTED {
            return Ok(GameResult::Abort);
        }
        let color = |name: &str| {
            Color::ALL
                .into_iter()
                .find(|c| c.name() == name)
                .ok_or_else(|| BadResult(text.to_string()))
        };
        if let Some(winner) = text.strip_suffix(" wins on time") {
            Ok(GameResult::Time {
                winner: color(winner)?,
            })
        } else if let Some(winner) = text.strip_suffix(" wins") {
            Ok(GameResult::Connection {
                winner: color(winner)?,
            })
        } else if let Some(resigned) = text.strip_suffix(" resigns") {
            Ok(GameResult::Resignation {
                resigned: color(resigned)?,
            })
        } else {
            Err(BadResult(text.to_string()))
        }
    }
}

/// A text that is no game result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is no game result")]
pub struct BadResult(pub String);

/// The result of a game ended before each side moved, as said and kept.
pub const ABORTED: &str = "Aborted before each side moved";

/// A colour on the wire: `black` or `white`.
pub(super) mod color_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::core::Color;

    pub fn serialize<S: Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match color {
            Color::Black => "black",
            Color::White => "white",
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match String::deserialize(d)?.as_str() {
            "black" => Ok(Color::Black),
            "white" => Ok(Color::White),
            other => Err(serde::de::Error::unknown_variant(
                other,
                &["black", "white"],
            )),
        }
    }
}

/// A player on the wire: 1 or 2.
pub(super) mod player_number {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::core::Player;

    pub fn serialize<S: Serializer>(player: &Player, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(match player {
            Player::One => 1,
            Player::Two => 2,
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        match u8::deserialize(d)? {
            1 => Ok(Player::One),
            2 => Ok(Player::Two),
            n => Err(serde::de::Error::custom(format!(
                "player {n}: a player is 1 or 2"
            ))),
        }
    }
}

#[cfg(test)]
mod tests;
