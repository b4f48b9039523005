//! A guest through the relay: gives the code's nameplate, and once joined,
//! the PAKE and the Noise handshake run through the relay with the code as
//! the password. After a lost link it comes back on the channel of the
//! last handshake, every second, until the game closes; a wrong code, or
//! another protocol, ends it.

use std::net::SocketAddr;
use std::sync::mpsc::Sender;
use std::time::Duration;

use super::client::{ANSWER, RelayError, answer, ask};
use super::wire::{Answer, Place, Request};
use crate::net::connection::{Connection, Current};
use crate::net::event::{Stamped, tell_failure};
use crate::net::handshake::{HandshakeError, Hello, Resume, Secret, meet_host};
use crate::net::word_code::WordCode;

const RETRY: Duration = Duration::from_secs(1);
const WRONG_CODE: &str = "the host refused: the code is wrong, or was used already \
                          (each code allows one try: ask for the new code on the host's screen)";

/// Starts joining, through the relay at `server`, the game whose host shows
/// `code`.
pub fn join_via(server: SocketAddr, code: WordCode, hello: Hello) -> Connection {
    Connection::spawn(move |current, events| join_loop(server, code, &hello, current, events))
}

fn join_loop(
    server: SocketAddr,
    code: WordCode,
    hello: &Hello,
    current: &Current,
    events: &Sender<Stamped>,
) {
    let mut resume: Option<Resume> = None;
    while !current.stopped() {
        match attempt(server, code, resume.as_ref(), hello, current, events) {
            Ok(met) => {
                resume = Some(met);
                current.wait_while_alive();
            }
            Err(RelayError::Stopped) => return,
            Err(e) => {
                let first = resume.is_none();
                let (why, last) = match e {
                    RelayError::Handshake(HandshakeError::WrongCode) if first => {
                        (WRONG_CODE.to_string(), true)
                    }
                    RelayError::Handshake(HandshakeError::Version { .. }) => (e.to_string(), true),
                    e => (e.to_string(), false),
                };
                if !tell_failure(events, &why, last) {
                    return;
                }
            }
        }
        std::thread::sleep(RETRY);
    }
}

/// One try: the code's nameplate the first time, the channel after.
fn attempt(
    server: SocketAddr,
    code: WordCode,
    resume: Option<&Resume>,
    hello: &Hello,
    current: &Current,
    events: &Sender<Stamped>,
) -> Result<Resume, RelayError> {
    let (place, secret) = match resume {
        Some(r) => (Place::Channel(r.channel), Secret::new(r.password.to_vec())),
        None => (
            Place::Nameplate(code.nameplate()),
            Secret::new(code.password()),
        ),
    };
    let mut stream = ask(server, Request::Guest(place))?;
    match answer(&mut stream, ANSWER, || current.stopped())? {
        Answer::Paired => {}
        _ => return Err(RelayError::Garbled),
    }
    let met = meet_host(&mut stream, &secret, hello)?;
    current
        .start_link(stream, met.transport, met.theirs.name, events)
        .map_err(RelayError::Io)?;
    Ok(met.resume)
}
