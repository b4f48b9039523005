//! The program's file locations, resolved once at start-up and injected
//! everywhere else, so tests can point them at temporary directories.

use std::path::{Path, PathBuf};

/// Where the config, the autosave, saved records and results live.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    /// The config file (TOML).
    pub config: PathBuf,
    /// Directory of state that is not the user's own files: the autosave.
    pub state_dir: PathBuf,
    /// Directory of user data: saved records and the results file.
    pub data_dir: PathBuf,
    /// Which autosave of the state directory is this copy's: 1 for
    /// `autosave.brique`, n for `autosave-n.brique` (see `AutosaveLock`).
    autosave_slot: u32,
}

impl Paths {
    /// All paths under one directory: for tests and portable installs.
    pub fn under(root: &Path) -> Paths {
        Paths {
            config: root.join("config.toml"),
            state_dir: root.join("state"),
            data_dir: root.join("data"),
            autosave_slot: 1,
        }
    }

    /// The platform's directories (on Linux `$XDG_CONFIG_HOME/brique/config.toml`,
    /// `$XDG_STATE_HOME/brique`, `$XDG_DATA_HOME/brique`), with the config file
    /// overridden by `--config` (`flag`) or else the `BRIQUE_CONFIG` variable
    /// (`env`). `None` when no home directory is known.
    pub fn from_platform(flag: Option<PathBuf>, env: Option<PathBuf>) -> Option<Paths> {
        let dirs = directories::ProjectDirs::from("", "", "brique")?;
        let state_dir = dirs
            .state_dir()
            .unwrap_or_else(|| dirs.data_local_dir())
            .to_path_buf();
        Some(Paths {
            config: flag
                .or(env)
                .unwrap_or_else(|| dirs.config_dir().join("config.toml")),
            state_dir,
            data_dir: dirs.data_dir().to_path_buf(),
            autosave_slot: 1,
        })
    }

    /// This copy's autosave: `autosave.brique`, or for a second copy playing
    /// at the same time `autosave-2.brique` and so on.
    pub fn autosave(&self) -> PathBuf {
        match self.autosave_slot {
            1 => self.state_dir.join("autosave.brique"),
            n => self.state_dir.join(format!("autosave-{n}.brique")),
        }
    }

    /// Which autosave is this copy's (1 for `autosave.brique`).
    pub const fn autosave_slot(&self) -> u32 {
        self.autosave_slot
    }

    /// The same paths with autosave number `slot` (from 1).
    pub(crate) fn with_autosave_slot(&self, slot: u32) -> Paths {
        Paths {
            autosave_slot: slot.max(1),
            ..self.clone()
        }
    }

    /// The lessons done and puzzles solved.
    pub fn progress(&self) -> PathBuf {
        self.state_dir.join("learning.toml")
    }

    pub fn records_dir(&self) -> PathBuf {
        self.data_dir.join("records")
    }

    pub fn results(&self) -> PathBuf {
        self.data_dir.join("results.tsv")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_beats_environment() {
        let flag = PathBuf::from("/flag.toml");
        let env = PathBuf::from("/env.toml");
        if let Some(p) = Paths::from_platform(Some(flag.clone()), Some(env.clone())) {
            assert_eq!(p.config, flag);
        }
        if let Some(p) = Paths::from_platform(None, Some(env.clone())) {
            assert_eq!(p.config, env);
        }
    }

    #[test]
    fn under_keeps_everything_inside() {
        let p = Paths::under(Path::new("/tmp/x"));
        for path in [
            p.config.clone(),
            p.autosave(),
            p.progress(),
            p.records_dir(),
            p.results(),
        ] {
            assert!(path.starts_with("/tmp/x"), "{path:?}");
        }
    }
}
