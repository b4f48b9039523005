//! `brique server --ssh-port N`: the whole game over SSH, for a friend
//! with nothing but `ssh`. Each session with a pseudo-terminal runs the
//! game's screen (`crate::app::remote`) on a thread of its own, driven by
//! the channel; a player is the public key they connect with (their
//! files under `players/` in the server's data directory), a client
//! without a key a guest whose things are not kept.
//!
//! Connections are tokio tasks beside the relay's and the lobby's (russh);
//! every limit is in [`SshLimits`] and docs/server.md, "SSH".

mod handler;
pub mod host_key;
mod limits;
mod output;
pub mod players;
mod session;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use russh::keys::PrivateKey;
use russh::server::Config;
use russh::{Disconnect, SshId};
use tokio::net::{TcpListener, TcpStream};

pub use limits::SshLimits;
pub use session::NEEDS_TERMINAL;

use super::Limits;
use super::registry::{Refusal, Registry};
use crate::app::SearchSlots;

/// An SSH server bound and with its key, not yet serving.
pub struct SshServer {
    listener: std::net::TcpListener,
    pub address: SocketAddr,
    /// The host key's fingerprint, for players to check (`SHA256:…`).
    pub fingerprint: String,
    key: PrivateKey,
    dir: std::path::PathBuf,
    limits: SshLimits,
    /// The computer's searches at once, shared by every session (and by
    /// the lobby's bots beside).
    searches: SearchSlots,
}

/// Why the SSH server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum SshError {
    #[error(transparent)]
    HostKey(#[from] host_key::HostKeyError),
    #[error("cannot listen on {bind} for SSH: {source}")]
    Listen {
        bind: SocketAddr,
        source: std::io::Error,
    },
}

/// Binds `bind` and loads (or makes) the host key in `dir`, the server's
/// data directory, which also holds the players' files.
pub fn prepare(bind: SocketAddr, dir: &Path, limits: SshLimits) -> Result<SshServer, SshError> {
    let key = host_key::load_or_create(&dir.join(host_key::HOST_KEY_FILE))?;
    let listen = |source| SshError::Listen { bind, source };
    let listener = std::net::TcpListener::bind(bind).map_err(listen)?;
    listener.set_nonblocking(true).map_err(listen)?;
    let address = listener.local_addr().map_err(listen)?;
    Ok(SshServer {
        listener,
        address,
        fingerprint: host_key::fingerprint(&key),
        key,
        dir: dir.to_path_buf(),
        searches: SearchSlots::new(limits.engine_searches),
        limits,
    })
}

impl SshServer {
    pub const fn limits(&self) -> &SshLimits {
        &self.limits
    }

    /// The search slots its sessions share (a clone shares them).
    pub fn searches(&self) -> SearchSlots {
        self.searches.clone()
    }

    /// Serves until the process ends; `lobby`: this server's lobby, which
    /// the players' screens connect to.
    pub async fn serve(self, lobby: Option<SocketAddr>) {
        let listener = match TcpListener::from_std(self.listener) {
            Ok(listener) => listener,
            Err(e) => {
                tracing::error!("cannot serve SSH: {e}");
                return;
            }
        };
        let limits = self.limits;
        let config = Arc::new(config(self.key, &limits));
        let registry = |connections, per_address| {
            Registry::new(Limits {
                max_connections: connections,
                per_address,
                ..Limits::default()
            })
        };
        let sessions = registry(limits.sessions, limits.per_address);
        let refusing = registry(limits.refusing, 1);
        let shared = Arc::new(session::Shared {
            searches: self.searches,
            players: self.dir.join(players::PLAYERS_DIR),
            lobby: lobby.map(reachable),
            limits,
        });
        loop {
            let (stream, peer) = super::accept(&listener).await;
            let (held, refusal) = match sessions.admit(peer.ip(), Instant::now()) {
                Ok(held) => (held, None),
                Err(why) => match refusing.admit(peer.ip(), Instant::now()) {
                    Ok(held) => {
                        tracing::warn!(%peer, "SSH refused: {why}");
                        (held, Some(refusal(why, &shared.limits)))
                    }
                    // Past the refusals told at once: closed unsaid.
                    Err(_) => continue,
                },
            };
            let config = Arc::clone(&config);
            let shared = Arc::clone(&shared);
            tokio::spawn(async move {
                connection(stream, peer, config, shared, refusal).await;
                drop(held);
                tracing::info!(%peer, "SSH connection closed");
            });
        }
    }
}

/// The lobby as seen from this machine: a lobby listening on every
/// interface is reached on the loopback one.
fn reachable(lobby: SocketAddr) -> SocketAddr {
    match lobby.ip() {
        ip if ip.is_unspecified() && ip.is_ipv4() => {
            SocketAddr::from((std::net::Ipv4Addr::LOCALHOST, lobby.port()))
        }
        ip if ip.is_unspecified() => {
            SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, lobby.port()))
        }
        _ => lobby,
    }
}

/// What a refused client reads (the authentication banner).
fn refusal(why: Refusal, limits: &SshLimits) -> String {
    let what = match why {
        Refusal::TooManyConnections => format!(
            "too many connections from your address ({} at most): close one and try again",
            limits.per_address
        ),
        Refusal::Full | Refusal::TooManyAddresses | Refusal::TooManyAsks => format!(
            "the server is full ({} players at once): try again later",
            limits.sessions
        ),
    };
    format!("Brique: {what}.\r\n")
}

fn config(key: PrivateKey, limits: &SshLimits) -> Config {
    Config {
        server_id: SshId::Standard(format!("SSH-2.0-brique_{}", env!("CARGO_PKG_VERSION")).into()),
        methods: handler::methods(),
        // Only "none" is ever refused (or everything, when over a limit),
        // and OpenSSH asks it first: no wait for that one.
        auth_rejection_time: Duration::from_secs(1),
        auth_rejection_time_initial: Some(Duration::ZERO),
        keys: vec![key],
        max_auth_attempts: limits.auth_attempts,
        // Idle players are the session's business (with a message); a
        // dead link is found by keepalives.
        inactivity_timeout: None,
        keepalive_interval: Some(limits.keepalive),
        keepalive_max: limits.keepalive_max,
        nodelay: true,
        // Input in flight per channel: keys are small.
        window_size: 256 * 1024,
        channel_buffer_size: 16,
        ..Config::default()
    }
}

/// One connection, until it closes: the handshake, authentication and
/// the session's requests must be done within the limit.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    config: Arc<Config>,
    shared: Arc<session::Shared>,
    refusal: Option<String>,
) {
    let deadline = tokio::time::Instant::now() + shared.limits.handshake;
    let handler = handler::Connection::new(Arc::clone(&shared), peer, refusal);
    let started = Arc::clone(&handler.started);
    let running =
        tokio::time::timeout_at(deadline, russh::server::run_stream(config, stream, handler));
    let mut session = match running.await {
        Ok(Ok(session)) => session,
        Ok(Err(e)) => {
            tracing::debug!(%peer, "SSH handshake failed: {e}");
            return;
        }
        Err(_) => return,
    };
    let handle = session.handle();
    tokio::select! {
        _ = &mut session => return,
        () = tokio::time::sleep_until(deadline) => {}
    }
    if !started.load(Ordering::Relaxed) {
        tracing::debug!(%peer, "SSH session not started in time");
        let _ = handle
            .disconnect(
                Disconnect::ByApplication,
                "Brique: the connection took too long to start a session".into(),
                String::new(),
            )
            .await;
        let _ = tokio::time::timeout(Duration::from_secs(5), session).await;
        return;
    }
    if let Err(e) = session.await {
        tracing::debug!(%peer, "SSH connection ended: {e}");
    }
}
