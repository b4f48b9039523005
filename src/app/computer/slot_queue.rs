//! Who gets the server's next free search slot, and who gives one up: the
//! rules of [`SearchSlots`](super::slots::SearchSlots), kept apart from
//! locks and clocks (every call is given `now`) so that tests drive them
//! step by step.
//!
//! Each seat (a player's session) has at most one search waiting. A free
//! slot goes to a search a person waits for (a move, a hint) before an
//! analysis; among equals, to the seat served least recently, then to the
//! one that asked first. An analysis holding a slot gives it up (it is
//! asked to, and resumes later) when another seat's move or hint waits and
//! no slot is free, and after [`TURN`] when another seat's analysis waits.

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// A waiting search not asked for again within this long is forgotten (its
/// session stopped asking: it ended, or hangs), so it holds up nobody.
pub const STALE: Duration = Duration::from_secs(2);

/// How long an analysis keeps a slot while another seat's analysis waits.
pub const TURN: Duration = Duration::from_secs(10);

/// How much a search matters to its player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Priority {
    /// Nobody waits for it: the analysis, a review.
    Background,
    /// A person waits for it: the computer's move, a hint.
    Awaited,
}

/// A seat: one player's session.
pub type SeatId = u64;

/// One holder of a slot.
pub type HolderId = u64;

#[derive(Clone, Copy, Debug)]
struct Request {
    seat: SeatId,
    priority: Priority,
    /// When the seat first asked for this search (kept while it asks again).
    since: Instant,
    /// When it last asked.
    seen: Instant,
}

#[derive(Clone, Copy, Debug)]
struct Holder {
    id: HolderId,
    seat: Option<SeatId>,
    priority: Priority,
    /// Whether it can be asked to give its slot up (a search that resumes).
    yields: bool,
    since: Instant,
}

/// The slots in use and the searches waiting for one.
#[derive(Debug)]
pub struct Queue {
    most: usize,
    holders: Vec<Holder>,
    waiting: Vec<Request>,
    /// When each seat was last given a slot (a count, not a time).
    served: HashMap<SeatId, u64>,
    grants: u64,
    next_holder: HolderId,
}

impl Queue {
    /// Room for `most` searches at once (at least one).
    pub fn new(most: usize) -> Queue {
        Queue {
            most: most.max(1),
            holders: Vec::new(),
            waiting: Vec::new(),
            served: HashMap::new(),
            grants: 0,
            next_holder: 0,
        }
    }

    /// How many slots are held now.
    pub fn running(&self) -> usize {
        self.holders.len()
    }

    fn free(&self) -> usize {
        self.most.saturating_sub(self.holders.len())
    }

    /// `seat` asks for a slot for a search of `priority`: granted when the
    /// seat's search is among the first in line for the slots free, else
    /// it waits in line (and should ask again within [`STALE`]).
    pub fn ask(&mut self, seat: SeatId, priority: Priority, now: Instant) -> Option<HolderId> {
        self.forget_stale(now);
        match self.waiting.iter_mut().find(|r| r.seat == seat) {
            Some(request) if request.priority == priority => request.seen = now,
            Some(request) => {
                *request = Request {
                    seat,
                    priority,
                    since: now,
                    seen: now,
                }
            }
            None => self.waiting.push(Request {
                seat,
                priority,
                since: now,
                seen: now,
            }),
        }
        let free = self.free();
        let mut line = self.waiting.clone();
        line.sort_by_key(|r| {
            let served = self.served.get(&r.seat).copied();
            (std::cmp::Reverse(r.priority), served, r.since)
        });
        if !line.iter().take(free).any(|r| r.seat == seat) {
            return None;
        }
        self.waiting.retain(|r| r.seat != seat);
        self.grants += 1;
        self.served.insert(seat, self.grants);
        Some(self.hold(Some(seat), priority, true, now))
    }

    /// A slot for a search that cannot wait in line or give way (a review,
    /// another program's search): only when one is free and nobody waits.
    pub fn take(
        &mut self,
        seat: Option<SeatId>,
        priority: Priority,
        now: Instant,
    ) -> Option<HolderId> {
        self.forget_stale(now);
        let others_wait = self.waiting.iter().any(|r| Some(r.seat) != seat);
        (self.free() > 0 && !others_wait).then(|| self.hold(seat, priority, false, now))
    }

    /// `seat` no longer wants a slot.
    pub fn withdraw(&mut self, seat: SeatId) {
        self.waiting.retain(|r| r.seat != seat);
    }

    /// `seat` is gone for good.
    pub fn leave(&mut self, seat: SeatId) {
        self.withdraw(seat);
        self.served.remove(&seat);
    }

    /// The slot of `holder` is free again.
    pub fn release(&mut self, holder: HolderId) {
        self.holders.retain(|h| h.id != holder);
    }

    /// Whether `holder` should give its slot up now: an analysis, while
    /// another seat's move or hint waits with no slot free (the analyses
    /// holding the longest give way first, as many as are needed), or held
    /// for a [`TURN`] while another seat's analysis waits.
    pub fn should_yield(&mut self, holder: HolderId, now: Instant) -> bool {
        self.forget_stale(now);
        let Some(me) = self.holders.iter().find(|h| h.id == holder).copied() else {
            return false;
        };
        if !me.yields || me.priority != Priority::Background {
            return false;
        }
        let waiting = |priority| {
            let others = self.waiting.iter().filter(|r| Some(r.seat) != me.seat);
            others.filter(|r| r.priority == priority).count()
        };
        let free = self.free();
        let mut givers: Vec<&Holder> = (self.holders.iter())
            .filter(|h| h.yields && h.priority == Priority::Background)
            .collect();
        givers.sort_by_key(|h| h.since);
        let urgent = waiting(Priority::Awaited).saturating_sub(free);
        if givers.iter().take(urgent).any(|h| h.id == holder) {
            return true;
        }
        // Turns among analyses: those past their turn, the oldest first.
        let turns = waiting(Priority::Background).saturating_sub(free);
        let past_turn = givers
            .iter()
            .skip(urgent)
            .filter(|h| now.saturating_duration_since(h.since) >= TURN);
        past_turn.take(turns).any(|h| h.id == holder)
    }

    fn hold(
        &mut self,
        seat: Option<SeatId>,
        priority: Priority,
        yields: bool,
        now: Instant,
    ) -> HolderId {
        self.next_holder += 1;
        self.holders.push(Holder {
            id: self.next_holder,
            seat,
            priority,
            yields,
            since: now,
        });
        self.next_holder
    }

    fn forget_stale(&mut self, now: Instant) {
        self.waiting
            .retain(|r| now.saturating_duration_since(r.seen) < STALE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Priority::{Awaited, Background};

    fn at(t0: Instant, millis: u64) -> Instant {
        t0 + Duration::from_millis(millis)
    }

    #[test]
    fn a_free_slot_goes_to_whoever_asks_and_no_more_than_the_most_run() {
        let t0 = Instant::now();
        let mut q = Queue::new(2);
        let a = q.ask(1, Background, t0).expect("a first slot");
        let b = q.ask(2, Awaited, t0).expect("a second slot");
        assert_eq!(q.ask(3, Awaited, t0), None, "two at most");
        assert_eq!(q.running(), 2);
        q.release(a);
        assert!(
            q.ask(3, Awaited, at(t0, 100)).is_some(),
            "the slot given back"
        );
        q.release(b);
        assert_eq!(q.running(), 1);
        assert!(
            Queue::new(0).ask(1, Awaited, t0).is_some(),
            "room for one at least"
        );
    }

    #[test]
    fn a_move_or_a_hint_goes_before_an_analysis_and_the_freed_slot_is_kept_for_the_first_in_line() {
        let t0 = Instant::now();
        let mut q = Queue::new(1);
        let held = q.ask(1, Awaited, t0).unwrap();
        // An analysis asks first, a hint after it: both wait.
        assert_eq!(q.ask(2, Background, at(t0, 10)), None);
        assert_eq!(q.ask(3, Awaited, at(t0, 20)), None);
        q.release(held);
        // The analysis asks again first, but the hint is first in line.
        assert_eq!(q.ask(2, Background, at(t0, 30)), None);
        // Seat 1, just served, asks again: behind the waiting hint.
        assert_eq!(q.ask(1, Awaited, at(t0, 35)), None);
        let hint = q.ask(3, Awaited, at(t0, 40)).expect("the hint's turn");
        q.release(hint);
        // Seat 1 (served before) and the analysis: the move goes first.
        assert_eq!(q.ask(2, Background, at(t0, 50)), None);
        assert!(q.ask(1, Awaited, at(t0, 60)).is_some());
    }

    #[test]
    fn among_equals_the_seat_served_least_recently_goes_first() {
        let t0 = Instant::now();
        let mut q = Queue::new(1);
        // Seat 1 has been served; seat 2 never.
        let first = q.ask(1, Awaited, t0).unwrap();
        assert_eq!(q.ask(2, Awaited, at(t0, 10)), None);
        q.release(first);
        // Seat 1 asks again at once, before seat 2 asks again: it waits.
        assert_eq!(q.ask(1, Awaited, at(t0, 20)), None);
        let second = q.ask(2, Awaited, at(t0, 30)).expect("seat 2's turn");
        q.release(second);
        assert!(q.ask(1, Awaited, at(t0, 40)).is_some(), "then seat 1's");
    }

    #[test]
    fn an_analysis_gives_way_to_another_seats_move_and_only_as_many_as_needed() {
        let t0 = Instant::now();
        let mut q = Queue::new(2);
        let old = q.ask(1, Background, t0).unwrap();
        let young = q.ask(2, Background, at(t0, 10)).unwrap();
        assert!(!q.should_yield(old, at(t0, 20)), "nobody waits");
        assert_eq!(q.ask(3, Awaited, at(t0, 30)), None);
        // One hint waits: the analysis holding the longest gives way.
        assert!(q.should_yield(old, at(t0, 40)));
        assert!(!q.should_yield(young, at(t0, 40)));
        q.release(old);
        // Seat 1 asks to go on: the hint is first.
        assert_eq!(q.ask(1, Background, at(t0, 50)), None);
        let hint = q.ask(3, Awaited, at(t0, 60)).expect("the hint's slot");
        assert!(!q.should_yield(young, at(t0, 70)));
        // A move or hint never gives way, nor a slot taken outside the line.
        assert!(!q.should_yield(hint, at(t0, 70)));
        q.release(young);
        let review = q.ask(1, Background, at(t0, 80)).unwrap();
        q.release(review);
        let review = q.take(Some(1), Background, at(t0, 90)).unwrap();
        assert_eq!(q.ask(4, Awaited, at(t0, 100)), None);
        assert!(!q.should_yield(review, at(t0, 110)));
    }

    #[test]
    fn an_analysis_gives_way_to_another_seats_analysis_after_its_turn() {
        let t0 = Instant::now();
        let turn = u64::try_from(TURN.as_millis()).unwrap();
        let mut q = Queue::new(1);
        let a = q.ask(1, Background, t0).unwrap();
        let mut now = t0;
        // Seat 2 keeps asking, as a waiting session does.
        while now < at(t0, turn - 100) {
            now += Duration::from_millis(100);
            assert_eq!(q.ask(2, Background, now), None);
            assert!(!q.should_yield(a, now), "within its turn");
        }
        now = at(t0, turn);
        assert_eq!(q.ask(2, Background, now), None);
        assert!(q.should_yield(a, now), "its turn is over");
        q.release(a);
        assert_eq!(q.ask(1, Background, now), None, "seat 2 first");
        assert!(q.ask(2, Background, now).is_some());
    }

    #[test]
    fn a_seat_that_stops_asking_holds_up_nobody() {
        let t0 = Instant::now();
        let mut q = Queue::new(1);
        let held = q.ask(1, Background, t0).unwrap();
        assert_eq!(q.ask(2, Awaited, t0), None);
        q.release(held);
        // Seat 2 waits first in line, then never asks again.
        assert_eq!(q.ask(3, Background, at(t0, 100)), None);
        let later = t0 + STALE + Duration::from_millis(100);
        assert!(q.ask(3, Background, later).is_some());
        // A seat that withdraws, or leaves, is out of line at once.
        assert_eq!(q.ask(4, Awaited, later), None);
        q.withdraw(4);
        assert_eq!(q.ask(5, Awaited, later), None);
        q.leave(5);
        let held = q.take(None, Awaited, later);
        assert!(held.is_none(), "the slot is still held by seat 3");
    }

    #[test]
    fn a_slot_taken_outside_the_line_waits_for_nobody_in_it() {
        let t0 = Instant::now();
        let mut q = Queue::new(2);
        let held = q.ask(1, Awaited, t0).unwrap();
        let other = q.take(None, Awaited, t0).expect("a free slot");
        assert_eq!(q.ask(2, Awaited, t0), None);
        q.release(other);
        assert_eq!(
            q.take(None, Awaited, at(t0, 10)),
            None,
            "seat 2 waits first"
        );
        assert!(q.ask(2, Awaited, at(t0, 20)).is_some());
        q.release(held);
    }
}
