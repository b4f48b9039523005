//! The guest's connector: connects to the host, and after a lost link tries
//! again every second (the host may be restarting), until the code is
//! refused or the game closes.

use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc::Sender;
use std::time::Duration;

use super::code::JoinCode;
use super::connection::{Connection, Current};
use super::event::{Stamped, tell_failure};
use super::handshake::{HandshakeError, Hello, join};

const RETRY: Duration = Duration::from_secs(1);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const POLL: Duration = Duration::from_millis(100);

/// Starts joining the game at `host` with `code`.
pub fn connect(host: SocketAddr, code: JoinCode, hello: Hello) -> Connection {
    Connection::spawn(move |current, events| connect_loop(host, code, &hello, current, events))
}

fn connect_loop(
    host: SocketAddr,
    code: JoinCode,
    hello: &Hello,
    current: &Current,
    events: &Sender<Stamped>,
) {
    while !current.stopped() {
        match attempt(host, code, hello, current, events) {
            Ok(()) => current.wait_while_alive(),
            Err(e) => {
                let last = matches!(
                    e,
                    HandshakeError::WrongCode | HandshakeError::Version { .. }
                );
                if !tell_failure(events, &e.to_string(), last) {
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
    current
        .start_link(stream, transport, host_hello.name, events)
        .map_err(io)
}
