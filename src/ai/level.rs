//! Playing strength: five levels from easy to strongest, each a search
//! budget. The game screen stores the level in its config by name.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::search::SearchConfig;

/// How long one search may run: whichever limit comes first ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    pub iterations: Option<u64>,
    /// Thinking time in milliseconds (the caller owns the clock).
    pub millis: Option<u64>,
}

impl Budget {
    /// No limit: the search runs until told to stop (analysis).
    pub const UNLIMITED: Budget = Budget {
        iterations: None,
        millis: None,
    };

    pub const fn iterations(n: u64) -> Budget {
        Budget {
            iterations: Some(n),
            millis: None,
        }
    }

    pub const fn millis(ms: u64) -> Budget {
        Budget {
            iterations: None,
            millis: Some(ms),
        }
    }
}

/// `10,000 iterations`, `1 second`, `0.25 seconds`, `unlimited`.
impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = |ms: u64| {
            let unit = if ms == 1000 { "second" } else { "seconds" };
            format!("{} {unit}", ms as f64 / 1000.0)
        };
        match (self.iterations, self.millis) {
            (Some(n), Some(ms)) => {
                write!(f, "{} iterations or {}", group_thousands(n), seconds(ms))
            }
            (Some(n), None) => write!(f, "{} iterations", group_thousands(n)),
            (None, Some(ms)) => f.write_str(&seconds(ms)),
            (None, None) => f.write_str("unlimited"),
        }
    }
}

/// `84000` as `84,000`.
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A playing strength of the computer opponent.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Casual,
    #[default]
    Medium,
    Hard,
    Strongest,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Casual,
        Level::Medium,
        Level::Hard,
        Level::Strongest,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Casual => "casual",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Strongest => "strongest",
        }
    }

    /// 1 (easy) to 5 (strongest).
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    pub fn from_number(n: u8) -> Option<Level> {
        Level::ALL.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// The search budget of one move. The lower levels count iterations, so
    /// they play the same on any machine; the upper two think for a time.
    /// Each level should beat the one below in three games of four
    /// (`brique arena`). A search gains less from each doubling the longer it
    /// already runs, so the top two steps are wide: hard is about 12 times
    /// medium (at 120,000 iterations a second), strongest 10 times hard.
    pub const fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget::iterations(200),
            Level::Casual => Budget::iterations(2_000),
            Level::Medium => Budget::iterations(10_000),
            Level::Hard => Budget::millis(1_000),
            Level::Strongest => Budget::millis(10_000),
        }
    }

    /// The search settings of this level, with a seed.
    pub fn config(self, seed: u64) -> SearchConfig {
        let default = SearchConfig {
            seed,
            ..SearchConfig::default()
        };
        match self {
            // The default tree (2^21 nodes, 44 MB) is full after about two
            // seconds (a search starts with the subtree kept from the last
            // one), and a full tree stops growing: its lines get no longer.
            // Raising the visits a leaf needs before it gets children as the
            // tree fills (4 when empty, 44 when full) keeps it growing for
            // the whole game, however many threads or pondered seconds feed
            // it. Hard with this beat hard without 14 games of 18. Ten
            // seconds of thinking need more room too (2^23 nodes, 176 MB):
            // even that was full after 2 to 7 s of most moves without it.
            //
            // The two of them play the smallest boards perfectly once the
            // exact solver has proven the position; the lower levels stay
            // beatable there.
            Level::Hard => SearchConfig {
                expand_growth: 10.0,
                exact: true,
                ..default
            },
            Level::Strongest => SearchConfig {
                max_nodes: 1 << 23,
                expand_growth: 10.0,
                exact: true,
                ..default
            },
            _ => default,
        }
    }

    /// The next level up or down, if any (for a settings screen).
    pub fn step(self, up: bool) -> Option<Level> {
        if up {
            Level::from_number(self.number() + 1)
        } else {
            Level::from_number(self.number().checked_sub(1)?)
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names no level, as typed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a level 1 to 5 or easy, casual, medium, hard, strongest; found {0:?}")]
pub struct LevelError(pub String);

/// Reads a level by name (`easy` … `strongest`) or number (`1` … `5`).
impl FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        let s = s.trim();
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .or_else(|| s.parse().ok().and_then(Level::from_number))
            .ok_or_else(|| LevelError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_levels_that_think_for_a_time_prove_exactly() {
        for level in Level::ALL {
            let timed = level.budget().millis.is_some();
            assert_eq!(level.config(0).exact, timed, "{level}");
        }
        assert!(Level::Hard.config(0).exact && Level::Strongest.config(0).exact);
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(group_thousands(0), "0");
        assert_eq!(group_thousands(999), "999");
        assert_eq!(group_thousands(84000), "84,000");
        assert_eq!(group_thousands(1234567), "1,234,567");
    }

    #[test]
    fn budgets_read_as_words() {
        assert_eq!(Budget::iterations(10_000).to_string(), "10,000 iterations");
        assert_eq!(Budget::millis(1_000).to_string(), "1 second");
        assert_eq!(Budget::millis(250).to_string(), "0.25 seconds");
        let both = Budget {
            iterations: Some(300),
            millis: Some(2_000),
        };
        assert_eq!(both.to_string(), "300 iterations or 2 seconds");
        assert_eq!(Budget::UNLIMITED.to_string(), "unlimited");
    }

    #[test]
    fn levels_read_by_name_and_number() {
        for level in Level::ALL {
            assert_eq!(level.name().parse(), Ok(level));
            assert_eq!(level.number().to_string().parse(), Ok(level));
        }
        assert!("6".parse::<Level>().is_err());
        assert!("0".parse::<Level>().is_err());
        assert!("expert".parse::<Level>().is_err());
        assert_eq!(Level::Easy.step(false), None);
        assert_eq!(Level::Easy.step(true), Some(Level::Casual));
        assert_eq!(Level::Strongest.step(true), None);
    }

    #[test]
    fn the_levels_that_think_for_a_time_grow_their_trees_slower_as_they_fill() {
        let default = SearchConfig::default();
        for level in Level::ALL {
            let config = level.config(1);
            assert_eq!(config.seed, 1);
            if level == Level::Strongest {
                assert_eq!(config.max_nodes, 4 * default.max_nodes);
                assert!(config.expand_growth > 0.0);
            } else if level == Level::Hard {
                assert_eq!(config.max_nodes, default.max_nodes);
                assert!(config.expand_growth > 0.0);
            } else {
                assert_eq!(config, SearchConfig { seed: 1, ..default });
            }
        }
    }

    #[test]
    fn levels_serialize_by_name() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Config {
            level: Level,
        }
        let text = toml::to_string(&Config { level: Level::Hard }).unwrap();
        assert_eq!(text.trim(), "level = \"hard\"");
        let back: Config = toml::from_str(&text).unwrap();
        assert_eq!(back.level, Level::Hard);
        assert!(toml::from_str::<Config>("level = \"expert\"").is_err());
    }
}
