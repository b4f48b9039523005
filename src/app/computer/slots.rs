//! The searches a server lets run at once, shared by all its sessions:
//! each session's computer takes a slot for each search and gives it back
//! when the search stops, and waits (saying so) while none is free. A
//! shared value handed to each session, not a global: a process may run
//! sessions under different caps, or none (the local screen).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How often a computer waiting for a slot asks again.
pub const RETRY: Duration = Duration::from_millis(100);

/// At most so many searches at once among those that share these (a
/// clone shares them).
#[derive(Clone, Debug)]
pub struct SearchSlots {
    most: usize,
    taken: Arc<AtomicUsize>,
}

impl SearchSlots {
    /// Room for `most` searches at once (at least one).
    pub fn new(most: usize) -> SearchSlots {
        SearchSlots {
            most: most.max(1),
            taken: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// How many searches run now.
    pub fn running(&self) -> usize {
        self.taken.load(Ordering::SeqCst)
    }

    /// A slot, if one is free.
    pub fn take(&self) -> Option<Slot> {
        self.taken
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |taken| {
                (taken < self.most).then_some(taken + 1)
            })
            .ok()
            .map(|_| Slot(Arc::clone(&self.taken)))
    }
}

/// One search's room, given back when dropped.
#[derive(Debug)]
pub struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
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
}
