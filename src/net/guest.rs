//! The guest's connector: connects to the host, and after a lost link tries
//! again every second (the host may be restarting), until the code is
//! refused or the game closes.

use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Sender, channel};
use std::time::Duration;

use super::clean::{REASON_CHARS, clean};
use super::code::JoinCode;
use super::connection::{Connection, Current};
use super::event::{Event, Stamped};
use super::handshake::{HandshakeError, Hello, join};
use super::link;

const RETRY: Duration = Duration::from_secs(1);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const POLL: Duration = Duration::from_millis(100);

/// Starts joining the game at `host` with `code`.
pub fn connect(host: SocketAddr, code: JoinCode, hello: Hello) -> Connection {
    let (events, received) = channel();
    let current = Arc::new(Current::default());
    let shared = Arc::clone(&current);
    std::thread::spawn(move || connect_loop(host, code, &hello, &shared, &events));
    Connection::new(received, current)
}

fn connect_loop(
    host: SocketAddr,
    code: JoinCode,
    hello: &Hello,
    current: &Current,
    events: &Sender<Stamped>,
) {
    while !current.stop.load(Ordering::SeqCst) {
        match attempt(host, code, hello, current, events) {
            Ok(()) => {
                while current.is_alive() && !current.stop.load(Ordering::SeqCst) {
                    std::thread::sleep(POLL);
                }
            }
            Err(e @ (HandshakeError::WrongCode | HandshakeError::Version { .. })) => {
                let _ = events.send((0, Event::Refused(clean(&e.to_string(), REASON_CHARS))));
                return;
            }
            Err(e) => {
                let why = clean(&e.to_string(), REASON_CHARS);
                if events.send((0, Event::Lost(why))).is_err() {
                    return;
                }
            }
        }
        std::thread::sleep(RETRY);
    }
}

fn attempt(
    host: SocketAddr,
    code: JoinCode,
    hello: &Hello,
    current: &Current,
    events: &Sender<Stamped>,
) -> Result<(), HandshakeError> {
    let io = HandshakeError::Unreachable;
    let mut stream = TcpStream::connect_timeout(&host, CONNECT_TIMEOUT).map_err(io)?;
    stream.set_read_timeout(Some(POLL)).map_err(io)?;
    stream
        .set_write_timeout(Some(Duration::from_secs(10)))
        .map_err(io)?;
    let (transport, host_hello) = join(&mut stream, code, hello)?;
    let id = current.begin();
    link::start(stream, transport, id, events.clone(), |link| {
        current.replace(link);
        let _ = events.send((id, Event::Joined(host_hello.name)));
    })
    .map_err(io)
}
