//! What the program holds of a network game, on either side: the events
//! from the current link and a way to send it messages. The threads behind
//! it (the host's listener, the guest's connector) end when it is dropped.

use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use snow::TransportState;

use super::event::{Event, Stamped};
use super::handshake::Resume;
use super::link::{self, Link};
use super::message::Message;
use super::word_code::WordCode;

/// The link in use, shared with the thread that makes links.
#[derive(Debug, Default)]
pub struct Current {
    link: Mutex<Option<Link>>,
    id: AtomicU64,
    pub stop: AtomicBool,
    /// A host through a relay: the code its guest can join with now.
    pub code: Mutex<Option<WordCode>>,
    /// A host through a relay: how many tried a wrong code.
    pub wrong_guesses: AtomicU32,
    /// Through a relay: the way back after a lost link, once the two met.
    pub resume: Mutex<Option<Resume>>,
}

impl Current {
    /// Makes `link` the one in use (closing the previous one).
    pub fn replace(&self, link: Link) {
        *self.link.lock().unwrap_or_else(PoisonError::into_inner) = Some(link);
    }

    /// Whether the link in use still runs.
    pub fn is_alive(&self) -> bool {
        self.link
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .is_some_and(Link::is_alive)
    }

    /// Numbers a new link (never 0) and listens only to it from now on:
    /// called before its threads start, so none of its events is missed.
    pub fn begin(&self) -> u64 {
        self.id.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// Whether the game has closed.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// Makes a handshaken `stream` the link in use, and says who joined.
    pub fn start_link(
        &self,
        stream: TcpStream,
        transport: TransportState,
        peer: String,
        events: &Sender<Stamped>,
    ) -> std::io::Result<()> {
        let id = self.begin();
        link::start(stream, transport, id, events.clone(), |link| {
            self.replace(link);
            let _ = events.send((id, Event::Joined(peer)));
        })
    }

    /// Returns once the link in use has failed, or the game closed.
    pub fn wait_while_alive(&self) {
        while self.is_alive() && !self.stopped() {
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// The program's handle on a network game.
#[derive(Debug)]
pub struct Connection {
    events: Receiver<Stamped>,
    current: Arc<Current>,
}

impl Connection {
    /// A connection whose links `work` makes, on a thread of its own.
    pub fn spawn(work: impl FnOnce(&Current, &Sender<Stamped>) + Send + 'static) -> Connection {
        let (events, received) = channel();
        let current = Arc::new(Current::default());
        let shared = Arc::clone(&current);
        std::thread::spawn(move || work(&shared, &events));
        Connection {
            events: received,
            current,
        }
    }

    pub fn new(events: Receiver<Stamped>, current: Arc<Current>) -> Connection {
        Connection { events, current }
    }

    /// Rings `bell` after each event of its links, and at their end.
    pub fn ring(&mut self, bell: &crate::bell::Bell) {
        crate::bell::ring_on(&mut self.events, bell);
    }

    /// Sends `message` on the link in use; false when there is none.
    pub fn send(&self, message: Message) -> bool {
        let link = self
            .current
            .link
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        link.as_ref().is_some_and(|link| link.send(message))
    }

    /// A host through a relay: the code to give now (none while a new one
    /// is asked for). It changes once used, and after a wrong guess.
    pub fn code(&self) -> Option<WordCode> {
        *self
            .current
            .code
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Through a relay: the channel and password to meet again on, once
    /// the two have met (for the autosave: a program restarted comes back
    /// on it, with no code).
    pub fn resume(&self) -> Option<Resume> {
        self.current
            .resume
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// A host through a relay: how many guests came with a wrong code (each
    /// ended its nameplate).
    pub fn wrong_guesses(&self) -> u32 {
        self.current.wrong_guesses.load(Ordering::SeqCst)
    }

    /// The next event, if one is waiting (events of replaced links are
    /// dropped: a guest who came back is not lost by its old link's end).
    pub fn next_event(&self) -> Option<Event> {
        loop {
            let (id, event) = self.events.try_recv().ok()?;
            if id == 0 || id == self.current.id.load(Ordering::SeqCst) {
                return Some(event);
            }
        }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.current.stop.store(true, Ordering::SeqCst);
        // Dropping the link ends its writer, which closes the socket.
        self.current
            .link
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
    }
}
