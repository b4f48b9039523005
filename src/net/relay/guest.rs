//! A guest through the relay: gives the code's nameplate, and once joined,
//! the PAKE and the Noise handshake run through it with the code as the
//! password. After a lost link it comes back on the channel the first
//! handshake agreed (a program restarted has it from its autosave), waiting
//! longer after each failure so that it never uses up the relay's requests
//! for its address; a wrong or spent code, or another protocol, ends it.

use std::net::SocketAddr;
use std::sync::PoisonError;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use super::client::{ANSWER, POLL, RelayError, answer, ask};
use super::wire::{Answer, Place, Request};
use crate::net::backoff::Retry;
use crate::net::connection::{Connection, Current};
use crate::net::event::{Stamped, tell_failure};
use crate::net::handshake::{HandshakeError, Hello, Resume, Secret, meet_host};
use crate::net::word_code::WordCode;

/// The waits between tries: 1 s, 2 s, 4 s, then 8 s (at most 12 requests
/// a minute, under the relay's 30 for an address: docs/protocol.md).
const FIRST_RETRY: Duration = Duration::from_secs(1);
const LONGEST_RETRY: Duration = Duration::from_secs(8);
/// How long a link must have lasted for the next try to wait the first wait.
const LASTED: Duration = Duration::from_secs(30);
const WRONG_CODE: &str = "the host refused: the code is wrong, or was used already \
                          (each code allows one try: ask for the new code on the host's screen)";

/// Starts joining, through the relay at `server`, the game whose host shows
/// `code`.
pub fn join_via(server: SocketAddr, code: WordCode, hello: Hello) -> Connection {
    Connection::spawn(move |current, events| join_loop(server, code, None, &hello, current, events))
}

/// Starts coming back, through the relay at `server`, to the game joined
/// with `code` before, on the channel `resume` of that game (kept in the
/// autosave): the code is spent, the channel is not.
pub fn rejoin_via(server: SocketAddr, code: WordCode, resume: Resume, hello: Hello) -> Connection {
    Connection::spawn(move |current, events| {
        join_loop(server, code, Some(resume), &hello, current, events);
    })
}

fn join_loop(
    server: SocketAddr,
    code: WordCode,
    mut resume: Option<Resume>,
    hello: &Hello,
    current: &Current,
    events: &Sender<Stamped>,
) {
    keep(current, resume.as_ref());
    let mut retry = Retry::new(FIRST_RETRY, LONGEST_RETRY);
    while !current.stopped() {
        match attempt(server, code, resume.as_ref(), hello, current, events) {
            Ok(met) => {
                // The channel of the first meeting stays the game's.
                if resume.is_none() {
                    keep(current, Some(&met));
                    resume = Some(met);
                }
                let since = Instant::now();
                current.wait_while_alive();
                // A link that lasted starts the waits afresh; one that keeps
                // breaking at once does not make the guest ask faster.
                if since.elapsed() >= LASTED {
                    retry.succeeded();
                }
            }
            Err(RelayError::Stopped) => return,
            Err(e) => {
                let first = resume.is_none();
                let (why, last) = match e {
                    RelayError::Handshake(HandshakeError::WrongCode) if first => {
                        (WRONG_CODE.to_string(), true)
                    }
                    // Nobody at the code's nameplate: the code was used (or
                    // its host left), and trying again cannot change that.
                    RelayError::NoGame(why) if first => (
                        format!(
                            "{why} (a code of words is used once; ask for the new code \
                             on the host's screen)"
                        ),
                        true,
                    ),
                    RelayError::Handshake(HandshakeError::Version { .. }) => (e.to_string(), true),
                    e => (e.to_string(), false),
                };
                if !tell_failure(events, &why, last) {
                    return;
                }
            }
        }
        pause(current, retry.failed());
    }
}

/// Shares the way back with the program (for its autosave).
fn keep(current: &Current, resume: Option<&Resume>) {
    if let Some(resume) = resume {
        *current
            .resume
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(resume.clone());
    }
}

/// Waits `wait`, or less if the game closes.
fn pause(current: &Current, wait: Duration) {
    let start = Instant::now();
    while !current.stopped() && start.elapsed() < wait {
        std::thread::sleep(POLL);
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
