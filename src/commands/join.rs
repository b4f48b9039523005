//! `brique join`: the game screen, joining a game hosted over the network,
//! directly (`ADDR:PORT --code CODE`) or through a relay (a code of words
//! and `--server`).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::app::{NetPlay, PlayArgs};
use crate::net::{JoinCode, WordCode, lookup};

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
    /// The relay (`brique server`) the host went through, for a code of words.
    #[arg(long, value_name = "HOST:PORT", conflicts_with = "code")]
    pub server: Option<String>,
    /// The config file to use (as for `brique`).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
}

pub fn run(args: &JoinArgs) -> ExitCode {
    if let Ok(words) = args.host.parse::<WordCode>() {
        let Some(server) = &args.server else {
            eprintln!(
                "brique: {words:?} is a code of words, for a game hosted through a relay: \
                 give the relay with --server HOST:PORT."
            );
            return ExitCode::from(2);
        };
        return match lookup(server) {
            Ok(server) => through_relay(server),
            Err(e) => {
                eprintln!("brique: --server: {e}");
                ExitCode::from(2)
            }
        };
    }
    let Some(code) = &args.code else {
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

/// Play through a relay: the network side is ready (`net::host_via`,
/// `net::join_via`); the game screen takes it once the app's network
/// feature has its new shape.
pub fn through_relay(server: SocketAddr) -> ExitCode {
    eprintln!(
        "brique: the game screen cannot play through a relay yet ({server}): \
         host and join directly for now."
    );
    ExitCode::FAILURE
}
