//! The settings the line mode plays by: the full-screen game's settings
//! file, read once at start-up (the line mode never writes it), and what
//! `settings` tells of them.

use std::path::PathBuf;

use crate::ai::Level;
use crate::app::Config;
use crate::app::Mode;

use super::command::Opponent;
use super::table::{Table, Terms};

/// Where the settings are kept, as `settings` tells it.
enum Kept {
    File(PathBuf),
    /// On the SSH server, for the player's key: its paths are never told.
    OnServer,
    Nowhere,
}

pub struct Settings {
    config: Config,
    kept: Kept,
    /// Where the online key and the known servers are kept (`online`).
    data_dir: Option<PathBuf>,
}

impl Settings {
    pub fn new(config: Config, path: Option<PathBuf>) -> Settings {
        let kept = path.map_or(Kept::Nowhere, Kept::File);
        Settings {
            config,
            kept,
            data_dir: None,
        }
    }

    /// The same settings, the online key kept in `data_dir`.
    pub fn with_data_dir(self, data_dir: Option<PathBuf>) -> Settings {
        Settings { data_dir, ..self }
    }

    /// A remote player's settings, kept on the server.
    pub fn on_server(config: Config) -> Settings {
        Settings {
            config,
            kept: Kept::OnServer,
            data_dir: None,
        }
    }

    /// The first game's terms: the settings' size, rules, clock and opponent.
    fn first_terms(&self) -> Terms {
        let engine = &self.config.engine;
        let opponent = match engine.mode {
            Mode::HumanVsComputer => Opponent::Computer(engine.level),
            Mode::HumanVsHuman | Mode::ComputerVsComputer => Opponent::People,
        };
        Terms {
            opponent,
            size: self.config.game.size,
            rules: self.config.game.rules(),
            clock: self.config.game.clock,
            black: self.config.players.black,
        }
    }

    pub fn first_table(&self) -> Table {
        self.table(self.first_terms())
    }

    /// A new game on `terms`, with the settings' names.
    pub fn table(&self, terms: Terms) -> Table {
        Table::new(terms, self.config.players.names.clone(), self.hint_level())
    }

    /// The review's search time per position, in milliseconds.
    pub fn review_millis(&self) -> u64 {
        u64::from(self.config.engine.review_seconds.0)
    }

    /// The relay that `host` and `join` go through, as the settings write
    /// it; or why there is none to use.
    pub fn relay(&self) -> Result<String, &'static str> {
        match (&self.kept, &self.config.network.server) {
            (Kept::OnServer, _) => Err("Games between friends are not played from this server: \
                 start brique --screen-reader on your own computer to host or join one."),
            (_, None) => Err(
                "No relay is set: put server = \"HOST:PORT\" under [network] in \
                 the settings file, or set the relay in the full-screen game's settings.",
            ),
            (_, Some(server)) => Ok(server.as_str().to_string()),
        }
    }

    /// The lobby's servers (`HOST:PORT` each) that `online` connects to,
    /// as the Online screen does; or why there are none.
    pub fn lobby_servers(&self) -> Result<Vec<String>, String> {
        let servers = &self.config.network.online_server;
        if servers.is_empty() {
            return Err(
                "No lobby server is set: put online_server = \"HOST:PORT\" under \
                 [network] in the settings file, or connect once from the full-screen game's \
                 Online screen."
                    .to_string(),
            );
        }
        Ok(servers
            .servers()
            .iter()
            .map(|s| s.as_str().to_string())
            .collect())
    }

    /// Where the online key is kept, if anywhere.
    pub fn data_dir(&self) -> Option<&std::path::Path> {
        self.data_dir.as_deref()
    }

    /// The name asked for on the lobby: the settings' online name, else
    /// the first player's (a key the lobby knows keeps its own).
    pub fn online_name(&self) -> String {
        let online = self.config.network.online_name.trim();
        if online.is_empty() {
            self.config.players.names[0].clone()
        } else {
            online.to_string()
        }
    }

    /// The name given to a friend in a game between friends.
    pub fn network_name(&self, hosting: bool) -> String {
        crate::app::name_for_friends(&self.config.players.names[0], hosting)
    }

    fn hint_level(&self) -> Level {
        self.config.engine.level
    }

    /// `settings`: what they are, and where to change them.
    pub fn lines(&self) -> Vec<String> {
        let c = &self.config;
        let clock = match c.game.clock {
            Some(control) => format!("{control}"),
            None => "none".to_string(),
        };
        let pie = if c.game.pie { "on" } else { "off" };
        let place = match &self.kept {
            Kept::File(path) => format!(
                "They are kept in {}; change them there or in the full-screen game's \
                 settings screen. The line mode reads them at start-up.",
                path.display()
            ),
            Kept::OnServer => "They are kept on this server for your key; the game screen's \
                               settings (ssh without screen-reader) change them."
                .to_string(),
            Kept::Nowhere => "No settings file is known, so the defaults are used.".to_string(),
        };
        vec![
            format!(
                "Players: {} and {}; {} holds Black at the start.",
                c.players.names[0],
                c.players.names[1],
                c.players.names[c.players.black.index()]
            ),
            format!(
                "New games: {n} by {n}, {} rules, pie rule {pie}, clock {clock}.",
                c.game.variant,
                n = c.game.size
            ),
            format!(
                "Opponent: {}; the computer's level: {}.",
                c.engine.mode.label(),
                c.engine.level.name()
            ),
            place,
        ]
    }
}
