//! Why a network game did not start: said in the form, or on the command
//! line at start-up.

use std::io;
use std::net::SocketAddr;

/// A network game that did not start; nothing has changed.
#[derive(Debug, thiserror::Error)]
pub enum NetStartError {
    #[error("no random join code: {0}")]
    NoCode(io::Error),
    #[error("cannot listen on {bind}: {source}")]
    Listen { bind: SocketAddr, source: io::Error },
    #[error("not a game through a relay")]
    NotViaRelay,
}
