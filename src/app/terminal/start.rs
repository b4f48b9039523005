//! Opening the screen's app where its files are: the settings file (or a
//! word on why none can be kept), the engine's seed, the saved games. The
//! same for the local terminal and for a remote session, which reads
//! nothing of this process (its variables, its terminal) to do it.

use std::path::PathBuf;

use crate::app::config::Config;
use crate::app::config::file::{ConfigFile, Loaded, Notice};
use crate::app::files::autosave::Opening;
use crate::app::state::App;
use crate::app::terminal::capabilities::TermCaps;
use crate::storage::Paths;

/// Where the screen's files are, resolved once at start-up.
#[derive(Clone, Debug)]
pub struct Locations {
    /// The config file: `--config`, else `BRIQUE_CONFIG`, else the
    /// platform's config directory; `None` when none of them is known.
    pub config: Option<PathBuf>,
    /// The platform's directories for games; `None` with no home directory.
    pub paths: Option<Paths>,
}

impl Locations {
    /// From the `--config` flag and the `BRIQUE_CONFIG` variable (empty: unset).
    pub fn resolve(flag: Option<PathBuf>, env: Option<PathBuf>) -> Locations {
        let env = env.filter(|p| !p.as_os_str().is_empty());
        let paths = Paths::from_platform(flag.clone(), env.clone());
        let config = match &paths {
            Some(paths) => Some(paths.config.clone()),
            None => flag.or(env),
        };
        Locations { config, paths }
    }
}

/// The app for a screen drawing on `terminal`, its things kept at
/// `locations` (`None`: a guest's, kept nowhere, with nothing to say
/// about it), opening the unfinished game or what `opening` asks for.
pub(in crate::app) fn open_app(
    locations: Option<Locations>,
    terminal: TermCaps,
    opening: &Opening,
) -> App {
    let (config, paths) = match locations {
        Some(Locations { config, paths }) => (Some(config), paths),
        None => (None, None),
    };
    let mut app = match config {
        Some(Some(path)) => App::new(ConfigFile::load(path), false),
        Some(None) => App::new(
            Loaded {
                config: Config::default(),
                file: ConfigFile::nowhere(),
                notice: Some(Notice {
                    title: "Settings".to_string(),
                    body: "No home directory is known, so settings cannot be saved. \
                           Use --config PATH to choose a file."
                        .to_string(),
                }),
            },
            false,
        ),
        None => App::with_config(Config::default()),
    };
    app.use_terminal(terminal);
    // The computer plays differently from run to run (tests keep a fixed seed).
    app.computer_mut().seed(clock_seed());
    // The unfinished game (or the record asked for), then an autosave after
    // every change to the game.
    app.open_files(paths, opening);
    app
}

/// A seed that differs from run to run (and from session to session).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
