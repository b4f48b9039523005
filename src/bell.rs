//! Waking a loop that sleeps on one channel. The game screen's event loop
//! blocks on one channel and nothing else; the threads that work for it
//! (the engine's search, the review, the network link, the lobby
//! connection, the autosave writer) keep their own queues, and ring a
//! [`Bell`] after each item, which sends one message into that channel.
//! [`ringing`] puts a bell on any receiver without touching its senders.

use std::fmt;
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex, PoisonError};

type Ring = Arc<dyn Fn() + Send + Sync>;

/// What a source calls when it has news. Clones share one slot: a source
/// started before the event loop (a lobby connection made at start-up)
/// rings the loop once it is installed. Until then, and where no loop
/// runs (tests, commands that poll), it rings nothing.
#[derive(Clone, Default)]
pub struct Bell(Arc<Mutex<Option<Ring>>>);

impl Bell {
    /// From now on, a ring calls `ring` (for every clone of this bell).
    pub fn install(&self, ring: impl Fn() + Send + Sync + 'static) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some(Arc::new(ring));
    }

    /// Tells the loop that something came.
    pub fn ring(&self) {
        let ring = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        if let Some(ring) = ring {
            ring();
        }
    }
}

impl fmt::Debug for Bell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Bell")
    }
}

/// What `from` receives, in order, with `bell` rung after each item and
/// once more when `from`'s senders are gone (an end is news too). A thread
/// forwards them; it ends when either side is dropped.
pub fn ringing<T: Send + 'static>(from: Receiver<T>, bell: &Bell) -> Receiver<T> {
    let (to, received) = mpsc::channel();
    let bell = bell.clone();
    std::thread::spawn(move || {
        for item in from {
            if to.send(item).is_err() {
                return;
            }
            bell.ring();
        }
        drop(to);
        bell.ring();
    });
    received
}

/// Puts `bell` on the receiver in `slot` (see [`ringing`]).
pub fn ring_on<T: Send + 'static>(slot: &mut Receiver<T>, bell: &Bell) {
    let (_, nothing) = mpsc::channel();
    let from = std::mem::replace(slot, nothing);
    *slot = ringing(from, bell);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn each_item_and_the_end_ring_and_arrive_in_order() {
        let bell = Bell::default();
        let (rang, rings) = mpsc::channel();
        bell.install(move || {
            let _ = rang.send(());
        });
        let (send, from) = mpsc::channel();
        let mut received = from;
        ring_on(&mut received, &bell);
        for n in 0..3 {
            send.send(n).unwrap();
        }
        drop(send);
        let wait = Duration::from_secs(10);
        for _ in 0..4 {
            rings.recv_timeout(wait).unwrap();
        }
        assert_eq!(received.iter().collect::<Vec<_>>(), vec![0, 1, 2]);
    }

    #[test]
    fn a_bell_installed_later_rings_for_clones_made_before() {
        let bell = Bell::default();
        let earlier = bell.clone();
        earlier.ring();
        let (rang, rings) = mpsc::channel();
        bell.install(move || {
            let _ = rang.send(());
        });
        earlier.ring();
        assert_eq!(rings.try_iter().count(), 1);
    }
}
