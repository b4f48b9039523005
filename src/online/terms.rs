//! What a seek, a challenge or a tournament offers (docs/protocol.md,
//! "The lobby"): the board, the rules and the pace, and why such terms
//! are refused. Apart from the messages so that a tournament's wire
//! (`tournaments.rs`) and the messages both read it.

use serde::{Deserialize, Serialize};

use crate::core::{BoardSize, Rules, TimeControl, Variant};

/// Days per move in a correspondence game: 1 to this.
pub const MAX_DAYS: u8 = 14;

/// How long each side has: a clock (minutes each + seconds per move) or a
/// number of days for each move (correspondence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    Clock { minutes: u16, increment: u16 },
    Days(u8),
}

impl Pace {
    /// The clock's time control, for a clock game.
    pub const fn time_control(self) -> Option<TimeControl> {
        match self {
            Pace::Clock { minutes, increment } => TimeControl::new(minutes, increment),
            Pace::Days(_) => None,
        }
    }
}

impl std::fmt::Display for Pace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pace::Clock { minutes, increment } => write!(f, "{minutes}+{increment}"),
            Pace::Days(1) => f.write_str("1 day a move"),
            Pace::Days(n) => write!(f, "{n} days a move"),
        }
    }
}

/// What a seek or a challenge offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    pub size: u8,
    #[serde(with = "variant_name")]
    pub variant: Variant,
    pub pie: bool,
    pub pace: Pace,
    pub rated: bool,
}

impl Terms {
    /// The board size and rules, or why these terms are refused.
    pub fn check(&self) -> Result<(BoardSize, Rules), TermsError> {
        let size = BoardSize::new(self.size).map_err(|_| TermsError::Size(self.size))?;
        match self.pace {
            Pace::Clock { minutes, increment } => {
                if TimeControl::new(minutes, increment).is_none() {
                    return Err(TermsError::Clock { minutes, increment });
                }
            }
            Pace::Days(days) if !(1..=MAX_DAYS).contains(&days) => {
                return Err(TermsError::Days(days));
            }
            Pace::Days(_) => {}
        }
        Ok((
            size,
            Rules {
                variant: self.variant,
                pie: self.pie,
            },
        ))
    }
}

/// Why a seek's terms are refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TermsError {
    #[error(
        "a board of {0} is refused: sizes are {min} to {max}",
        min = BoardSize::MIN.get(),
        max = BoardSize::MAX.get()
    )]
    Size(u8),
    #[error(
        "a clock of {minutes}+{increment} is refused: at most {max_minutes}+{max_increment} and not 0+0",
        max_minutes = TimeControl::MAX_MINUTES,
        max_increment = TimeControl::MAX_INCREMENT
    )]
    Clock { minutes: u16, increment: u16 },
    #[error("{0} days a move is refused: 1 to {MAX_DAYS} days")]
    Days(u8),
}

/// A variant on the wire: its name (`original`, `revised`), as in records;
/// by hand because the core, serde-free, does not derive it.
pub(super) mod variant_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::core::Variant;

    pub fn serialize<S: Serializer>(variant: &Variant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(variant.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}
