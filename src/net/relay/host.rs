//! A host through the relay. One thread keeps a nameplate open, with the
//! code that goes with it: a guest who gives the right code becomes the
//! link in use; any other ends the nameplate (the host counts a wrong
//! guess) and a new one, with new words, takes its place. A used code is
//! spent too. A second thread waits on the channel agreed in the last
//! handshake with a code (a handshake on the channel keeps it), for the
//! guest to come back after a lost link or a restart; a host restarted
//! waits on the channel its autosave kept.

use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::client::{ANSWER, POLL, RelayError, answer, ask};
use super::wire::{Answer, Request};
use crate::net::backoff::Retry;
use crate::net::connection::{Connection, Current};
use crate::net::event::{Event, Stamped};
use crate::net::handshake::{HandshakeError, Hello, Met, Resume, Secret, meet_guest};
use crate::net::word_code::WordCode;

/// How long to wait before asking again after the relay failed us: 1 s,
/// doubling after each failure up to 8 s, so that a host that keeps failing
/// never uses up the relay's requests for its address.
const FIRST_RETRY: Duration = Duration::from_secs(1);
const LONGEST_RETRY: Duration = Duration::from_secs(8);
/// How long a waiting host may hear nothing before it asks again (the
/// relay ends a nameplate sooner: docs/protocol.md).
const WAIT: Duration = Duration::from_secs(24 * 3600);
/// Handshakes on the channel run at once, at most (each ends within the
/// handshake's patience).
const CHANNEL_HANDSHAKES: usize = 4;

struct Hosting {
    server: SocketAddr,
    hello: Hello,
    current: Arc<Current>,
    events: Sender<Stamped>,
    /// Handshakes on the channel under way.
    handshakes: AtomicUsize,
    /// Each new code is told by an [`Event::Code`]: for a screen that
    /// waits on events (`host_via_later`).
    tell_codes: bool,
}

/// Hosts through the relay at `server`: returns the connection and the
/// first code to give, or why the relay gave none.
pub fn host_via(server: SocketAddr, hello: Hello) -> Result<(Connection, WordCode), RelayError> {
    start(server, hello, None)
}

/// Hosts again, through the relay at `server`, the game whose guest knows
/// `resume` (kept in the autosave): waits on its channel, and shows a new
/// code too (for a guest who lost the channel).
pub fn rehost_via(
    server: SocketAddr,
    hello: Hello,
    resume: Resume,
) -> Result<(Connection, WordCode), RelayError> {
    start(server, hello, Some(resume))
}

fn start(
    server: SocketAddr,
    hello: Hello,
    kept: Option<Resume>,
) -> Result<(Connection, WordCode), RelayError> {
    let first = new_nameplate(server, || false)?;
    let code = first.1;
    Ok((begin(server, hello, kept, Some(first)), code))
}

/// Hosts through the relay at `server` without waiting for it: the
/// connection at once, its code once the relay gives one (an
/// [`Event::Code`] says so; the screen asks meanwhile), or an
/// [`Event::Refused`] saying why the relay gave none. `kept`: the channel of
/// a game hosted again, as [`rehost_via`] takes it. For a screen, which
/// must not wait on the network.
pub fn host_via_later(server: SocketAddr, hello: Hello, kept: Option<Resume>) -> Connection {
    begin(server, hello, kept, None)
}

/// Starts the two threads of a host: the nameplate (with the one the relay
/// gave already, or asking for one first) and the channel.
fn begin(
    server: SocketAddr,
    hello: Hello,
    kept: Option<Resume>,
    first: Option<(TcpStream, WordCode)>,
) -> Connection {
    let tell_codes = first.is_none();
    let (events, received) = channel();
    let current = Arc::new(Current::default());
    *lock(&current.code) = first.as_ref().map(|(_, code)| *code);
    *lock(&current.resume) = kept;
    let hosting = Arc::new(Hosting {
        server,
        hello,
        current: Arc::clone(&current),
        events,
        handshakes: AtomicUsize::new(0),
        tell_codes,
    });
    {
        let hosting = Arc::clone(&hosting);
        std::thread::spawn(move || {
            let asking_first = first.is_none();
            nameplate_loop(&hosting, first, asking_first);
        });
    }
    std::thread::spawn(move || channel_loop(&hosting));
    Connection::new(received, current)
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Asks for a nameplate; the code is it and two fresh words.
fn new_nameplate(
    server: SocketAddr,
    give_up: impl Fn() -> bool,
) -> Result<(TcpStream, WordCode), RelayError> {
    let mut stream = ask(server, Request::Host)?;
    match answer(&mut stream, ANSWER, give_up)? {
        Answer::Nameplate(n) => {
            let code = WordCode::random(n).map_err(RelayError::Io)?;
            Ok((stream, code))
        }
        _ => Err(RelayError::Garbled),
    }
}

impl Hosting {
    fn stopped(&self) -> bool {
        self.current.stopped()
    }

    /// Waits `wait`, or less if the game closes.
    fn pause(&self, wait: Duration) {
        let start = Instant::now();
        while !self.stopped() && start.elapsed() < wait {
            std::thread::sleep(POLL);
        }
    }

    /// The channel and password the guest comes back with.
    fn resume(&self) -> Option<Resume> {
        lock(&self.current.resume).clone()
    }

    /// Makes the handshake's stream the link in use; a handshake with a
    /// code makes its channel the game's (one on the channel keeps it).
    fn install(&self, stream: TcpStream, met: Met, with_code: bool) {
        if with_code {
            *lock(&self.current.resume) = Some(met.resume);
        }
        let started =
            (self.current).start_link(stream, met.transport, met.theirs.name, &self.events);
        if let Err(e) = started {
            let _ = self.events.send((0, Event::Lost(e.to_string())));
        }
    }

    /// Waits at the place `stream` asked for until a guest is joined
    /// (true), or the wait ends (false): expired, failed, or `give_up`.
    fn wait_for_guest(&self, stream: &mut TcpStream, give_up: impl Fn() -> bool) -> bool {
        let give_up = || self.stopped() || give_up();
        matches!(answer(stream, WAIT, give_up), Ok(Answer::Paired))
    }
}

/// Keeps a nameplate open while the game lasts. `asking_first`: no code
/// was had yet, and a relay that gives none ends the hosting (said by an
/// [`Event::Refused`]); later failures are tried again.
fn nameplate_loop(hosting: &Hosting, mut open: Option<(TcpStream, WordCode)>, asking_first: bool) {
    let mut retry = Retry::new(FIRST_RETRY, LONGEST_RETRY);
    let mut had_one = !asking_first;
    while !hosting.stopped() {
        let Some((mut stream, code)) = open.take() else {
            *lock(&hosting.current.code) = None;
            match new_nameplate(hosting.server, || hosting.stopped()) {
                Ok((stream, code)) => {
                    *lock(&hosting.current.code) = Some(code);
                    had_one = true;
                    open = Some((stream, code));
                    if hosting.tell_codes {
                        let _ = hosting.events.send((0, Event::Code));
                    }
                }
                Err(e) if !had_one => {
                    let why = format!("the relay at {} gave no code: {e}", hosting.server);
                    hosting.current.stop.store(true, Ordering::SeqCst);
                    let _ = hosting.events.send((0, Event::Refused(why)));
                    return;
                }
                Err(_) => hosting.pause(retry.failed()),
            }
            continue;
        };
        retry.succeeded();
        if !hosting.wait_for_guest(&mut stream, || false) {
            // Expired or lost: a new nameplate, and new words with it.
            std::thread::sleep(POLL);
            continue;
        }
        // Paired: the nameplate is used up, whatever happens next.
        *lock(&hosting.current.code) = None;
        let secret = Secret::new(code.password());
        match meet_guest(&mut stream, &secret, &hosting.hello) {
            Ok(met) => hosting.install(stream, met, true),
            Err(HandshakeError::WrongCode) => {
                hosting.current.wrong_guesses.fetch_add(1, Ordering::SeqCst);
            }
            // Another version was told ours; anything else is no guest.
            Err(_) => {}
        }
    }
}

/// Waits on the channel of the last handshake, for a guest coming back.
fn channel_loop(hosting: &Arc<Hosting>) {
    let mut retry = Retry::new(FIRST_RETRY, LONGEST_RETRY);
    while !hosting.stopped() {
        let Some(resume) = hosting.resume() else {
            std::thread::sleep(POLL);
            continue;
        };
        let asked = ask(hosting.server, Request::HostChannel(resume.channel));
        let waiting =
            asked.and_then(
                |mut stream| match answer(&mut stream, ANSWER, || hosting.stopped())? {
                    Answer::Waiting => Ok(stream),
                    _ => Err(RelayError::Garbled),
                },
            );
        let Ok(mut stream) = waiting else {
            hosting.pause(retry.failed());
            continue;
        };
        retry.succeeded();
        // A newer handshake (through a new code) makes another channel.
        let replaced = || hosting.resume().as_ref() != Some(&resume);
        if !hosting.wait_for_guest(&mut stream, replaced) {
            // Asked again at once (a replayed `host-channel` took the seat,
            // say): the relay's answer to too many requests is a failure
            // to ask, which waits longer.
            std::thread::sleep(POLL);
            continue;
        }
        // The handshake runs apart and the host waits on the channel again at
        // once: a newcomer that cannot finish it (a replayed first message:
        // the channel is plaintext on the path) holds the seat no longer
        // than the joining. Up to CHANNEL_HANDSHAKES at once, then in turn.
        let secret = Secret::new(resume.password.to_vec());
        let meet = {
            let hosting = Arc::clone(hosting);
            move || {
                if let Ok(met) = meet_guest(&mut stream, &secret, &hosting.hello) {
                    hosting.install(stream, met, false);
                }
                hosting.handshakes.fetch_sub(1, Ordering::SeqCst);
            }
        };
        if hosting.handshakes.fetch_add(1, Ordering::SeqCst) < CHANNEL_HANDSHAKES {
            std::thread::spawn(meet);
        } else {
            meet();
        }
    }
}
