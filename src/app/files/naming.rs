//! How the screens name the player's files. Locally a file is its path,
//! where the player can find it. Over SSH the files are on the server,
//! which a player never sees: a record is its name in "your records", the
//! settings are "your settings", and no server path is ever said.

use std::path::Path;

use crate::app::terminal::remote::confined::Reach;

/// The words for files, for the session the app runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Naming {
    /// A remote session's (`terminal/remote/confined.rs`).
    remote: bool,
}

impl Naming {
    /// The words for a session that may reach this far.
    pub fn of(reach: &Reach) -> Naming {
        Naming {
            remote: reach.is_session(),
        }
    }

    /// Whether paths are kept unsaid (a remote session).
    pub const fn names_only(self) -> bool {
        self.remote
    }

    /// A file: its path, or over SSH its name alone.
    pub fn file(self, path: &Path) -> String {
        if self.remote {
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        } else {
            path.display().to_string()
        }
    }

    /// A record written: `Saved to PATH.`, or `Saved in your records as
    /// NAME.` over SSH.
    pub fn saved_record(self, path: &Path) -> String {
        if self.remote {
            format!("Saved in your records as {}.", self.file(path))
        } else {
            format!("Saved to {}.", path.display())
        }
    }

    /// A record kept from an unfinished game: `PATH`, or `NAME in your
    /// records` over SSH.
    pub fn kept_record(self, path: &Path) -> String {
        if self.remote {
            format!("{} in your records", self.file(path))
        } else {
            path.display().to_string()
        }
    }

    /// The folder of saved records: its path, or `your records`.
    pub fn records_dir(self, dir: &Path) -> String {
        if self.remote {
            "your records".to_string()
        } else {
            dir.display().to_string()
        }
    }

    /// The settings file: its path, or `your settings`.
    pub fn settings_file(self, path: &Path) -> String {
        if self.remote {
            "your settings".to_string()
        } else {
            path.display().to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_ssh_no_folder_is_named() {
        let path = Path::new("/srv/brique/players/sha256-ab/data/records/online-3.brique");
        let remote = Naming { remote: true };
        for said in [
            remote.file(path),
            remote.saved_record(path),
            remote.kept_record(path),
            remote.records_dir(path.parent().unwrap()),
            remote.settings_file(Path::new("/srv/brique/players/sha256-ab/config.toml")),
        ] {
            assert!(!said.contains('/') && !said.contains("sha256"), "{said}");
        }
        assert_eq!(
            remote.saved_record(path),
            "Saved in your records as online-3.brique."
        );
        let local = Naming { remote: false };
        assert_eq!(
            local.saved_record(path),
            format!("Saved to {}.", path.display())
        );
    }
}
