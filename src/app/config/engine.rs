//! `[engine]`: who plays against whom, how strongly the computer plays,
//! on how many threads, whether it thinks on the player's time and whether
//! it resigns a lost game.

use std::num::NonZeroU16;
use strum::VariantArray;

use serde::{Deserialize, Serialize};

use super::refusal::ValueError;
use super::value::{Spelling, spelled};
use crate::ai::{Level, SearchConfig};
use crate::thinker::available_cores;

/// Who moves the stones in a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, VariantArray)]
pub enum Mode {
    /// Two people at one keyboard.
    #[default]
    HumanVsHuman,
    /// Player 1 is the person at the keyboard, Player 2 the computer.
    HumanVsComputer,
    /// The computer plays both sides, at a pace one can follow.
    ComputerVsComputer,
}

impl Mode {
    /// The spelling used in the config file.
    pub const fn key(self) -> &'static str {
        match self {
            Mode::HumanVsHuman => "human-vs-human",
            Mode::HumanVsComputer => "human-vs-computer",
            Mode::ComputerVsComputer => "computer-vs-computer",
        }
    }

    /// The name shown in the settings screen.
    pub const fn label(self) -> &'static str {
        match self {
            Mode::HumanVsHuman => "two players",
            Mode::HumanVsComputer => "you vs the computer",
            Mode::ComputerVsComputer => "computer vs computer (demo)",
        }
    }

    /// Reads a mode by its key, in any case.
    pub fn from_key(s: &str) -> Option<Mode> {
        let s = s.trim();
        Mode::VARIANTS
            .iter()
            .copied()
            .find(|m| m.key().eq_ignore_ascii_case(s))
    }
}

/// How many threads the searches that think for a time use (hard,
/// strongest, hints at those levels, analysis, pondering). The levels that
/// count iterations always search on one, so they play alike everywhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Threads {
    /// One per core of the machine running the program.
    #[default]
    All,
    Count(NonZeroU16),
}

impl Threads {
    /// The most the file may ask for: far beyond any machine's cores, small
    /// enough that a typo does not start thousands of threads.
    pub const MAX: u16 = 256;

    /// The number of threads to start.
    pub fn count(self) -> usize {
        match self {
            Threads::All => available_cores(),
            Threads::Count(n) => usize::from(n.get()),
        }
    }

    /// The choices offered in the settings: all cores, then 1 to the
    /// machine's cores (and the file's own number if it is more).
    pub fn choices(self) -> Vec<Threads> {
        let most = match self {
            Threads::Count(n) => n.get().max(cores_u16()),
            Threads::All => cores_u16(),
        };
        let counts = (1..=most).filter_map(NonZeroU16::new).map(Threads::Count);
        std::iter::once(Threads::All).chain(counts).collect()
    }
}

/// `all cores`, `1 thread`, `4 threads`.
impl std::fmt::Display for Threads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Threads::All => f.write_str("all cores"),
            Threads::Count(n) if n.get() == 1 => f.write_str("1 thread"),
            Threads::Count(n) => write!(f, "{n} threads"),
        }
    }
}

fn cores_u16() -> u16 {
    u16::try_from(available_cores())
        .unwrap_or(Threads::MAX)
        .min(Threads::MAX)
}

/// `[engine]`: the game mode of a new game and how the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineConfig {
    #[serde(with = "spelled")]
    pub mode: Mode,
    #[serde(with = "spelled")]
    pub level: Level,
    #[serde(with = "spelled")]
    pub threads: Threads,
    /// The computer thinks on the player's time, at the levels that think
    /// for a time (the others would play stronger than their budget).
    #[serde(with = "spelled")]
    pub ponder: bool,
    /// The computer resigns a game it has lost or as good as lost.
    #[serde(with = "spelled")]
    pub resign: bool,
    /// A game review's search time per position (on the threads above).
    #[serde(with = "spelled")]
    pub review_seconds: ReviewTime,
}

/// A game review's search time per position, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewTime(pub u32);

impl ReviewTime {
    /// About a second a position: a 60-move game in about a minute.
    pub const DEFAULT: ReviewTime = ReviewTime(1_000);
    /// The choices of the settings screen.
    pub const CHOICES: [ReviewTime; 6] = [
        ReviewTime(250),
        ReviewTime(500),
        ReviewTime(1_000),
        ReviewTime(2_000),
        ReviewTime(5_000),
        ReviewTime(10_000),
    ];
    const RANGE: std::ops::RangeInclusive<f64> = 0.05..=60.0;
}

/// `1 s a position`, `0.25 s a position`.
impl std::fmt::Display for ReviewTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} s a position", f64::from(self.0) / 1000.0)
    }
}

/// Seconds, whole or not: `1`, `0.5`.
impl Spelling for ReviewTime {
    fn spell(&self) -> toml::Value {
        toml::Value::Float(f64::from(self.0) / 1000.0)
    }

    fn read(value: &toml::Value) -> Result<ReviewTime, ValueError> {
        let seconds = match value {
            toml::Value::Float(f) => Some(*f),
            toml::Value::Integer(n) => Some(*n as f64),
            _ => None,
        };
        seconds
            .filter(|s| ReviewTime::RANGE.contains(s))
            .map(|s| ReviewTime((s * 1000.0).round() as u32))
            .ok_or(ValueError::Expected(
                "seconds from 0.05 to 60, e.g. 1 or 0.5",
            ))
    }
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            mode: Mode::default(),
            level: Level::default(),
            threads: Threads::All,
            ponder: true,
            resign: true,
            review_seconds: ReviewTime::DEFAULT,
        }
    }
}

impl EngineConfig {
    /// Whether the computer ponders at its level: only the levels that think
    /// for a time do.
    pub fn ponders(&self) -> bool {
        self.ponder && self.level.budget().iterations.is_none()
    }

    /// The settings of the game's search: the level's, with room for its
    /// threads, and for pondering when it ponders.
    pub fn search_config(&self, seed: u64) -> SearchConfig {
        let config = self.level.config(seed).on_threads(self.threads.count());
        if self.ponders() {
            config.pondering()
        } else {
            config
        }
    }
}

/// `"all"`, or a number of threads.
impl Spelling for Threads {
    fn spell(&self) -> toml::Value {
        match self {
            Threads::All => toml::Value::String("all".to_string()),
            Threads::Count(n) => toml::Value::Integer(i64::from(n.get())),
        }
    }

    fn read(value: &toml::Value) -> Result<Threads, ValueError> {
        let refusal = || ValueError::Threads(Threads::MAX);
        match value {
            toml::Value::String(s) if s.trim().eq_ignore_ascii_case("all") => Ok(Threads::All),
            toml::Value::Integer(n) => u16::try_from(*n)
                .ok()
                .filter(|&n| n <= Threads::MAX)
                .and_then(NonZeroU16::new)
                .map(Threads::Count)
                .ok_or_else(refusal),
            _ => Err(refusal()),
        }
    }
}

impl Spelling for Mode {
    fn spell(&self) -> toml::Value {
        toml::Value::String(self.key().to_string())
    }

    fn read(value: &toml::Value) -> Result<Mode, ValueError> {
        value
            .as_str()
            .and_then(Mode::from_key)
            .ok_or(ValueError::Expected(
                r#""human-vs-human", "human-vs-computer" or "computer-vs-computer""#,
            ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_has_room_for_its_threads_and_for_pondering() {
        let one = Threads::Count(NonZeroU16::MIN);
        let engine = |level, ponder| EngineConfig {
            level,
            threads: one,
            ponder,
            ..EngineConfig::default()
        };
        let hard = Level::Hard.config(7);
        assert_eq!(engine(Level::Hard, false).search_config(7), hard);
        assert_eq!(engine(Level::Hard, true).search_config(7), hard.pondering());
        assert!(hard.pondering().max_nodes > hard.max_nodes);
        let two = Threads::Count(NonZeroU16::new(2).unwrap());
        let on_two = EngineConfig {
            threads: two,
            ..engine(Level::Hard, false)
        };
        assert_eq!(on_two.search_config(7), hard.on_threads(2));
        // Medium counts iterations: it never ponders, so keeps its room.
        let medium = Level::Medium.config(7);
        assert_eq!(engine(Level::Medium, true).search_config(7), medium);
    }

    #[test]
    fn modes_are_read_by_their_keys_in_any_case() {
        for &mode in Mode::VARIANTS {
            assert_eq!(Mode::from_key(mode.key()), Some(mode));
            assert_eq!(Mode::from_key(&mode.key().to_uppercase()), Some(mode));
        }
        assert_eq!(Mode::from_key("computer"), None);
    }

    #[test]
    fn threads_read_all_or_a_number_in_range() {
        let read = |v: toml::Value| Threads::read(&v);
        assert_eq!(read("all".into()), Ok(Threads::All));
        assert_eq!(read("ALL".into()), Ok(Threads::All));
        let two = Threads::Count(NonZeroU16::new(2).unwrap());
        assert_eq!(read(2.into()), Ok(two));
        assert_eq!(two.count(), 2);
        assert!(Threads::All.count() >= 1);
        for bad in [
            toml::Value::from(0),
            257.into(),
            (-1).into(),
            "many".into(),
            2.5.into(),
        ] {
            assert!(read(bad).unwrap_err().to_string().contains("1 to 256"));
        }
    }

    #[test]
    fn the_settings_offer_all_cores_then_each_count() {
        let choices = Threads::All.choices();
        assert_eq!(choices[0], Threads::All);
        assert_eq!(choices[1].count(), 1);
        assert_eq!(choices.len(), 1 + Threads::All.count().min(256));
        let many = Threads::Count(NonZeroU16::new(200).unwrap());
        assert_eq!(many.choices().last(), Some(&many));
    }

    #[test]
    fn only_the_levels_that_think_for_a_time_ponder() {
        let at = |level| EngineConfig {
            level,
            ..EngineConfig::default()
        };
        assert!(at(Level::Hard).ponders() && at(Level::Strongest).ponders());
        assert!(!at(Level::Medium).ponders() && !at(Level::Easy).ponders());
        let off = EngineConfig {
            ponder: false,
            ..at(Level::Hard)
        };
        assert!(!off.ponders());
    }
}
