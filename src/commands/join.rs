//! `brique join`: the game screen, joining a game hosted over the network.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app::{NetPlay, PlayArgs};
use crate::net::{JoinCode, resolve};

/// `brique join`.
#[derive(clap::Args, Debug)]
pub struct JoinArgs {
    /// The host's address and port, as its screen shows them (e.g.
    /// 192.168.1.20:7777).
    #[arg(value_name = "ADDR:PORT")]
    pub host: String,
    /// The join code the host's screen shows (case, spaces and dashes do
    /// not matter).
    #[arg(long, value_name = "CODE")]
    pub code: String,
    /// The config file to use (as for `brique`).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
}

pub fn run(args: &JoinArgs) -> ExitCode {
    let code: JoinCode = match args.code.parse() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("brique: --code: {e}.");
            return ExitCode::from(2);
        }
    };
    let host = match resolve(&args.host) {
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
