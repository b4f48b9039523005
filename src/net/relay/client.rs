//! A client's side of the relay's one-line exchange: connect, ask, read
//! the answer (waiting as long as told, and giving up when the game closes).

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use super::wire::{Answer, MAX_LINE, Request};
use crate::net::clean::{REASON_CHARS, clean};
use crate::net::handshake::HandshakeError;

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How often a blocked read wakes up to look whether to give up.
pub(super) const POLL: Duration = Duration::from_millis(100);
/// How long the relay may take to answer a request.
pub(super) const ANSWER: Duration = Duration::from_secs(10);

/// Why no game was met through the relay.
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    #[error("the relay {server} cannot be reached ({source})")]
    Unreachable {
        server: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error("the relay refused: {0}")]
    Refused(String),
    /// No game waits where the guest asked (the reason from the relay).
    #[error("the relay refused: {0}")]
    NoGame(String),
    #[error("the relay closed the connection")]
    Closed,
    #[error("the relay's answer is not one of a brique relay")]
    Garbled,
    #[error("the relay did not answer in time")]
    Silent,
    /// The game closed while waiting.
    #[error("stopped")]
    Stopped,
    #[error("the connection to the relay failed ({0})")]
    Io(#[source] std::io::Error),
    #[error(transparent)]
    Handshake(#[from] HandshakeError),
}

/// Connects to the relay and sends `request`.
pub(super) fn ask(server: SocketAddr, request: Request) -> Result<TcpStream, RelayError> {
    let unreachable = |source| RelayError::Unreachable { server, source };
    let mut stream = TcpStream::connect_timeout(&server, CONNECT_TIMEOUT).map_err(unreachable)?;
    stream
        .set_read_timeout(Some(POLL))
        .map_err(RelayError::Io)?;
    stream
        .set_write_timeout(Some(Duration::from_secs(10)))
        .map_err(RelayError::Io)?;
    stream
        .write_all(format!("{request}\n").as_bytes())
        .map_err(RelayError::Io)?;
    Ok(stream)
}

/// Reads one answer line, waiting at most `patience`, and no longer once
/// `give_up` says so. Reads a byte at a time, so that nothing after the
/// line (the other side's first message) is taken.
pub(super) fn answer(
    stream: &mut TcpStream,
    patience: Duration,
    give_up: impl Fn() -> bool,
) -> Result<Answer, RelayError> {
    let start = Instant::now();
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    loop {
        if give_up() {
            return Err(RelayError::Stopped);
        }
        match stream.read(&mut byte) {
            Ok(0) => return Err(RelayError::Closed),
            Ok(_) if byte[0] == b'\n' => break,
            Ok(_) if line.len() >= MAX_LINE => return Err(RelayError::Garbled),
            Ok(_) => line.push(byte[0]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                if start.elapsed() > patience {
                    return Err(RelayError::Silent);
                }
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(RelayError::Io(e)),
        }
    }
    let line = String::from_utf8_lossy(&line);
    match Answer::parse(&line) {
        Some(Answer::Refused(why)) => Err(RelayError::Refused(clean(&why, REASON_CHARS))),
        Some(Answer::NoGame(why)) => Err(RelayError::NoGame(clean(&why, REASON_CHARS))),
        Some(answer) => Ok(answer),
        None => Err(RelayError::Garbled),
    }
}
