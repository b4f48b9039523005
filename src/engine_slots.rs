//! A cap on the engine's searches at once in this process, for a server
//! whose players share its processors (`brique server --ssh-port`: each
//! SSH session has its own computer opponent). Installed once, it makes
//! every [`crate::thinker::Thinker`] wait for a free slot before it
//! searches, and say that it waits, so the screen can tell its player;
//! never installed (a local game), searches start at once.
//!
//! A counting semaphore by hand: the standard library has none, and
//! tokio's is for async code, which the thinker's thread is not.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
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
    /// Searches waiting for a slot now.
    waiting: AtomicUsize,
}

/// How a search shares the slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Share {
    /// It waits for a slot (the computer's move, a hint, the analysis).
    Waits,
    /// Spare time's search (pondering): it runs on a free slot only, and
    /// gives it up as soon as another search waits for one.
    Yields,
}

/// Why a search may not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSlot;

/// A slot for a search under `slots` (none: no cap, no slot needed) as
/// `share` says; `waiting` is set while it waits. [`NoSlot`] when it was
/// stopped while waiting, or yields and no slot is free.
pub fn take<'a>(
    slots: Option<&'a EngineSlots>,
    share: Share,
    stop: &AtomicBool,
    waiting: &AtomicBool,
) -> Result<Option<Slot<'a>>, NoSlot> {
    let Some(slots) = slots else {
        return Ok(None);
    };
    if let Some(slot) = slots.try_acquire() {
        return Ok(Some(slot));
    }
    if share == Share::Yields {
        return Err(NoSlot);
    }
    waiting.store(true, Ordering::Relaxed);
    let slot = slots.acquire(stop);
    waiting.store(false, Ordering::Relaxed);
    slot.map(Some).ok_or(NoSlot)
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
            waiting: AtomicUsize::new(0),
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

    /// Whether a search waits for a slot now.
    pub fn wanted(&self) -> bool {
        self.waiting.load(Ordering::Relaxed) > 0
    }

    /// Waits for a free slot; `None` once `stop` is set first.
    pub fn acquire(&self, stop: &AtomicBool) -> Option<Slot<'_>> {
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let slot = self.wait_for_slot(stop);
        self.waiting.fetch_sub(1, Ordering::Relaxed);
        slot
    }

    fn wait_for_slot(&self, stop: &AtomicBool) -> Option<Slot<'_>> {
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
