//! `brique join`: the game screen, joining a game hosted over the network,
//! directly (`ADDR:PORT --code CODE`) or through a relay (a code of words,
//! and `--server` or the config's `[network] server`).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app::{ConfigFile, Locations, NetPlay, PlayArgs};
use crate::net::{JoinCode, WordCode, WordCodeError, lookup};

/// `brique join`.
#[derive(clap::Args, Debug)]
pub struct JoinArgs {
    /// The host's address and port, as its screen shows them (e.g.
    /// 192.168.1.20:7777); or, through a relay, the code of words its
    /// screen shows (e.g. 7-guitarist-revenge).
    #[arg(value_name = "ADDR:PORT or CODE")]
    pub host: String,
    /// The join code the host's screen shows, to join ADDR:PORT directly
    /// (case, spaces and dashes do not matter).
    #[arg(long, value_name = "CODE")]
    pub code: Option<String>,
    /// The relay (`brique server`) the host went through, for a code of
    /// words (default: the config's `[network] server`).
    #[arg(long, value_name = "HOST:PORT", conflicts_with = "code")]
    pub server: Option<String>,
    /// The config file to use (as for `brique`).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
}

pub fn run(args: &JoinArgs) -> ExitCode {
    let words = args.host.parse::<WordCode>();
    if let Ok(code) = words {
        let server = args
            .server
            .clone()
            .or_else(|| configured_relay(args.config.as_ref()));
        let Some(server) = server else {
            eprintln!(
                "brique: {code:?} is a code of words, for a game hosted through a relay: \
                 give the relay with --server HOST:PORT (or set [network] server in the config)."
            );
            return ExitCode::from(2);
        };
        let server = match lookup(&server) {
            Ok(server) => server,
            Err(e) => {
                eprintln!("brique: the relay (--server or [network] server): {e}");
                return ExitCode::from(2);
            }
        };
        return crate::app::run(&PlayArgs {
            config: args.config.clone(),
            network: Some(NetPlay::JoinVia { server, code }),
            ..PlayArgs::default()
        });
    }
    let Some(code) = &args.code else {
        // A number and two words with one of them mistyped: name the word
        // (only it, the code being a secret), not the direct way to join.
        if let Err(e @ (WordCodeError::FirstWord(_) | WordCodeError::SecondWord(_))) = words {
            eprintln!("brique: {e}: check the code of words the host gave you.");
            return ExitCode::from(2);
        }
        eprintln!(
            "brique: to join {} directly, give the host's join code with --code \
             (or, through a relay, the code of words and --server).",
            crate::core::Quoted(&args.host)
        );
        return ExitCode::from(2);
    };
    let code: JoinCode = match code.parse() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("brique: --code: {e}.");
            return ExitCode::from(2);
        }
    };
    let host = match lookup(&args.host) {
        Ok(host) => host,
        Err(e) => {
            eprintln!("brique: {e}");
            return ExitCode::from(2);
        }
    };
    crate::app::run(&PlayArgs {
        config: args.config.clone(),
        network: Some(NetPlay::Join { host, code }),
        ..PlayArgs::default()
    })
}

/// The config's `[network] server` (the file `--config`, `BRIQUE_CONFIG`
/// or the platform's names), if it sets one.
pub fn configured_relay(flag: Option<&PathBuf>) -> Option<String> {
    let env = std::env::var_os("BRIQUE_CONFIG").map(PathBuf::from);
    let path = Locations::resolve(flag.cloned(), env).config?;
    let loaded = ConfigFile::load(path);
    loaded.config.network.server.map(|s| s.as_str().to_string())
}
