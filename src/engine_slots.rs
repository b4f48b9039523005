//! A cap on the engine's searches at once in this process, for a server
//! whose players share its processors (`brique server --ssh-port`: each
//! SSH session has its own computer opponent). Installed once, it makes
//! every [`crate::thinker::Thinker`] wait for a free slot before it
//! searches, and say that it waits, so the screen can tell its player;
//! never installed (a local game), searches start at once.
//!
//! A counting semaphore by hand: the standard library has none, and
//! tokio's is for async code, which the thinker's thread is not.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};
use std::time::Duration;

/// How often a search waiting for a slot looks at its stop flag.
const STOP_CHECK: Duration = Duration::from_millis(50);

static INSTALLED: OnceLock<Arc<EngineSlots>> = OnceLock::new();

/// Searches allowed at once, and how many run now.
#[derive(Debug)]
pub struct EngineSlots {
    limit: usize,
    running: Mutex<usize>,
    freed: Condvar,
}

/// A search's slot, given back when dropped.
pub struct Slot<'a>(&'a EngineSlots);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        let mut running = self.0.lock();
        *running = running.saturating_sub(1);
        self.0.freed.notify_one();
    }
}

impl EngineSlots {
    /// At most `limit` searches at once (at least one).
    pub fn new(limit: usize) -> EngineSlots {
        EngineSlots {
            limit: limit.max(1),
            running: Mutex::new(0),
            freed: Condvar::new(),
        }
    }

    pub const fn limit(&self) -> usize {
        self.limit
    }

    /// Searches holding a slot now.
    pub fn running(&self) -> usize {
        *self.lock()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, usize> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A slot at once, if one is free.
    pub fn try_acquire(&self) -> Option<Slot<'_>> {
        let mut running = self.lock();
        (*running < self.limit).then(|| {
            *running += 1;
            Slot(self)
        })
    }

    /// Waits for a free slot; `None` once `stop` is set first.
    pub fn acquire(&self, stop: &AtomicBool) -> Option<Slot<'_>> {
        let mut running = self.lock();
        loop {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            if *running < self.limit {
                *running += 1;
                return Some(Slot(self));
            }
            running = self
                .freed
                .wait_timeout(running, STOP_CHECK)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }
}

/// Caps the searches of this whole process from now on; `false` if a cap
/// was installed before (it stays).
pub fn install(slots: Arc<EngineSlots>) -> bool {
    INSTALLED.set(slots).is_ok()
}

/// The process's cap, if one is installed.
pub fn installed() -> Option<Arc<EngineSlots>> {
    INSTALLED.get().cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_is_given_back_when_dropped_and_a_waiter_stops_on_its_flag() {
        let slots = EngineSlots::new(1);
        let first = slots.try_acquire().expect("a free slot");
        assert!(slots.try_acquire().is_none());
        assert_eq!(slots.running(), 1);
        let stop = AtomicBool::new(true);
        assert!(
            slots.acquire(&stop).is_none(),
            "a stopped search waits no more"
        );
        drop(first);
        assert_eq!(slots.running(), 0);
        let go = AtomicBool::new(false);
        assert!(slots.acquire(&go).is_some());
    }

    #[test]
    fn a_waiter_gets_the_slot_another_thread_gives_back() {
        let slots = Arc::new(EngineSlots::new(1));
        let held = slots.try_acquire().unwrap();
        let waiter = {
            let slots = Arc::clone(&slots);
            std::thread::spawn(move || {
                let go = AtomicBool::new(false);
                slots.acquire(&go).is_some()
            })
        };
        std::thread::sleep(Duration::from_millis(20));
        drop(held);
        assert!(waiter.join().unwrap());
    }
}
