//! The state of one server among several over one PostgreSQL
//! (docs/server.md, "Several servers"): what it knows of the others, and
//! the events servers write for each other. The referee's side is in
//! `cluster` and `forward`.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::cluster_store::RemoteRow;
use crate::online::protocol::{Ask, FromServer, GameId, Reply, Request};

/// How often events are read without a poke, and the lists reloaded.
pub(super) const READ_EVERY: Duration = Duration::from_secs(1);
pub(super) const RELOAD_EVERY: Duration = Duration::from_secs(5);
/// Events are kept this long (a server that was away longer reloads).
pub(super) const EVENTS_KEPT_MS: i64 = 60_000;
/// A forwarded request unanswered this long is refused.
pub(super) const FORWARD_WAIT: Duration = Duration::from_secs(15);

/// What one server writes for the others.
#[derive(Serialize, Deserialize)]
pub(super) enum Event {
    /// For this server's connections of `keys`, and its watchers of `game`.
    Tell {
        keys: Vec<String>,
        game: Option<u64>,
        message: FromServer,
    },
    /// The lists changed: read them again.
    Lists,
    /// A request about a game this server owns, from a connection elsewhere.
    Ask {
        conn: u64,
        key: String,
        name: Option<String>,
        request: Request,
    },
    /// The answer to a request forwarded from here.
    Answer { conn: u64, reply: Reply },
}

/// A request waiting for another server's answer.
pub(super) struct Forwarded {
    pub(super) conn: u64,
    pub(super) game: u64,
    pub(super) request: Request,
    pub(super) key: String,
    pub(super) name: Option<String>,
    pub(super) since: Instant,
}

/// This server's part in the cluster.
pub(super) struct Cluster {
    pub(super) me: i64,
    pub(super) last_seq: i64,
    /// Other servers alive.
    pub(super) peers: usize,
    /// Keys online on other servers: their name, on how many servers.
    pub(super) elsewhere: HashMap<String, (Option<String>, usize)>,
    /// Games other servers referee.
    pub(super) remote: BTreeMap<u64, RemoteRow>,
    /// This server's connections watching games refereed elsewhere.
    pub(super) watching: HashMap<u64, HashSet<u64>>,
    pub(super) forwarded: Vec<Forwarded>,
    /// Set by the listener when a NOTIFY came; cleared when read.
    pub(super) poked: Arc<AtomicBool>,
    /// The lists changed elsewhere since they were read.
    pub(super) stale: bool,
    /// The lists were read again, to be pushed.
    pub(super) reloaded: bool,
    pub(super) last_read: Instant,
    pub(super) last_reload: Instant,
    pub(super) last_lease: Instant,
    pub(super) last_prune: Instant,
}

/// The game a request is about, when only the game's owner can answer it.
pub(super) fn game_of(ask: &Ask) -> Option<u64> {
    match ask {
        Ask::Move {
            game: GameId(game), ..
        }
        | Ask::Resign { game: GameId(game) }
        | Ask::Watch { game: GameId(game) }
        | Ask::Chat {
            game: GameId(game), ..
        }
        | Ask::Takeback { game: GameId(game) }
        | Ask::TakebackAnswer {
            game: GameId(game), ..
        } => Some(*game),
        _ => None,
    }
}
