//! Reading and writing the config file. A file that cannot be used is never
//! overwritten behind the user's back: only saving settings on purpose replaces
//! it, and then a copy of the old bytes is kept beside it.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use toml_edit::DocumentMut;

use crate::app::config::{Config, ConfigFileError, SaveError};
use crate::storage::{StorageError, atomic_write, read_bytes, read_text as read_bounded_text};

/// A config larger than this is refused: no settings file comes near it, and
/// `/dev/zero` or a huge file must not be read without end.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Where the settings are saved, if anywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigFile {
    path: Option<PathBuf>,
    /// The file existed at start-up but could not be used.
    unusable: bool,
}

/// The settings read at start-up, and what went wrong reading them.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub config: Config,
    pub file: ConfigFile,
    /// Problems to show the user (None when the file was fine or absent).
    pub notice: Option<Notice>,
}

/// A message box shown once, e.g. a config file that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub title: String,
    pub body: String,
}

/// What a successful save did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    pub path: PathBuf,
    /// Where the previous, unusable file was copied before being replaced.
    pub backup: Option<PathBuf>,
}

const HEADER: &str = "# Brique settings, written by the game's settings screen.\n\
# config.example.toml lists every key with its default.\n\n";

impl ConfigFile {
    /// Settings that are never saved (no config location is known).
    pub fn nowhere() -> ConfigFile {
        ConfigFile {
            path: None,
            unusable: false,
        }
    }

    pub fn at(path: PathBuf) -> ConfigFile {
        ConfigFile {
            path: Some(path),
            unusable: false,
        }
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Whether the file could not be used at start-up (so saving replaces it).
    pub fn unusable(&self) -> bool {
        self.unusable
    }

    /// Reads the settings at `path`: a missing file gives the defaults quietly;
    /// an unreadable or invalid one gives the defaults and a notice.
    pub fn load(path: PathBuf) -> Loaded {
        let shown = path.display().to_string();
        let read = read_text(&path).and_then(|text| text.map(|t| Config::read(&t)).transpose());
        let unusable = read.is_err();
        let (config, notice) = match read {
            Ok(None) => (Config::default(), None),
            Ok(Some((config, problems))) => {
                let notice = (!problems.is_empty()).then(|| Notice {
                    title: "Settings file".to_string(),
                    body: format!(
                        "{shown}:\n{}",
                        problems
                            .iter()
                            .map(|p| format!("  {p}"))
                            .collect::<Vec<_>>()
                            .join("\n")
                    ),
                });
                (config, notice)
            }
            Err(why) => (
                Config::default(),
                Some(Notice {
                    title: "Settings file not used".to_string(),
                    body: format!(
                        "{shown}:\n{why}\nThe game uses the default settings. The file is left \
                         as it is until you save settings, which replaces it and keeps a copy."
                    ),
                }),
            ),
        };
        if let Some(notice) = &notice {
            tracing::warn!("{}: {}", notice.title, notice.body);
        }
        Loaded {
            config,
            file: ConfigFile {
                path: Some(path),
                unusable,
            },
            notice,
        }
    }

    /// Saves the settings the user changed from `before` to `after`, on top of
    /// the file as it is now on disk, so other keys, comments and edits made
    /// meanwhile are kept. An unusable file is copied aside, then replaced.
    pub fn save(&mut self, before: &Config, after: &Config) -> Result<Saved, SaveError> {
        let path = self.path.as_deref().ok_or(SaveError::NowhereToKeep)?;
        let (text, backup) = match read_document(path) {
            Ok(Some(mut doc)) => {
                after.write_changes(before, &mut doc);
                (doc.to_string(), None)
            }
            Ok(None) => (fresh_text(after), None),
            Err(_) => {
                let backup = keep_copy(path).map_err(|source| SaveError::Backup {
                    path: path.to_path_buf(),
                    source,
                })?;
                (fresh_text(after), Some(backup))
            }
        };
        atomic_write(path, text.as_bytes()).map_err(|source| SaveError::Write {
            path: path.to_path_buf(),
            source,
        })?;
        let saved = Saved {
            path: path.to_path_buf(),
            backup,
        };
        self.unusable = false;
        Ok(saved)
    }
}

/// The file's text, `None` if there is none, or why it cannot be read. Read
/// as records are: regular files only (a FIFO or device is refused at once)
/// and at most [`MAX_CONFIG_BYTES`].
fn read_text(path: &Path) -> Result<Option<String>, ConfigFileError> {
    match read_bounded_text(path, MAX_CONFIG_BYTES) {
        Ok(text) => Ok(Some(text)),
        // No file there, nor can there be one (a parent is a file): nothing to read.
        Err(StorageError::Read { source, .. })
            if matches!(
                source.kind(),
                ErrorKind::NotFound | ErrorKind::NotADirectory
            ) =>
        {
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// The file parsed for editing, `None` if there is none, or why it cannot be used.
fn read_document(path: &Path) -> Result<Option<DocumentMut>, ConfigFileError> {
    let text = read_text(path)?;
    Ok(text.map(|t| t.parse::<DocumentMut>()).transpose()?)
}

/// A new file holding every setting that differs from the defaults.
fn fresh_text(config: &Config) -> String {
    let mut doc = DocumentMut::new();
    config.write_changes(&Config::default(), &mut doc);
    format!("{HEADER}{doc}")
}

/// Copies `path` to the first free `<name>.bak`, `<name>.bak1`, … beside it.
fn keep_copy(path: &Path) -> std::io::Result<PathBuf> {
    let bytes = read_bytes(path, MAX_CONFIG_BYTES).map_err(std::io::Error::other)?;
    let mut name = path.as_os_str().to_os_string();
    name.push(".bak");
    for n in 0..100 {
        let mut candidate = name.clone();
        if n > 0 {
            candidate.push(n.to_string());
        }
        let candidate = PathBuf::from(candidate);
        if !candidate.exists() {
            atomic_write(&candidate, &bytes)?;
            return Ok(candidate);
        }
    }
    Err(std::io::Error::other("too many backup copies already"))
}
