//! The lobby server's own bots as every player sees them (`brique server
//! --lobby --bots LEVELS`): named by their level (`brique-easy`, then
//! `brique-easy-2` for a second easy one), each seeking at its level's
//! usual terms. The server names them and seeks so; the Online screen
//! reads their level back from the name.

use crate::ai::Level;
use crate::core::Rules;
use crate::online::protocol::{Pace, Terms};

/// What every house bot's name starts with.
const PREFIX: &str = "brique-";

/// The name of the `nth` bot (from 1) of `level`.
pub fn name(level: Level, nth: u32) -> String {
    match nth {
        0 | 1 => format!("{PREFIX}{level}"),
        n => format!("{PREFIX}{level}-{n}"),
    }
}

/// The level of the house bot called `name`, if it is named as one.
pub fn level_of(name: &str) -> Option<Level> {
    let rest = name.strip_prefix(PREFIX)?;
    let (level, nth) = match rest.split_once('-') {
        Some((level, nth)) => (level, Some(nth)),
        None => (rest, None),
    };
    let counted = nth.is_none_or(|n| n.parse::<u32>().is_ok_and(|n| n >= 2));
    let level = Level::ALL.into_iter().find(|l| l.name() == level)?;
    counted.then_some(level)
}

/// The terms of a bot's own seek, and of a challenge to it unless the
/// challenger changes them: 9×9, 10+5, rated, the usual rules.
pub fn usual_terms() -> Terms {
    let rules = Rules::default();
    Terms {
        size: 9,
        variant: rules.variant,
        pie: rules.pie,
        pace: Pace::Clock {
            minutes: 10,
            increment: 5,
        },
        rated: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_house_bots_level_is_read_back_from_its_name() {
        for level in Level::ALL {
            for nth in [1, 2, 12] {
                assert_eq!(level_of(&name(level, nth)), Some(level));
            }
        }
        assert_eq!(name(Level::Easy, 1), "brique-easy");
        assert_eq!(name(Level::Hard, 2), "brique-hard-2");
        for other in [
            "easy",
            "brique-",
            "brique-expert",
            "brique-easy-1",
            "brique-easy-x",
            "brique-3",
        ] {
            assert_eq!(level_of(other), None, "{other}");
        }
    }
}
