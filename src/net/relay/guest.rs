//! A guest through the relay: gives the code's nameplate, and once joined,
//! the PAKE and the Noise handshake run through the relay with the code as
//! the password. After a lost link it comes back on the channel of the
//! last handshake, every second, until the game closes; a wrong code, or
//! another protocol, ends it.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Sender, channel};
use std::time::Duration;

use super::client::{ANSWER, POLL, RelayError, answer, ask};
use super::wire::{Answer, Place, Request};
use crate::net::clean::{REASON_CHARS, clean};
use crate::net::connection::{Connection, Current};
use crate::net::event::{Event, Stamped};
use crate::net::handshake::{HandshakeError, Hello, Resume, Secret, meet_host};
use crate::net::link;
use crate::net::word_code::WordCode;

const RETRY: Duration = Duration::from_secs(1);

/// Starts joining, through the relay at `server`, the game whose host shows
/// `code`.
pub fn join_via(server: SocketAddr, code: WordCode, hello: Hello) -> Connection {
    let (events, received) = channel();
    let current = Arc::new(Current::default());
    let shared = Arc::clone(&current);
    std::thread::spawn(move || join_loop(server, code, &hello, &shared, &events));
    Connection::new(received, current)
}

fn join_loop(
    server: SocketAddr,
    code: WordCode,
    hello: &Hello,
    current: &Current,
    events: &Sender<Stamped>,
) {
    let mut resume: Option<Resume> = None;
    while !current.stop.load(Ordering::SeqCst) {
        match attempt(server, code, resume.as_ref(), hello, current, events) {
            Ok(met) => {
                resume = Some(met);
                while current.is_alive() && !current.stop.load(Ordering::SeqCst) {
                    std::thread::sleep(POLL);
                }
            }
            Err(RelayError::Handshake(HandshakeError::WrongCode)) if resume.is_none() => {
                let why = "the host refused: the code is wrong, or was used already \
                           (each code allows one try: ask for the new code on the host's screen)";
                let _ = events.send((0, Event::Refused(why.into())));
                return;
            }
            Err(e @ RelayError::Handshake(HandshakeError::Version { .. })) => {
                let _ = events.send((0, Event::Refused(clean(&e.to_string(), REASON_CHARS))));
                return;
            }
            Err(RelayError::Stopped) => return,
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
    match answer(&mut stream, ANSWER, || current.stop.load(Ordering::SeqCst))? {
        Answer::Paired => {}
        _ => return Err(RelayError::Garbled),
    }
    let met = meet_host(&mut stream, &secret, hello)?;
    let id = current.begin();
    let name = met.theirs.name;
    link::start(stream, met.transport, id, events.clone(), |link| {
        current.replace(link);
        let _ = events.send((id, Event::Joined(name)));
    })
    .map_err(RelayError::Io)?;
    Ok(met.resume)
}
