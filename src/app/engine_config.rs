//! `[engine]`: who plays against whom, and how strongly the computer plays.

use serde::{Deserialize, Serialize};

use super::config::value::{Spelling, spelled};
use crate::ai::Level;

/// Who moves the stones in a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
    pub const ALL: [Mode; 3] = [
        Mode::HumanVsHuman,
        Mode::HumanVsComputer,
        Mode::ComputerVsComputer,
    ];

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
        Mode::ALL
            .into_iter()
            .find(|m| m.key().eq_ignore_ascii_case(s))
    }
}

/// `[engine]`: the game mode of a new game and the computer's level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineConfig {
    #[serde(with = "spelled")]
    pub mode: Mode,
    #[serde(with = "spelled")]
    pub level: Level,
}

impl Spelling for Mode {
    fn spell(&self) -> toml::Value {
        toml::Value::String(self.key().to_string())
    }

    fn read(value: &toml::Value) -> Result<Mode, String> {
        value.as_str().and_then(Mode::from_key).ok_or_else(|| {
            r#"expected "human-vs-human", "human-vs-computer" or "computer-vs-computer""#
                .to_string()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_are_read_by_their_keys_in_any_case() {
        for mode in Mode::ALL {
            assert_eq!(Mode::from_key(mode.key()), Some(mode));
            assert_eq!(Mode::from_key(&mode.key().to_uppercase()), Some(mode));
        }
        assert_eq!(Mode::from_key("computer"), None);
    }
}
