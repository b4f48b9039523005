//! `brique server`: runs the relay two players meet through (see
//! `crate::server`), or with `--load N` measures one under N pairs.

use std::io::IsTerminal;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::net::DEFAULT_RELAY_PORT;
use crate::server::ssh::{self, SshLimits, SshServer};
use crate::server::web::{WebLimits, WebServer};
use crate::server::{self, Limits, lobby};

/// `brique server`.
#[derive(clap::Args, Debug)]
#[command(group = clap::ArgGroup::new("engine_users").args(["ssh_port", "bots"]).multiple(true))]
pub struct ServerArgs {
    /// The port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = DEFAULT_RELAY_PORT)]
    pub port: u16,
    /// The address to listen on (default: every interface).
    #[arg(long, value_name = "ADDR", default_value = "0.0.0.0")]
    pub bind: IpAddr,
    /// Connections held at once, in all.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_connections)]
    pub max_connections: usize,
    /// Connections held at once from one address (IPv6: one /64 network).
    #[arg(long, value_name = "N", default_value_t = Limits::default().per_address)]
    pub max_per_address: usize,
    /// Nameplates asked and tried from one address in a minute.
    #[arg(long, value_name = "N", default_value_t = Limits::default().asks_per_minute)]
    pub asks_per_minute: u32,
    /// Also run the lobby (online play with anyone, rated games, an
    /// archive) on --lobby-port, keeping its state in --db.
    #[arg(long)]
    pub lobby: bool,
    /// The lobby's port (0: any free port, printed).
    #[arg(long, value_name = "PORT", default_value_t = DEFAULT_RELAY_PORT + 1, requires = "lobby")]
    pub lobby_port: u16,
    /// The lobby's database: an SQLite file, made if missing, with the
    /// server's key beside it (default: the data directory's
    /// `server/lobby.sqlite`); or a PostgreSQL server,
    /// `postgres://user@host:port/dbname`, the key then in --data-dir.
    #[arg(long, value_name = "PATH|URL", requires = "lobby")]
    pub db: Option<PathBuf>,
    /// The lobby server's key pair: made there if missing (private to this
    /// user, never over another file), else read. Give every server of
    /// one lobby the same file, so that players who move between them
    /// meet one key (default: `lobby-server.key` beside the SQLite file,
    /// or in --data-dir).
    #[arg(long, value_name = "FILE", requires = "lobby")]
    pub server_key: Option<PathBuf>,
    /// New players (keys taking a name) from one address in a day.
    #[arg(long, value_name = "N", default_value_t = lobby::LobbyLimits::default().registrations_per_day, requires = "lobby")]
    pub registrations_per_day: u32,
    /// Also serve read-only web pages of the lobby (games, players,
    /// leaderboards) on this port (0: any free port, printed).
    #[arg(long, value_name = "PORT", requires = "lobby")]
    pub web_port: Option<u16>,
    /// Web connections held at once from one address.
    #[arg(long, value_name = "N", default_value_t = WebLimits::default().per_address, requires = "web_port")]
    pub web_max_per_address: usize,
    /// Web connections one address may open a minute.
    #[arg(long, value_name = "N", default_value_t = WebLimits::default().connections_per_minute, requires = "web_port")]
    pub web_connections_per_minute: u32,
    /// Live games' event streams open at once from one address.
    #[arg(long, value_name = "N", default_value_t = WebLimits::default().streams_per_address, requires = "web_port")]
    pub web_streams_per_address: usize,
    /// Also serve the game over SSH on this port (0: any free port,
    /// printed), with the host key and the players' files in --data-dir.
    #[arg(long, value_name = "PORT")]
    pub ssh_port: Option<u16>,
    /// The server's data directory: the SSH host key, the SSH players'
    /// files, and the lobby's database unless --db says otherwise
    /// (default: the directory of --db, else the data directory's `server/`).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// SSH connections held at once, in all (one game each).
    #[arg(long, value_name = "N", default_value_t = SshLimits::default().sessions, requires = "ssh_port")]
    pub ssh_max_sessions: usize,
    /// SSH connections held at once from one address.
    #[arg(long, value_name = "N", default_value_t = SshLimits::default().per_address, requires = "ssh_port")]
    pub ssh_max_per_address: usize,
    /// Minutes without a key pressed before an SSH game is saved and closed
    /// (a fraction too: 0.5) [default: 30].
    #[arg(long, value_name = "MINUTES", value_parser = minutes, requires = "ssh_port")]
    pub ssh_idle_minutes: Option<std::time::Duration>,
    /// The SSH players' computer searches at once (default: one per core);
    /// more wait, and their players are told.
    #[arg(long, value_name = "N", default_value_t = SshLimits::default().engine_searches, requires = "engine_users")]
    pub engine_searches: usize,
    /// With --lobby: the server's own bots, one per level named
    /// (easy,casual,medium,hard,strongest; a level named twice, two bots),
    /// online as brique-LEVEL, brique-LEVEL-2…, their keys in --data-dir's
    /// `bots/`. They search in --engine-searches's slots.
    #[arg(
        long,
        value_name = "LEVELS",
        value_delimiter = ',',
        requires = "lobby",
        num_args = 1
    )]
    pub bots: Vec<crate::ai::Level>,
    /// With --lobby: the operator's tournaments, a TOML file of
    /// `[[tournament]]` tables (docs/server.md, "Tournaments"); a bad file
    /// is refused with its line.
    #[arg(long, value_name = "FILE", requires = "lobby")]
    pub tournaments: Option<PathBuf>,
    /// The games the server's bots play at once, in all (default: one per
    /// search slot); past it a challenge to a bot is refused, politely.
    #[arg(long, value_name = "N", requires = "bots", value_parser = clap::value_parser!(usize))]
    pub bot_games: Option<usize>,
    /// Instead of serving: start a relay on the loopback interface, play N
    /// pairs of simulated clients through it, and print what it took; with
    /// --lobby, a lobby with N players seeking and playing rated games;
    /// with --web-port, N watchers on one game's web event stream.
    #[arg(long, value_name = "N", conflicts_with_all = ["port", "bind", "ssh_port"])]
    pub load: Option<usize>,
    /// With --lobby --load on PostgreSQL (--db postgres://…): start K
    /// servers over that database, sharing one key, the players spread
    /// over them.
    #[arg(long, value_name = "K", default_value_t = 1, requires = "load", value_parser = clap::value_parser!(u8).range(1..=16))]
    pub servers: u8,
}

pub fn run(args: &ServerArgs) -> ExitCode {
    let open_files = server::raise_open_files();
    if let Some(pairs) = args.load {
        if args.web_port.is_some() {
            return web_load(pairs);
        }
        if args.lobby {
            return lobby_load(pairs, args.db.as_deref(), usize::from(args.servers));
        }
        return load(pairs, open_files);
    }
    let limits = Limits {
        max_connections: args.max_connections,
        per_address: args.max_per_address,
        asks_per_minute: args.asks_per_minute,
        ..Limits::default()
    };
    // What it refused, on standard error (BRIQUE_LOG=debug says more).
    let level = std::env::var("BRIQUE_LOG")
        .ok()
        .and_then(|l| l.parse::<tracing::Level>().ok())
        .unwrap_or(tracing::Level::INFO);
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(colour)
        .with_max_level(level)
        .try_init();
    if let Some(files) = open_files
        && u64::try_from(limits.max_connections).unwrap_or(u64::MAX) + 64 > files
    {
        tracing::warn!(
            files,
            "the open-file limit is below --max-connections: connections past it will fail"
        );
    }
    let bind = SocketAddr::new(args.bind, args.port);
    let ssh = match args.ssh_port.map(|port| start_ssh(args, port)).transpose() {
        Ok(ssh) => ssh,
        Err(code) => return code,
    };
    let said = ssh.as_ref().map(ssh_lines).unwrap_or_default();
    if args.lobby {
        return run_lobby(args, bind, limits, ssh, &said);
    }
    let ready = |address: SocketAddr| {
        // The load test and scripts read the address from this line.
        let _ = super::print_stdout(&format!("brique server: listening on {address}\n{said}"));
    };
    match server::run(bind, limits, ssh, ready) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("brique server: cannot listen on {bind}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn load(pairs: usize, open_files: Option<u64>) -> ExitCode {
    if pairs == 0 {
        eprintln!("brique server: --load needs at least one pair");
        return ExitCode::from(2);
    }
    // Each pair holds two sockets here and two in the relay.
    if let Some(files) = open_files
        && u64::try_from(pairs).unwrap_or(u64::MAX) * 2 + 64 > files
    {
        eprintln!("brique server: {pairs} pairs need more open files than the limit ({files})");
        return ExitCode::FAILURE;
    }
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("brique server: cannot find this program to start a relay: {e}");
            return ExitCode::FAILURE;
        }
    };
    match server::load::run(pairs, &exe) {
        Ok(report) => match super::print_stdout(&format!("{report}\n")) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => code,
        },
        Err(e) => {
            eprintln!("brique server: the load test failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The server's data directory: --data-dir, else that of --db, else the
/// platform's data directory's `server/`.
fn data_dir(args: &ServerArgs) -> Option<PathBuf> {
    let beside_db = match args
        .db
        .as_deref()
        .map(|db| lobby::Database::parse(db.as_os_str()))
    {
        Some(lobby::Database::File(db)) => {
            db.parent().map(|dir| match dir.as_os_str().is_empty() {
                true => PathBuf::from("."),
                false => dir.to_path_buf(),
            })
        }
        _ => None,
    };
    args.data_dir.clone().or(beside_db).or_else(|| {
        crate::storage::Paths::from_platform(None, None).map(|p| p.data_dir.join("server"))
    })
}

/// A positive number of minutes, as a duration.
fn minutes(text: &str) -> Result<std::time::Duration, super::arg_error::ArgError> {
    use super::arg_error::ArgError;
    let minutes: f64 = text
        .parse()
        .map_err(|_| ArgError::NotANumber(text.to_string()))?;
    std::time::Duration::try_from_secs_f64(minutes * 60.0)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| ArgError::NotPositiveMinutes(text.to_string()))
}

/// The SSH server bound, its key loaded or made.
fn start_ssh(args: &ServerArgs, port: u16) -> Result<SshServer, ExitCode> {
    let Some(dir) = data_dir(args) else {
        eprintln!("brique server: no home directory for the SSH host key: give --data-dir DIR");
        return Err(ExitCode::from(2));
    };
    let defaults = SshLimits::default();
    let limits = SshLimits {
        idle: args.ssh_idle_minutes.unwrap_or(defaults.idle),
        sessions: args.ssh_max_sessions,
        per_address: args.ssh_max_per_address,
        engine_searches: args.engine_searches,
        ..defaults
    };
    ssh::prepare(SocketAddr::new(args.bind, port), &dir, limits).map_err(|e| {
        eprintln!("brique server: {e}");
        ExitCode::FAILURE
    })
}

/// What the server says of its SSH side: where, and the key players check.
fn ssh_lines(ssh: &SshServer) -> String {
    format!(
        "brique server: ssh on {}\nbrique server: ssh host key {}\n",
        ssh.address, ssh.fingerprint
    )
}

/// Why the operator's tournaments file is refused: its name, and what or
/// which line is at fault.
#[derive(Debug, thiserror::Error)]
enum TournamentsFileError {
    #[error("{0}: {1}")]
    Read(String, std::io::Error),
    #[error("{0}: {1}")]
    Line(String, lobby::tournament::file::FileError),
    #[error(
        "{file}: tournament \"{name}\": this server runs swiss and arena tournaments only so far, not a {kind}"
    )]
    League {
        file: String,
        name: String,
        kind: lobby::tournament::Kind,
    },
}

/// The operator's tournaments file read and checked, or why not.
fn read_tournaments(
    path: &std::path::Path,
) -> Result<Vec<lobby::tournament::file::Scheduled>, TournamentsFileError> {
    let shown = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|e| TournamentsFileError::Read(shown.clone(), e))?;
    let scheduled = lobby::tournament::file::parse(&text)
        .map_err(|e| TournamentsFileError::Line(shown.clone(), e))?;
    match scheduled
        .iter()
        .find(|t| t.kind == lobby::tournament::Kind::League)
    {
        Some(t) => Err(TournamentsFileError::League {
            file: shown,
            name: t.name.clone(),
            kind: t.kind,
        }),
        None => Ok(scheduled),
    }
}

/// The relay and the lobby (and SSH), in one process.
fn run_lobby(
    args: &ServerArgs,
    bind: SocketAddr,
    limits: Limits,
    ssh: Option<SshServer>,
    said: &str,
) -> ExitCode {
    let db = match (&args.db, data_dir(args)) {
        (Some(db), _) => lobby::Database::parse(db.as_os_str()),
        (None, Some(dir)) => lobby::Database::File(dir.join(lobby::DB_FILE)),
        (None, None) => {
            eprintln!("brique server: no home directory for the database: give --db PATH");
            return ExitCode::from(2);
        }
    };
    // The key given; else beside an SQLite file, in the data directory
    // beside a server.
    let key = match (&args.server_key, &db, data_dir(args)) {
        (Some(key), _, _) => key.clone(),
        (None, lobby::Database::File(path), _) => path.with_file_name(lobby::SERVER_KEY_FILE),
        (None, lobby::Database::Postgres(_), Some(dir)) => dir.join(lobby::SERVER_KEY_FILE),
        (None, lobby::Database::Postgres(_), None) => {
            eprintln!(
                "brique server: no home directory for the server's key: give --data-dir DIR or --server-key FILE"
            );
            return ExitCode::from(2);
        }
    };
    let bots = match (args.bots.is_empty(), data_dir(args)) {
        (true, _) => None,
        (false, Some(dir)) => Some(lobby::bots::BotsConfig {
            levels: args.bots.clone(),
            dir,
            searches: args.engine_searches,
        }),
        (false, None) => {
            eprintln!("brique server: no home directory for the bots' keys: give --data-dir DIR");
            return ExitCode::from(2);
        }
    };
    let tournaments = match args.tournaments.as_deref().map(read_tournaments) {
        None => Vec::new(),
        Some(Ok(tournaments)) => tournaments,
        Some(Err(why)) => {
            eprintln!("brique server: {why}");
            return ExitCode::from(2);
        }
    };
    let config = lobby::LobbyConfig {
        bind: SocketAddr::new(args.bind, args.lobby_port),
        key,
        db,
        limits: lobby::LobbyLimits {
            registrations_per_day: args.registrations_per_day,
            bot_games: args.bot_games.unwrap_or(args.engine_searches),
            ..lobby::LobbyLimits::default()
        },
        bots,
        tournaments,
    };
    let web = match args
        .web_port
        .map(|port| bind_web(args, port, &config.db))
        .transpose()
    {
        Ok(web) => web,
        Err(code) => return code,
    };
    let web_line = match web.as_ref().map(WebServer::address).transpose() {
        Ok(address) => address
            .map(|a| format!("brique server: web on {a}\n"))
            .unwrap_or_default(),
        Err(e) => {
            eprintln!("brique server: the web pages' port: {e}");
            return ExitCode::FAILURE;
        }
    };
    let beside =
        web.map(|web| -> lobby::Beside { Box::new(move |showcase| Box::pin(web.serve(showcase))) });
    let ready = |relay: SocketAddr, lobby: SocketAddr| {
        // Tests and scripts read the addresses from these lines.
        let _ = super::print_stdout(&format!(
            "brique server: listening on {relay}\nbrique server: lobby on {lobby}\n{web_line}{said}"
        ));
    };
    match lobby::run((bind, limits), config, ssh, beside, ready) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("brique server: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The web pages' listener on `port`, with the limits the flags give.
fn bind_web(args: &ServerArgs, port: u16, db: &lobby::Database) -> Result<WebServer, ExitCode> {
    let limits = WebLimits {
        per_address: args.web_max_per_address,
        connections_per_minute: args.web_connections_per_minute,
        streams_per_address: args.web_streams_per_address,
        ..WebLimits::default()
    };
    let address = SocketAddr::new(args.bind, port);
    WebServer::bind(address, db.clone(), limits).map_err(|e| {
        eprintln!("brique server: cannot listen on {address} for the web pages: {e}");
        ExitCode::FAILURE
    })
}

/// The web pages' load test: `watchers` streams on one game.
fn web_load(watchers: usize) -> ExitCode {
    if watchers == 0 {
        eprintln!("brique server: --web-port --load needs at least one watcher");
        return ExitCode::from(2);
    }
    let Some(exe) = this_program() else {
        return ExitCode::FAILURE;
    };
    match server::web::load::run(watchers, &exe) {
        Ok(report) => match super::print_stdout(&format!("{report}\n")) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => code,
        },
        Err(e) => {
            eprintln!("brique server: the web load test failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The lobby's load test, on a new SQLite file, or on the PostgreSQL
/// database `--db` names.
fn lobby_load(players: usize, db: Option<&std::path::Path>, servers: usize) -> ExitCode {
    let postgres = match db.map(|db| lobby::Database::parse(db.as_os_str())) {
        None => None,
        Some(lobby::Database::Postgres(url)) => Some(url),
        Some(lobby::Database::File(_)) => {
            eprintln!(
                "brique server: --lobby --load makes its own SQLite file: give --db only for \
                 PostgreSQL (postgres://…)"
            );
            return ExitCode::from(2);
        }
    };
    if players < 2 {
        eprintln!("brique server: --lobby --load needs at least two players");
        return ExitCode::from(2);
    }
    if servers > 1 && postgres.is_none() {
        eprintln!(
            "brique server: --servers needs the servers' one PostgreSQL database: give --db \
             postgres://…"
        );
        return ExitCode::from(2);
    }
    let Some(exe) = this_program() else {
        return ExitCode::FAILURE;
    };
    match lobby::load::run(players, &exe, postgres.as_deref(), servers) {
        Ok(report) => match super::print_stdout(&format!("{report}\n")) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => code,
        },
        Err(e) => {
            eprintln!("brique server: the lobby load test failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// This program's path, for a load test to start servers from; `None`,
/// said, when it cannot be found.
fn this_program() -> Option<std::path::PathBuf> {
    std::env::current_exe()
        .inspect_err(|e| {
            eprintln!("brique server: cannot find this program to start a server: {e}")
        })
        .ok()
}

#[cfg(test)]
#[path = "server_tournaments_tests.rs"]
mod tests;
