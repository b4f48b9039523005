//! Why the lobby server could not start: each with what it was doing.

use std::io;
use std::net::SocketAddr;
use std::path::PathBuf;

use super::db::Database;
use super::game::RestoreError;
use super::store::StoreError;
use crate::online::IdentityError;

/// The lobby did not start; the message is what the operator reads.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot make {}: {source}", dir.display())]
    Folder { dir: PathBuf, source: io::Error },
    #[error("{db}: {source}")]
    Database { db: Database, source: StoreError },
    #[error("{db}: {source}")]
    Restore { db: Database, source: RestoreError },
    #[error(transparent)]
    Key(#[from] IdentityError),
    /// `what`: the thread that did not start.
    #[error("cannot start the {what}: {source}")]
    Thread {
        what: &'static str,
        source: io::Error,
    },
    #[error("cannot listen on {address}: {source}")]
    Listen {
        address: SocketAddr,
        source: io::Error,
    },
    /// The runtime, or a listener's own address.
    #[error(transparent)]
    Io(#[from] io::Error),
}
