//! The host's listener: accepts connections, runs each handshake on its own
//! thread (slowed down for addresses that failed before), and makes the
//! newest guest who knows the code the one link in use.

use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream, UdpSocket};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::backoff::Backoff;
use super::code::JoinCode;
use super::connection::{Connection, Current};
use super::event::{Event, Stamped};
use super::handshake::{HandshakeError, Hello, admit};

/// Handshakes under way at once, at most; more connections are closed.
const MAX_HANDSHAKES: usize = 8;
/// How often the listener looks whether the game has closed.
const POLL: Duration = Duration::from_millis(100);

/// Listens on `bind` for guests with `code`; returns the connection and the
/// address bound (its port, when 0 was asked, is the one chosen).
pub fn listen(
    bind: SocketAddr,
    code: JoinCode,
    hello: Hello,
) -> std::io::Result<(Connection, SocketAddr)> {
    let listener = TcpListener::bind(bind)?;
    let bound = listener.local_addr()?;
    listener.set_nonblocking(true)?;
    let (events, received) = channel();
    let current = Arc::new(Current::default());
    let shared = Arc::new(Shared {
        code,
        hello,
        current: Arc::clone(&current),
        events,
        backoff: Mutex::default(),
        handshakes: AtomicUsize::new(0),
    });
    std::thread::spawn(move || accept_loop(&listener, &shared));
    Ok((Connection::new(received, current), bound))
}

/// The addresses a guest can reach `bound` at, best first: the address
/// bound, or for an unspecified one (`0.0.0.0`) the address this machine
/// goes out from (no packet is sent to learn it) and the loopback one.
pub fn addresses(bound: SocketAddr) -> Vec<SocketAddr> {
    if !bound.ip().is_unspecified() {
        return vec![bound];
    }
    let probe = |local: &str, remote: &str| {
        let socket = UdpSocket::bind(local).ok()?;
        socket.connect(remote).ok()?;
        socket.local_addr().ok().map(|a| a.ip())
    };
    let outgoing = if bound.is_ipv4() {
        probe("0.0.0.0:0", "192.0.2.1:9")
    } else {
        probe("[::]:0", "[2001:db8::1]:9")
    };
    let loopback: IpAddr = if bound.is_ipv4() {
        [127, 0, 0, 1].into()
    } else {
        std::net::Ipv6Addr::LOCALHOST.into()
    };
    outgoing
        .into_iter()
        .filter(|ip| !ip.is_loopback() && !ip.is_unspecified())
        .chain([loopback])
        .map(|ip| SocketAddr::new(ip, bound.port()))
        .collect()
}

struct Shared {
    code: JoinCode,
    hello: Hello,
    current: Arc<Current>,
    events: Sender<Stamped>,
    backoff: Mutex<Backoff>,
    handshakes: AtomicUsize,
}

fn accept_loop(listener: &TcpListener, shared: &Arc<Shared>) {
    while !shared.current.stop.load(Ordering::SeqCst) {
        match listener.accept() {
            Ok((stream, peer)) => {
                if shared.handshakes.fetch_add(1, Ordering::SeqCst) >= MAX_HANDSHAKES {
                    shared.handshakes.fetch_sub(1, Ordering::SeqCst);
                    continue;
                }
                let shared = Arc::clone(shared);
                std::thread::spawn(move || {
                    greet(stream, peer, &shared);
                    shared.handshakes.fetch_sub(1, Ordering::SeqCst);
                });
            }
            Err(_) => std::thread::sleep(POLL),
        }
    }
}

fn backoff(shared: &Shared) -> std::sync::MutexGuard<'_, Backoff> {
    shared
        .backoff
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
}

/// One connection's handshake; a good one becomes the link in use.
fn greet(mut stream: TcpStream, peer: SocketAddr, shared: &Shared) {
    let wait = backoff(shared).wait(peer.ip(), Instant::now());
    std::thread::sleep(wait);
    if stream.set_nonblocking(false).is_err()
        || stream.set_read_timeout(Some(POLL)).is_err()
        || stream
            .set_write_timeout(Some(Duration::from_secs(10)))
            .is_err()
    {
        return;
    }
    match admit(&mut stream, shared.code, &shared.hello) {
        Ok((transport, guest)) => {
            backoff(shared).succeeded(peer.ip());
            let started =
                (shared.current).start_link(stream, transport, guest.name, &shared.events);
            if let Err(e) = started {
                let _ = shared.events.send((0, Event::Lost(e.to_string())));
            }
        }
        Err(HandshakeError::WrongCode) => {
            tracing::warn!(%peer, "a guest gave a wrong code");
            let penalty = backoff(shared).failed(peer.ip(), Instant::now());
            // Held open, so that a guesser waits for each answer too.
            std::thread::sleep(penalty);
        }
        // Another version was told ours in the answer; anything else is
        // not a guest.
        Err(e) => tracing::info!(%peer, "a handshake failed: {e}"),
    }
}
