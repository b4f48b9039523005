//! The settings kept between runs: one struct per `[section]` of the file,
//! the defaults from `Default`, and how each is spelled in the file (serde).
//! `config/document.rs` reads the file over the defaults and writes it back;
//! `config/value.rs` says how each type of value is spelled.

mod colour;
mod document;
pub(super) mod engine;
pub(super) mod file;
mod network;
mod refusal;
pub(in crate::app) mod value;

use serde::{Deserialize, Deserializer, Serialize};
use strum::VariantArray;

pub use colour::{BoardColours, Colour, PALETTES};
pub use document::ConfigProblem;
pub use network::{LobbyServers, NetworkConfig, RelayServer};
pub use refusal::{
    ConfigFileError, NameError, RelayServerError, SaveError, ThemeError, ValueError,
};
use value::{Spelling, spelled};

use crate::app::keys::bindings::KeyBindings;
use crate::core::{BoardSize, Player, Rules, TimeControl, Variant};
use engine::EngineConfig;

/// Longest player name, in characters: one limit with the lobby's names.
pub use crate::core::NAME_MAX_CHARS;

/// All settings, one struct per `[section]` of the file. Adding a setting
/// means a field here or in a section, with a type that has a `Spelling`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    pub players: PlayersConfig,
    pub game: GameConfig,
    pub display: DisplayConfig,
    pub engine: EngineConfig,
    pub network: NetworkConfig,
    pub ui: UiConfig,
    /// `[keys]`: the keys of each action, the table's unless changed.
    pub keys: KeyBindings,
}

/// `[players]`: names and who holds Black.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "PlayersFile", into = "PlayersFile")]
pub struct PlayersConfig {
    /// Names of Player 1 and Player 2: trimmed, non-empty, distinct.
    pub names: [String; 2],
    /// The player who holds Black (and moves first) in a new game.
    pub black: Player,
}

/// `[players]` as the file spells it: a key for each name.
#[derive(Serialize, Deserialize)]
#[serde(default)]
struct PlayersFile {
    #[serde(deserialize_with = "read_name")]
    player1: String,
    #[serde(deserialize_with = "read_name")]
    player2: String,
    #[serde(with = "spelled")]
    black: Player,
}

/// `[game]`: the rules of a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameConfig {
    #[serde(with = "spelled")]
    pub size: BoardSize,
    #[serde(rename = "rules", with = "spelled")]
    pub variant: Variant,
    #[serde(with = "spelled")]
    pub pie: bool,
    /// The time control of a new game (`None`: no clocks).
    #[serde(with = "spelled")]
    pub clock: Option<TimeControl>,
}

/// `[display]`: how the screen looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DisplayConfig {
    #[serde(with = "spelled")]
    pub theme: ThemeName,
    /// Mark the cursor's escorts and the stones in danger (on for new players).
    #[serde(with = "spelled")]
    pub escorts: bool,
    #[serde(flatten)]
    pub colours: BoardColours,
}

impl Default for DisplayConfig {
    fn default() -> Self {
        DisplayConfig {
            theme: ThemeName::default(),
            escorts: true,
            colours: BoardColours::default(),
        }
    }
}

/// `[ui]`: how the program talks to the player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct UiConfig {
    /// Start in the screen-reader mode (plain lines, typed commands) rather
    /// than the full screen; read at start-up.
    #[serde(with = "spelled")]
    pub screen_reader: bool,
}

/// The theme setting: colours, no colours, or no Unicode glyphs either.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, VariantArray)]
pub enum ThemeName {
    #[default]
    Color,
    Mono,
    Ascii,
}

impl ThemeName {
    /// The spelling used in the config file.
    pub const fn key(self) -> &'static str {
        match self {
            ThemeName::Color => "color",
            ThemeName::Mono => "mono",
            ThemeName::Ascii => "ascii",
        }
    }

    /// The name shown in the settings screen.
    pub const fn label(self) -> &'static str {
        match self {
            ThemeName::Color => "colour",
            ThemeName::Mono => "monochrome",
            ThemeName::Ascii => "ASCII",
        }
    }

    /// Reads `--theme`.
    pub fn from_arg(s: &str) -> Result<ThemeName, ThemeError> {
        ThemeName::parse(s).ok_or_else(|| ThemeError(s.to_string()))
    }

    fn parse(s: &str) -> Option<ThemeName> {
        match s.trim().to_ascii_lowercase().as_str() {
            "color" | "colour" => Some(ThemeName::Color),
            "mono" | "monochrome" => Some(ThemeName::Mono),
            "ascii" => Some(ThemeName::Ascii),
            _ => None,
        }
    }
}

impl Spelling for ThemeName {
    fn spell(&self) -> toml::Value {
        toml::Value::String(self.key().to_string())
    }

    fn read(value: &toml::Value) -> Result<ThemeName, ValueError> {
        value
            .as_str()
            .and_then(ThemeName::parse)
            .ok_or(ValueError::Expected(r#""color", "mono" or "ascii""#))
    }
}

impl Default for PlayersConfig {
    fn default() -> Self {
        PlayersConfig {
            names: [Player::One.to_string(), Player::Two.to_string()],
            black: Player::One,
        }
    }
}

impl Default for PlayersFile {
    fn default() -> Self {
        PlayersConfig::default().into()
    }
}

impl From<PlayersConfig> for PlayersFile {
    fn from(players: PlayersConfig) -> Self {
        let [player1, player2] = players.names;
        PlayersFile {
            player1,
            player2,
            black: players.black,
        }
    }
}

impl From<PlayersFile> for PlayersConfig {
    fn from(file: PlayersFile) -> Self {
        PlayersConfig {
            names: [file.player1, file.player2],
            black: file.black,
        }
    }
}

/// A name in quotes, checked one by one ([`check_names`] compares the two).
fn read_name<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let value = toml::Value::deserialize(deserializer)?;
    let text = value
        .as_str()
        .ok_or_else(|| serde::de::Error::custom("expected a name in quotes"))?;
    check_name(text).map_err(serde::de::Error::custom)
}

impl Default for GameConfig {
    fn default() -> Self {
        let rules = Rules::default();
        GameConfig {
            size: BoardSize::DEFAULT,
            variant: rules.variant,
            pie: rules.pie,
            clock: None,
        }
    }
}

impl GameConfig {
    /// The rules a new game is played by.
    pub fn rules(&self) -> Rules {
        Rules {
            variant: self.variant,
            pie: self.pie,
        }
    }
}

/// Checks a player name as typed: returns it trimmed, or why it is refused.
pub fn check_name(name: &str) -> Result<String, NameError> {
    let trimmed = name.trim();
    if trimmed.is_empty() {
        return Err(NameError::Empty);
    }
    if trimmed.chars().any(char::is_control) {
        return Err(NameError::Control);
    }
    let chars = trimmed.chars().count();
    if chars > NAME_MAX_CHARS {
        return Err(NameError::TooLong(chars));
    }
    Ok(trimmed.to_string())
}

/// Checks both names: each valid, and different from each other (ignoring case).
pub fn check_names(names: [&str; 2]) -> Result<[String; 2], (usize, NameError)> {
    let one = check_name(names[0]).map_err(|e| (0, e))?;
    let two = check_name(names[1]).map_err(|e| (1, e))?;
    if one.to_lowercase() == two.to_lowercase() {
        return Err((1, NameError::SameAsOther));
    }
    Ok([one, two])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  Zoë "), Ok("Zoë".to_string()));
        assert!(check_name("   ").is_err());
        assert!(check_name(&"x".repeat(NAME_MAX_CHARS + 1)).is_err());
        assert!(check_name(&"é".repeat(NAME_MAX_CHARS)).is_ok());
        assert!(check_names(["A", "a "]).is_err());
    }
}
