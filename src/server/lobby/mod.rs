//! `brique server --lobby`: the lobby beside the relay, where players with
//! a key find games (seeks, challenges), and the server referees them (the
//! core checks every move, its clock decides a loss on time), rates them
//! (Glicko-2) and keeps them (SQLite by default, or PostgreSQL: `db`,
//! docs/server.md). Protocol:
//! docs/protocol.md, "The lobby"; the client is [`crate::online`].
//!
//! Connections are tokio tasks, as the relay's are; the state and the
//! database belong to one referee thread (`referee`).

mod archive;
mod asks;
mod bot_accounts;
pub mod bots;
mod chat;
mod cluster;
mod cluster_state;
mod cluster_store;
mod conn;
mod db;
mod ending;
mod forward;
mod game;
mod limits;
mod listener;
pub mod load;
mod names;
mod referee;
mod refusal;
mod registrations;
mod schema;
mod showcase;
mod start_error;
mod store;
mod store_tournaments;
mod takeback;
pub mod tournament;
mod tournament_arena;
mod tournament_asks;
mod tournament_page;
mod tournament_run;
mod tournament_schedule;
mod tournament_state;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use tokio::net::TcpListener;

pub use db::Database;
pub use ending::GAMES_TO_COUNT;
pub use limits::LobbyLimits;
pub use names::RENAME_EVERY_DAYS;
use referee::Referee;
pub use showcase::Showcase;
pub use start_error::StartError;
pub use store::ABORTED;
pub use store::{Store, StoreError};
pub use store_tournaments::{Entry, NewTournament, StoredPairing, StoredRound, StoredTournament};

use super::Limits;
use super::registry::Registry;
use crate::online::Identity;

/// The server's key and database file names in its data directory.
pub const SERVER_KEY_FILE: &str = "lobby-server.key";
pub const DB_FILE: &str = "lobby.sqlite";

/// Where the lobby keeps its state, and its limits.
#[derive(Clone, Debug)]
pub struct LobbyConfig {
    pub bind: SocketAddr,
    pub db: Database,
    /// The server's own key pair (made at first start).
    pub key: PathBuf,
    pub limits: LobbyLimits,
    /// The server's own bots (`--bots`), if any.
    pub bots: Option<bots::BotsConfig>,
    /// The operator's tournaments (`--tournaments FILE`).
    pub tournaments: Vec<tournament::file::Scheduled>,
}

/// A service run beside the lobby on its runtime, given what the lobby
/// shows the public (the web pages).
pub type Beside = Box<dyn FnOnce(Showcase) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send>;

/// Runs the relay on `relay` and the lobby as `lobby` says, the SSH
/// server if there is one and `beside` if given, until the process ends;
/// `ready` is told both addresses once they listen.
pub fn run(
    relay: (SocketAddr, Limits),
    lobby: LobbyConfig,
    ssh: Option<super::ssh::SshServer>,
    beside: Option<Beside>,
    ready: impl FnOnce(SocketAddr, SocketAddr),
) -> Result<(), StartError> {
    if let Database::File(path) = &lobby.db
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).map_err(|source| StartError::Folder {
            dir: dir.to_path_buf(),
            source,
        })?;
    }
    let store = Store::connect(&lobby.db).map_err(|source| StartError::Database {
        db: lobby.db.clone(),
        source,
    })?;
    let (commands, queue) = std::sync::mpsc::sync_channel(lobby.limits.queue);
    // Over PostgreSQL, one server among any number (docs/server.md,
    // "Several servers"); over SQLite, alone.
    let referee = match &lobby.db {
        Database::Postgres(url) => {
            let poked = Arc::new(std::sync::atomic::AtomicBool::new(false));
            let referee = Referee::in_cluster(store, lobby.limits.clone(), Arc::clone(&poked));
            listener::spawn(url.clone(), commands.clone(), poked).map_err(|source| {
                StartError::Thread {
                    what: "listener",
                    source,
                }
            })?;
            referee
        }
        Database::File(_) => Referee::new(store, lobby.limits.clone()),
    }
    .map_err(|source| StartError::Restore {
        db: lobby.db.clone(),
        source,
    })?;
    let members = match &lobby.bots {
        Some(config) => bots::load(&config.dir, &config.levels)?,
        None => Vec::new(),
    };
    let referee = referee
        .with_house_bots(members.iter().map(bots::Member::key).collect())
        .scheduling(lobby.tournaments.clone());
    // The bots search in the SSH players' slots when there are any.
    let slots = match (&ssh, &lobby.bots) {
        (Some(ssh), _) => ssh.searches(),
        (None, Some(config)) => crate::app::SearchSlots::new(config.searches),
        (None, None) => crate::app::SearchSlots::new(1),
    };
    let bot_commands = commands.clone();
    let (bot_games, bot_outbox) = (lobby.limits.bot_games, lobby.limits.outbox);
    let showcase = Showcase::default();
    let referee = match beside {
        Some(_) => referee.showing(showcase.clone()),
        None => referee,
    };
    let identity = Identity::load_or_create(&lobby.key)?;
    std::thread::Builder::new()
        .name("lobby referee".into())
        .spawn(move || referee.run(&queue))
        .map_err(|source| StartError::Thread {
            what: "referee",
            source,
        })?;
    let context = Arc::new(conn::Context {
        identity: Arc::new(identity),
        limits: Arc::new(lobby.limits),
        referee: commands,
        // The SSH players' screens all come from this machine.
        loopback_uncounted: ssh.is_some(),
    });
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    let runtime = super::runtime(threads)?;
    runtime.block_on(async {
        let relay_listener =
            TcpListener::bind(relay.0)
                .await
                .map_err(|source| StartError::Listen {
                    address: relay.0,
                    source,
                })?;
        let lobby_listener =
            TcpListener::bind(lobby.bind)
                .await
                .map_err(|source| StartError::Listen {
                    address: lobby.bind,
                    source,
                })?;
        let (relay_address, lobby_address) =
            (relay_listener.local_addr()?, lobby_listener.local_addr()?);
        tracing::info!(
            %relay_address,
            %lobby_address,
            db = %lobby.db,
            "listening; relay limits: {}",
            relay.1
        );
        ready(relay_address, lobby_address);
        bots::spawn(members, bot_commands, slots, bot_games, bot_outbox);
        let admissions = Admissions {
            others: Registry::new(relay.1.clone()),
            // The SSH players' screens all come from this machine: they
            // are limited by the SSH server, and here only in all.
            local: ssh.as_ref().map(|ssh| {
                Registry::new(Limits {
                    per_address: ssh.limits().sessions,
                    asks_per_minute: u32::MAX,
                    ..relay.1.clone()
                })
            }),
        };
        tokio::join!(
            super::accept_loop(relay_listener, Registry::new(relay.1)),
            accept_loop(lobby_listener, admissions, context),
            super::serve_ssh(ssh, Some(lobby_address)),
            async move {
                match beside {
                    Some(beside) => beside(showcase).await,
                    None => std::future::pending().await,
                }
            },
        );
        Ok(())
    })
}

/// Who counts a lobby connection.
struct Admissions {
    others: Arc<Registry>,
    /// Connections from this machine, when the SSH server runs beside.
    local: Option<Arc<Registry>>,
}

impl Admissions {
    /// Who counts a connection from `ip`: the SSH players' screens (from
    /// this machine) apart, when the SSH server runs; anyone else by the
    /// relay's rules.
    fn counting(&self, ip: std::net::IpAddr) -> &Arc<Registry> {
        match &self.local {
            Some(local) if ip.is_loopback() => local,
            _ => &self.others,
        }
    }
}

async fn accept_loop(listener: TcpListener, admissions: Admissions, context: Arc<conn::Context>) {
    let next = AtomicU64::new(1);
    loop {
        let (stream, peer) = super::accept(&listener).await;
        let admissions = admissions.counting(peer.ip());
        // Connections at once (in all, per address) and a minute per
        // address: the relay's limits, counted apart.
        let admitted = admissions
            .admit(peer.ip(), Instant::now())
            .and_then(|held| admissions.ask(&held, Instant::now()).map(|()| held));
        match admitted {
            Ok(held) => {
                let _ = stream.set_nodelay(true);
                let conn = next.fetch_add(1, Ordering::Relaxed);
                let context = Arc::clone(&context);
                tokio::spawn(async move {
                    conn::serve(stream, peer, conn, context).await;
                    drop(held);
                });
            }
            // Before the handshake nothing can be said securely: the
            // client sees the connection close.
            Err(why) => tracing::warn!(%peer, "refused: {why}"),
        }
    }
}

#[cfg(test)]
mod bot_accounts_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_machine_is_counted_apart_and_only_beside_an_ssh_server() {
        let strict = Limits {
            per_address: 1,
            ..Limits::default()
        };
        let with_ssh = Admissions {
            others: Registry::new(strict.clone()),
            local: Some(Registry::new(Limits {
                per_address: 8,
                ..strict.clone()
            })),
        };
        let ip = |text: &str| text.parse::<std::net::IpAddr>().unwrap();
        for local in ["127.0.0.1", "::1"] {
            let counted = with_ssh.counting(ip(local));
            assert!(Arc::ptr_eq(counted, with_ssh.local.as_ref().unwrap()));
        }
        // Another address keeps the ordinary rule: one connection at once.
        let other = ip("192.0.2.7");
        let counted = with_ssh.counting(other);
        assert!(Arc::ptr_eq(counted, &with_ssh.others));
        let held = counted.admit(other, Instant::now()).unwrap();
        assert!(counted.admit(other, Instant::now()).is_err());
        drop(held);
        // Without SSH, this machine is anyone.
        let alone = Admissions {
            others: Registry::new(strict),
            local: None,
        };
        assert!(Arc::ptr_eq(alone.counting(ip("127.0.0.1")), &alone.others));
    }
}
