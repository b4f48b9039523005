//! `brique server`: runs the relay two players meet through (see
//! `crate::server`), or with `--load N` measures one under N pairs.

use std::io::IsTerminal;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::net::DEFAULT_RELAY_PORT;
use crate::server::{self, Limits, lobby};

/// `brique server`.
#[derive(clap::Args, Debug)]
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
    /// The lobby's database (SQLite), made if missing; the server's key is
    /// kept beside it (default: the data directory's `server/lobby.sqlite`).
    #[arg(long, value_name = "PATH", requires = "lobby")]
    pub db: Option<PathBuf>,
    /// Instead of serving: start a relay on the loopback interface, play N
    /// pairs of simulated clients through it, and print what it took; with
    /// --lobby, a lobby with N players seeking and playing rated games.
    #[arg(long, value_name = "N", conflicts_with_all = ["port", "bind"])]
    pub load: Option<usize>,
}

pub fn run(args: &ServerArgs) -> ExitCode {
    let open_files = server::raise_open_files();
    if let Some(pairs) = args.load {
        if args.lobby {
            return lobby_load(pairs);
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
    if args.lobby {
        return run_lobby(args, bind, limits);
    }
    let ready = |address: SocketAddr| {
        // The load test and scripts read the address from this line.
        let _ = super::print_stdout(&format!("brique server: listening on {address}\n"));
    };
    match server::run(bind, limits, ready) {
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

/// The relay and the lobby, in one process.
fn run_lobby(args: &ServerArgs, bind: SocketAddr, limits: Limits) -> ExitCode {
    let db = match &args.db {
        Some(db) => db.clone(),
        None => match crate::storage::Paths::from_platform(None, None) {
            Some(paths) => paths.data_dir.join("server").join(lobby::DB_FILE),
            None => {
                eprintln!("brique server: no home directory for the database: give --db PATH");
                return ExitCode::from(2);
            }
        },
    };
    let config = lobby::LobbyConfig {
        bind: SocketAddr::new(args.bind, args.lobby_port),
        key: db.with_file_name(lobby::SERVER_KEY_FILE),
        db,
        limits: lobby::LobbyLimits::default(),
    };
    let ready = |relay: SocketAddr, lobby: SocketAddr| {
        // Tests and scripts read the addresses from these lines.
        let _ = super::print_stdout(&format!(
            "brique server: listening on {relay}\nbrique server: lobby on {lobby}\n"
        ));
    };
    match lobby::run((bind, limits), config, ready) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("brique server: {e}");
            ExitCode::FAILURE
        }
    }
}

fn lobby_load(players: usize) -> ExitCode {
    if players < 2 {
        eprintln!("brique server: --lobby --load needs at least two players");
        return ExitCode::from(2);
    }
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("brique server: cannot find this program to start a server: {e}");
            return ExitCode::FAILURE;
        }
    };
    match lobby::load::run(players, &exe) {
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
