//! The searches a server lets run at once, shared by all its sessions:
//! each session has a [`Seat`] in line, its computer asks for a slot for
//! each search and gives it back when the search stops, and waits (saying
//! so) while none is its. Who goes first, and when an analysis gives way,
//! is [`Queue`]'s affair. A shared value handed to each session, not a
//! global: a process may run sessions under different caps, or none (the
//! local screen).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

pub use super::slot_queue::Priority;
use super::slot_queue::{HolderId, Queue, SeatId};

/// How often a computer waiting for a slot asks again (well within
/// [`STALE`](super::slot_queue::STALE)).
pub const RETRY: Duration = Duration::from_millis(100);

/// At most so many searches at once among those that share these (a
/// clone shares them).
#[derive(Clone, Debug)]
pub struct SearchSlots {
    queue: Arc<Mutex<Queue>>,
    seats: Arc<AtomicU64>,
}

/// The queue, whatever a thread that panicked holding it left: its state
/// is a few lists, valid between any two calls.
fn lock(queue: &Mutex<Queue>) -> MutexGuard<'_, Queue> {
    queue.lock().unwrap_or_else(PoisonError::into_inner)
}

impl SearchSlots {
    /// Room for `most` searches at once (at least one).
    pub fn new(most: usize) -> SearchSlots {
        SearchSlots {
            queue: Arc::new(Mutex::new(Queue::new(most))),
            seats: Arc::new(AtomicU64::new(0)),
        }
    }

    /// How many searches run now.
    pub fn running(&self) -> usize {
        lock(&self.queue).running()
    }

    /// A slot now, if one is free and no session waits for one: for a
    /// search outside any session's line (it never gives way).
    pub fn take(&self) -> Option<Slot> {
        let holder = lock(&self.queue).take(None, Priority::Awaited, Instant::now())?;
        Some(self.slot(holder))
    }

    /// A new player's place in line (one per session).
    pub fn seat(&self) -> Seat {
        Seat(Arc::new(SeatInner {
            id: self.seats.fetch_add(1, Ordering::Relaxed),
            slots: self.clone(),
        }))
    }

    fn slot(&self, holder: HolderId) -> Slot {
        Slot {
            queue: Arc::clone(&self.queue),
            holder,
        }
    }
}

/// One session's place in line; its clones are the same place, left when
/// the last is dropped.
#[derive(Clone, Debug)]
pub struct Seat(Arc<SeatInner>);

#[derive(Debug)]
struct SeatInner {
    id: SeatId,
    slots: SearchSlots,
}

impl Drop for SeatInner {
    fn drop(&mut self) {
        lock(&self.slots.queue).leave(self.id);
    }
}

impl Seat {
    /// A slot for a search of `priority`, if it is this seat's turn; else
    /// the seat waits in line and should ask again every [`RETRY`].
    pub fn ask(&self, priority: Priority) -> Option<Slot> {
        let inner = &self.0;
        let holder = lock(&inner.slots.queue).ask(inner.id, priority, Instant::now())?;
        Some(inner.slots.slot(holder))
    }

    /// A slot now for a search that cannot wait or give way (a review):
    /// only when one is free and nobody waits.
    pub fn take(&self, priority: Priority) -> Option<Slot> {
        let inner = &self.0;
        let holder = lock(&inner.slots.queue).take(Some(inner.id), priority, Instant::now())?;
        Some(inner.slots.slot(holder))
    }

    /// The seat no longer waits for a slot.
    pub fn withdraw(&self) {
        lock(&self.0.slots.queue).withdraw(self.0.id);
    }
}

/// One search's room, given back when dropped.
#[derive(Debug)]
pub struct Slot {
    queue: Arc<Mutex<Queue>>,
    holder: HolderId,
}

impl Slot {
    /// Whether the search should stop now and give its slot to another
    /// player's, to go on later (only an analysis is ever asked to).
    pub fn should_yield(&self) -> bool {
        lock(&self.queue).should_yield(self.holder, Instant::now())
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        lock(&self.queue).release(self.holder);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_more_than_the_most_at_once_and_a_dropped_slot_is_free_again() {
        let slots = SearchSlots::new(2);
        let shared = slots.clone();
        let one = slots.take().expect("a first slot");
        let two = shared.take().expect("a second slot");
        assert!(slots.take().is_none(), "two at most");
        assert_eq!(shared.running(), 2);
        drop(one);
        let three = slots.take().expect("the slot given back");
        assert!(shared.take().is_none());
        drop((two, three));
        assert_eq!(slots.running(), 0);
        assert!(
            SearchSlots::new(0).take().is_some(),
            "room for one at least"
        );
    }

    #[test]
    fn a_seat_dropped_leaves_the_line() {
        let slots = SearchSlots::new(1);
        let held = slots.take().unwrap();
        let seat = slots.seat();
        let same = seat.clone();
        assert!(seat.ask(Priority::Awaited).is_none());
        drop(held);
        assert!(slots.take().is_none(), "the seat waits first");
        drop(seat);
        assert!(slots.take().is_none(), "a clone keeps the seat");
        drop(same);
        assert!(slots.take().is_some(), "the seat left");
    }

    #[test]
    fn an_analysis_is_asked_to_give_way_to_another_seats_hint() {
        let slots = SearchSlots::new(1);
        let (analyst, player) = (slots.seat(), slots.seat());
        let analysis = analyst.ask(Priority::Background).unwrap();
        assert!(!analysis.should_yield());
        assert!(player.ask(Priority::Awaited).is_none());
        assert!(analysis.should_yield());
        drop(analysis);
        assert!(
            analyst.ask(Priority::Background).is_none(),
            "the hint first"
        );
        assert!(player.ask(Priority::Awaited).is_some());
    }
}
