//! `brique host`: the game screen, hosting a game over the network.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::app::{NetPlay, PlayArgs};
use crate::net::{DEFAULT_PORT, lookup};

/// `brique host`.
#[derive(clap::Args, Debug)]
pub struct HostArgs {
    /// The port to listen on (0: any free port, shown on screen).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on (default: every interface).
    #[arg(long, value_name = "ADDR", default_value = "0.0.0.0")]
    pub bind: IpAddr,
    /// Host through a relay (`brique server`) instead of listening: the
    /// screen shows a code of words such as 7-guitarist-revenge.
    #[arg(long, value_name = "HOST:PORT", conflicts_with_all = ["port", "bind"])]
    pub server: Option<String>,
    /// The config file to use (as for `brique`).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
}

pub fn run(args: &HostArgs) -> ExitCode {
    if let Some(server) = &args.server {
        return match lookup(server) {
            Ok(server) => super::join::through_relay(server),
            Err(e) => {
                eprintln!("brique: --server: {e}");
                ExitCode::from(2)
            }
        };
    }
    crate::app::run(&PlayArgs {
        config: args.config.clone(),
        network: Some(NetPlay::Host {
            bind: SocketAddr::new(args.bind, args.port),
        }),
        ..PlayArgs::default()
    })
}
