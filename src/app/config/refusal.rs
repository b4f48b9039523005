//! Why the config refuses something: a setting's value, a player's name, a
//! relay's address, or a save. Each message is the one the player reads.

use std::io;
use std::path::PathBuf;

use crate::ai::LevelError;
use crate::core::{BoardSize, NAME_MAX_CHARS, Quoted, TimeControlError, VariantError};

/// A setting's value that its type refuses; the message is shown beside the
/// setting's line in the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// A value of the wrong kind or spelling: what the setting takes.
    #[error("expected {0}")]
    Expected(&'static str),
    #[error("board size must be {} to {} (got {got})", BoardSize::MIN, BoardSize::MAX, got = .0)]
    BoardSize(i64),
    #[error(transparent)]
    Variant(#[from] VariantError),
    #[error(transparent)]
    Level(#[from] LevelError),
    #[error("{0}, or \"off\"")]
    TimeControl(#[from] TimeControlError),
    #[error(r#"expected "all" or a number of threads 1 to {0}"#)]
    Threads(u16),
    /// `0`: the colours known by name.
    #[error("expected \"#rrggbb\" or one of {0}")]
    Colour(String),
    #[error(transparent)]
    Relay(#[from] RelayServerError),
    /// A list that must hold something: what it takes.
    #[error("an empty list: expected {0}")]
    EmptyList(&'static str),
}

/// A server's address that is not `HOST:PORT`, as typed, and whose it was
/// meant to be.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} is not {}'s HOST:PORT such as \"relay.example.org:7778\" (\"\" for none)",
    Quoted(.text),
    if *.lobby { "the server" } else { "a relay" }
)]
pub struct RelayServerError {
    pub text: String,
    /// Meant as the lobby server's address rather than a relay's.
    pub lobby: bool,
}

impl RelayServerError {
    /// The same refusal, of an address meant for the lobby server.
    pub fn of_the_lobby(self) -> RelayServerError {
        RelayServerError {
            lobby: true,
            ..self
        }
    }
}

/// A player's name that the settings refuse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("a name cannot be empty")]
    Empty,
    #[error("a name cannot contain control characters")]
    Control,
    #[error("a name has at most {NAME_MAX_CHARS} characters (this one has {0})")]
    TooLong(usize),
    #[error("the two players need different names")]
    SameAsOther,
}

/// A `--theme` that names no theme.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?}: expected color, mono or ascii")]
pub struct ThemeError(pub String);

/// A settings file that cannot be used: unread, or not TOML.
#[derive(Debug, thiserror::Error)]
pub enum ConfigFileError {
    #[error(transparent)]
    Unread(#[from] crate::storage::StorageError),
    #[error(transparent)]
    NotToml(#[from] toml::de::Error),
    #[error(transparent)]
    NotEditable(#[from] toml_edit::TomlError),
}

/// Why the settings were not saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("nothing is kept here (no home directory, or a guest's session)")]
    NowhereToKeep,
    #[error("could not keep a copy of {} ({source}); not saved", .path.display())]
    Backup { path: PathBuf, source: io::Error },
    #[error("could not write {}: {source}", .path.display())]
    Write { path: PathBuf, source: io::Error },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_refused_says_whose_it_was_meant_to_be() {
        let relay = RelayServerError {
            text: "relay:0".to_string(),
            lobby: false,
        };
        assert_eq!(
            relay.to_string(),
            "\"relay:0\" is not a relay's HOST:PORT such as \"relay.example.org:7778\" (\"\" for none)"
        );
        assert_eq!(
            relay.of_the_lobby().to_string(),
            "\"relay:0\" is not the server's HOST:PORT such as \"relay.example.org:7778\" (\"\" for none)"
        );
    }

    #[test]
    fn values_refused_keep_their_words() {
        assert_eq!(
            ValueError::BoardSize(30).to_string(),
            "board size must be 5 to 25 (got 30)"
        );
        assert_eq!(
            ValueError::Expected("true or false").to_string(),
            "expected true or false"
        );
        assert!(
            ValueError::Colour("tan".to_string())
                .to_string()
                .starts_with("expected \"#rrggbb\" or one of ")
        );
        assert_eq!(
            NameError::TooLong(23).to_string(),
            format!("a name has at most {NAME_MAX_CHARS} characters (this one has 23)")
        );
    }
}
