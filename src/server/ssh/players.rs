//! Who an SSH player is, and where their things live: a player is the
//! public key they authenticated with, named by its SHA-256 fingerprint;
//! their settings, autosave, records and puzzle progress live under
//! `<data dir>/players/<fingerprint>/`, apart from everyone else's. A
//! connection without a key is a guest, whose things are not kept.

use std::path::{Path, PathBuf};

use russh::keys::{HashAlg, PublicKey};

use crate::app::Locations;
use crate::storage::Paths;

/// The players' directory in the server's data directory.
pub const PLAYERS_DIR: &str = "players";

/// Whom a session plays for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A key's owner: its fingerprint as `ssh-keygen -l` shows it.
    Key {
        fingerprint: String,
    },
    Guest,
}

impl Player {
    pub fn of_key(key: &PublicKey) -> Player {
        Player::Key {
            fingerprint: key.fingerprint(HashAlg::Sha256).to_string(),
        }
    }

    /// The player's directory under `players`; `None` for a guest.
    pub fn dir(&self, players: &Path) -> Option<PathBuf> {
        match self {
            Player::Key { fingerprint } => Some(players.join(dir_name(fingerprint))),
            Player::Guest => None,
        }
    }

    /// Where the player's screen keeps its files (made if missing), or
    /// none for a guest.
    pub fn locations(&self, players: &Path) -> std::io::Result<Option<Locations>> {
        let Some(dir) = self.dir(players) else {
            return Ok(None);
        };
        make_private_dir(players)?;
        make_private_dir(&dir)?;
        let paths = Paths::under(&dir);
        Ok(Some(Locations {
            config: Some(paths.config.clone()),
            paths: Some(paths),
        }))
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Key { fingerprint } => f.write_str(fingerprint),
            Player::Guest => f.write_str("guest"),
        }
    }
}

/// A fingerprint (`SHA256:` and unpadded base64) as a file name: URL-safe
/// base64, so no `/`, and nothing a player chooses.
fn dir_name(fingerprint: &str) -> String {
    let digest = fingerprint.strip_prefix("SHA256:").unwrap_or(fingerprint);
    let safe: String = digest
        .chars()
        .map(|c| match c {
            '/' => '_',
            '+' => '-',
            c if c.is_ascii_alphanumeric() => c,
            _ => '_',
        })
        .collect();
    format!("sha256-{safe}")
}

/// Makes `dir` readable by the server alone (0700) if it is missing; an
/// existing one must be a real directory, not a link to elsewhere.
fn make_private_dir(dir: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(dir) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(_) => Err(std::io::Error::other(format!(
            "{} is not a directory",
            dir.display()
        ))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let mut builder = std::fs::DirBuilder::new();
            builder.recursive(true);
            #[cfg(unix)]
            std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
            builder.create(dir)
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingerprint_names_one_directory_with_no_separator_in_it() {
        let name = dir_name("SHA256:ab+/cd/../ef");
        assert_eq!(name, "sha256-ab-_cd_.._ef".replace("..", "__"));
        assert!(!name.contains('/') && !name.contains('.'));
    }

    #[test]
    fn a_key_gets_a_private_directory_and_a_guest_none() {
        let dir = tempfile::tempdir().unwrap();
        let players = dir.path().join(PLAYERS_DIR);
        let player = Player::Key {
            fingerprint: "SHA256:abc".to_string(),
        };
        let locations = player.locations(&players).unwrap().unwrap();
        let home = players.join("sha256-abc");
        assert_eq!(locations.config, Some(home.join("config.toml")));
        assert!(home.is_dir());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&home).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o700);
        }
        assert!(Player::Guest.locations(&players).unwrap().is_none());
    }
}
