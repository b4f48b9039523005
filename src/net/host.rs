//! The host's listener: accepts connections, runs each handshake on its own
//! thread as the gate allows (`gate.rs`: silent connections, busy slots,
//! addresses that failed before, too many failures in all), and makes the
//! newest guest who knows the code the one link in use.

use std::collections::HashMap;
use std::io::Write;
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream, UdpSocket};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::code::JoinCode;
use super::connection::{Connection, Current};
use super::event::{Event, Stamped};
use super::frame::{FrameError, MAX_FRAME, Patience, read_frame};
use super::gate::{Entry, Gate, Slot};
use super::handshake::{HandshakeError, Hello, admit_after};

/// How often the listener looks whether the game has closed.
const POLL: Duration = Duration::from_millis(100);
/// How long a connection may take to send its first handshake message
/// (a guest sends it at once): a silent one is closed, and its address
/// waits as after a wrong code.
const FIRST_BYTE: Duration = Duration::from_secs(3);
/// How long a connection that has spoken waits for a handshake slot (and
/// the global allowance of failures) before it is told the host is busy.
const TURN: Duration = Duration::from_secs(8);
const TURN_POLL: Duration = Duration::from_millis(20);
/// Failed connections held open for their penalty at once, at most; more
/// are closed at once.
const MAX_HELD: usize = 64;

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
        gate: Mutex::new(Gate::new(Instant::now())),
        lobby: Mutex::default(),
        held: AtomicUsize::new(0),
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
    gate: Mutex<Gate>,
    /// The lobby's connections, to close one that must make way.
    lobby: Mutex<HashMap<u64, TcpStream>>,
    /// Failed connections held open for their penalty.
    held: AtomicUsize,
}

impl Shared {
    fn gate(&self) -> MutexGuard<'_, Gate> {
        self.gate.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn lobby(&self) -> MutexGuard<'_, HashMap<u64, TcpStream>> {
        self.lobby.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn accept_loop(listener: &TcpListener, shared: &Arc<Shared>) {
    while !shared.current.stop.load(Ordering::SeqCst) {
        let Ok((stream, peer)) = listener.accept() else {
            std::thread::sleep(POLL);
            continue;
        };
        let id = match shared.gate().arrive(peer.ip(), Instant::now()) {
            Entry::Busy => {
                tell_busy(stream);
                continue;
            }
            Entry::Lobby(id) => id,
            Entry::Replacing { id, evicted } => {
                if let Some(old) = shared.lobby().remove(&evicted) {
                    let _ = old.shutdown(Shutdown::Both);
                }
                id
            }
        };
        if let Ok(clone) = stream.try_clone() {
            shared.lobby().insert(id, clone);
        }
        let shared = Arc::clone(shared);
        std::thread::spawn(move || {
            greet(stream, peer, id, &shared);
            shared.lobby().remove(&id);
        });
    }
}

/// Says "busy" to a connection not heard now (an empty frame, which a
/// guest tells from any answer, and tries again) and closes it, without
/// ever waiting on it.
fn tell_busy(stream: TcpStream) {
    if stream.set_nonblocking(true).is_ok() {
        let _ = (&stream).write(&[0, 0]);
    }
    let _ = stream.shutdown(Shutdown::Both);
}

/// One connection: its first message (or its silence), its turn, its
/// handshake; a good one becomes the link in use.
fn greet(mut stream: TcpStream, peer: SocketAddr, id: u64, shared: &Shared) {
    if stream.set_nonblocking(false).is_err()
        || stream.set_read_timeout(Some(POLL)).is_err()
        || stream
            .set_write_timeout(Some(Duration::from_secs(10)))
            .is_err()
    {
        shared.gate().left(id, false, Instant::now());
        return;
    }
    let first = match first_message(&mut stream) {
        Ok(first) => first,
        Err(e) => {
            // Silence, a connection closed, or garbage: a failure all the same.
            tracing::info!(%peer, "a connection sent no handshake: {e}");
            shared.gate().left(id, true, Instant::now());
            return;
        }
    };
    shared.gate().spoke(id, Instant::now());
    let Some(slot) = wait_for_slot(id, shared) else {
        shared.gate().left(id, false, Instant::now());
        tracing::info!(%peer, "the host was too busy for a connection");
        return tell_busy(stream);
    };
    let outcome = admit_after(&mut stream, &first, shared.code, &shared.hello);
    let counted = match &outcome {
        Ok(_) => Some(Ok(())),
        // Another version was told ours.
        Err(HandshakeError::Version { .. }) => None,
        Err(_) => Some(Err(())),
    };
    let penalty = shared
        .gate()
        .finished(slot, peer.ip(), counted, Instant::now());
    match outcome {
        Ok((transport, guest)) => {
            let started =
                (shared.current).start_link(stream, transport, guest.name, &shared.events);
            if let Err(e) = started {
                let _ = shared.events.send((0, Event::Lost(e.to_string())));
            }
        }
        Err(e) => {
            if matches!(e, HandshakeError::WrongCode) {
                tracing::warn!(%peer, "a guest gave a wrong code");
            } else {
                tracing::info!(%peer, "a handshake failed: {e}");
            }
            // Held open, out of the slots, so that a guesser waits for
            // each answer too (as many as MAX_HELD at once).
            if shared.held.fetch_add(1, Ordering::SeqCst) < MAX_HELD {
                std::thread::sleep(penalty);
            }
            shared.held.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// The first handshake message, which must begin within [`FIRST_BYTE`].
fn first_message(stream: &mut TcpStream) -> Result<Vec<u8>, FrameError> {
    let patience = Patience {
        idle: FIRST_BYTE,
        stall: FIRST_BYTE,
    };
    read_frame(stream, patience, MAX_FRAME)
}

/// Waits for a handshake slot, [`TURN`] at most.
fn wait_for_slot(id: u64, shared: &Shared) -> Option<Slot> {
    let start = Instant::now();
    loop {
        if let Some(slot) = shared.gate().start(id, Instant::now()) {
            return Some(slot);
        }
        if start.elapsed() > TURN || shared.current.stopped() {
            return None;
        }
        std::thread::sleep(TURN_POLL);
    }
}
