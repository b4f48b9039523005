//! `brique host`: the game screen, hosting a game over the network,
//! directly or through a relay (`--server`, or the config's `[network]
//! server` unless `--port` or `--bind` asks to listen here).

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::app::{NetPlay, PlayArgs};
use crate::net::{DEFAULT_PORT, lookup};

/// `brique host`.
#[derive(clap::Args, Debug)]
pub struct HostArgs {
    /// The port to listen on (0: any free port, shown on screen); hosts
    /// here even when the config names a relay.
    #[arg(long)]
    pub port: Option<u16>,
    /// The address to listen on (default: every interface); hosts here
    /// even when the config names a relay.
    #[arg(long, value_name = "ADDR")]
    pub bind: Option<IpAddr>,
    /// Host through a relay (`brique server`) instead of listening: the
    /// screen shows a code of words such as 7-guitarist-revenge. Default:
    /// the config's `[network] server`, if any.
    #[arg(long, value_name = "HOST:PORT", conflicts_with_all = ["port", "bind"])]
    pub server: Option<String>,
    /// The config file to use (as for `brique`).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
}

pub fn run(args: &HostArgs) -> ExitCode {
    let listen_here = args.port.is_some() || args.bind.is_some();
    let relay = match &args.server {
        Some(server) => Some(server.clone()),
        None if listen_here => None,
        None => super::join::configured_relay(args.config.as_ref()),
    };
    let network = match relay {
        Some(server) => match lookup(&server) {
            Ok(server) => NetPlay::HostVia { server },
            Err(e) => {
                eprintln!("brique: the relay: {e}");
                return ExitCode::from(2);
            }
        },
        None => NetPlay::Host {
            bind: SocketAddr::new(
                args.bind.unwrap_or(IpAddr::from([0, 0, 0, 0])),
                args.port.unwrap_or(DEFAULT_PORT),
            ),
        },
    };
    crate::app::run(&PlayArgs {
        config: args.config.clone(),
        network: Some(network),
        ..PlayArgs::default()
    })
}
