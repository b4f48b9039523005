//! `[engine]`: who plays against whom, and how strongly the computer plays.

use toml_edit::Value;

use super::config::Section;
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineConfig {
    pub mode: Mode,
    pub level: Level,
}

impl Section for EngineConfig {
    const NAME: &'static str = "engine";
    const KEYS: &'static [&'static str] = &["mode", "level"];

    fn read(&mut self, key: &str, value: &Value) -> Result<(), String> {
        match key {
            "mode" => {
                self.mode = value.as_str().and_then(Mode::from_key).ok_or(
                    r#"expected "human-vs-human", "human-vs-computer" or "computer-vs-computer""#,
                )?;
            }
            _ => {
                // A name in quotes, or a bare number 1 to 5.
                let text = match (value.as_str(), value.as_integer()) {
                    (Some(text), _) => text.to_string(),
                    (None, Some(n)) => n.to_string(),
                    (None, None) => String::new(),
                };
                self.level = text.parse()?;
            }
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Value {
        match key {
            "mode" => self.mode.key().into(),
            _ => self.level.name().into(),
        }
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

    #[test]
    fn levels_are_read_by_name_or_number() {
        let mut engine = EngineConfig::default();
        engine.read("level", &Value::from(2)).unwrap();
        assert_eq!(engine.level, Level::Casual);
        engine.read("level", &Value::from("Hard")).unwrap();
        assert_eq!(engine.level, Level::Hard);
        assert!(engine.read("level", &Value::from(9)).is_err());
        assert!(engine.read("level", &Value::from(true)).is_err());
        assert_eq!(engine.level, Level::Hard, "a refused value changes nothing");
    }
}
