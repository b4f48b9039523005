//! `brique server`: the relay (rendezvous) two players meet through when
//! neither can reach the other (docs/protocol.md, "The relay"). A host
//! asks for a nameplate and waits; a guest who names it is joined to it,
//! and from then on the relay copies bytes both ways: the game's own
//! handshake and messages, encrypted end to end, which it cannot read.
//! It keeps nothing worth keeping, and every limit is in [`Limits`].
//!
//! A program layer like `net/`, on tokio (many connections, few threads);
//! the game itself stays on its synchronous sockets.

mod limits;
pub mod load;
pub mod lobby;
mod pump;
mod registry;
mod session;
pub mod ssh;
pub mod web;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::oneshot;

pub use limits::Limits;
use registry::Registry;
pub use registry::Stats;

/// A relay running on its own threads, for tests and the load test: it
/// stops when dropped.
pub struct Relay {
    pub address: SocketAddr,
    registry: Arc<Registry>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Relay {
    /// What the relay holds now.
    pub fn stats(&self) -> Stats {
        self.registry.stats()
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn runtime(threads: usize) -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .enable_all()
        .build()
}

/// Starts a relay on `bind` (port 0: any free one) on its own threads.
pub fn start(bind: SocketAddr, limits: Limits) -> std::io::Result<Relay> {
    let runtime = runtime(2)?;
    let listener = runtime.block_on(TcpListener::bind(bind))?;
    let address = listener.local_addr()?;
    let registry = Registry::new(limits);
    let (stop, stopped) = oneshot::channel();
    let serving = Arc::clone(&registry);
    let thread = std::thread::spawn(move || {
        runtime.block_on(async {
            tokio::select! {
                () = accept_loop(listener, serving) => {}
                _ = stopped => {}
            }
        });
        runtime.shutdown_timeout(Duration::from_secs(1));
    });
    Ok(Relay {
        address,
        registry,
        stop: Some(stop),
        thread: Some(thread),
    })
}

/// Runs a relay on `bind`, and the SSH server if there is one, until the
/// process ends; `ready` is told the address bound once it listens.
pub fn run(
    bind: SocketAddr,
    limits: Limits,
    ssh: Option<ssh::SshServer>,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    let runtime = runtime(threads)?;
    runtime.block_on(async {
        let listener = TcpListener::bind(bind).await?;
        let address = listener.local_addr()?;
        tracing::info!(%address, "listening; relay limits: {limits}");
        ready(address);
        tokio::join!(
            accept_loop(listener, Registry::new(limits)),
            serve_ssh(ssh, None)
        );
        Ok(())
    })
}

/// Serves SSH, if asked to (else never ends, as the other loops).
async fn serve_ssh(ssh: Option<ssh::SshServer>, lobby: Option<SocketAddr>) {
    match ssh {
        Some(ssh) => ssh.serve(lobby).await,
        None => std::future::pending().await,
    }
}

/// The next connection; failures to accept are logged and waited out.
async fn accept(listener: &TcpListener) -> (tokio::net::TcpStream, SocketAddr) {
    loop {
        match listener.accept().await {
            Ok(accepted) => return accepted,
            Err(e) => {
                // Out of file descriptors, most often: wait for some to close.
                tracing::warn!("cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

async fn accept_loop(listener: TcpListener, registry: Arc<Registry>) {
    loop {
        let (stream, peer) = accept(&listener).await;
        match registry.admit(peer.ip(), std::time::Instant::now()) {
            Ok(held) => {
                let _ = stream.set_nodelay(true);
                tokio::spawn(session::serve(stream, peer, held, Arc::clone(&registry)));
            }
            Err(why) => {
                tracing::warn!(%peer, "refused: {why}");
                let line = format!(
                    "{}\n",
                    crate::net::relay::wire::Answer::Refused(why.to_string())
                );
                let _ = stream.try_write(line.as_bytes());
            }
        }
    }
}

/// Raises this process's soft limit on open files to its hard limit, so
/// that a relay can hold as many connections as the system lets it.
/// Returns the limit now in force.
#[cfg(unix)]
pub fn raise_open_files() -> Option<u64> {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    // `None` is unlimited (RLIM_INFINITY, the largest value).
    let current = limit.current.unwrap_or(u64::MAX);
    let maximum = limit.maximum.unwrap_or(u64::MAX);
    let raised = Rlimit {
        current: limit.maximum,
        maximum: limit.maximum,
    };
    if current < maximum && setrlimit(Resource::Nofile, raised).is_ok() {
        return Some(maximum);
    }
    Some(current)
}

#[cfg(not(unix))]
pub fn raise_open_files() -> Option<u64> {
    None
}
