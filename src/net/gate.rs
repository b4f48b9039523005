//! Who a direct host hears, and when: the limits that keep strangers
//! without the code from jamming it or guessing fast (docs/protocol.md,
//! "The host's limits"). Pure bookkeeping, with the time passed in; the
//! listener (`host.rs`) asks it at each step.
//!
//! A connection first waits in the *lobby* for its first message, which
//! costs the host nothing but a socket: silent connections cannot take the
//! handshake slots, and when the lobby is full the one silent longest
//! makes way. A connection whose first message has come waits for a *slot*
//! (at most [`SLOTS`] handshakes at once, and one more kept for an address
//! that has completed a handshake before) and, from an address that has
//! not, for the global allowance of failed handshakes. An address that
//! failed (a wrong code, or silence) is not heard again until its backoff
//! has passed.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

use super::backoff::Backoff;
use super::rate::{Rate, RateLimiter};

/// Handshakes under way at once, for all addresses.
pub const SLOTS: usize = 8;
/// Handshakes beyond [`SLOTS`] for addresses that completed one before.
pub const KEPT_SLOTS: usize = 1;
/// Connections waiting for their first message, or for a slot, at once.
pub const LOBBY: usize = 64;
/// Of those, from one address.
pub const LOBBY_PER_ADDRESS: usize = 8;
/// Failed handshakes allowed a second, for all addresses together, once
/// [`BURST`] have been spent.
pub const FAILURES_PER_SECOND: f64 = 2.0;
pub const BURST: f64 = 10.0;
/// Addresses that completed a handshake, remembered at most (the oldest
/// is forgotten first).
const KNOWN: usize = 64;

/// The gate's answer to a new connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// In the lobby, under this number.
    Lobby(u64),
    /// In the lobby, in place of the connection of this number, which
    /// has been silent longest and is to be closed.
    Replacing { id: u64, evicted: u64 },
    /// Not heard now (the address is backing off, or the lobby is full of
    /// connections that have spoken): told the host is busy.
    Busy,
}

/// A handshake slot, given back with [`Gate::finished`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    kept: bool,
    /// Whether it holds one of the global allowance's failures.
    reserved: bool,
}

#[derive(Debug)]
struct Waiting {
    ip: IpAddr,
    since: Instant,
    /// When its first message had come.
    spoke: Option<Instant>,
}

#[derive(Debug)]
pub struct Gate {
    backoff: Backoff,
    known: VecDeque<IpAddr>,
    /// The global allowance of failures.
    allowance: RateLimiter,
    slots: usize,
    kept_slots: usize,
    lobby: HashMap<u64, Waiting>,
    ids: u64,
}

impl Gate {
    pub fn new(now: Instant) -> Gate {
        Gate {
            backoff: Backoff::default(),
            known: VecDeque::new(),
            allowance: RateLimiter::full(Rate::per_second(FAILURES_PER_SECOND, BURST), now),
            slots: 0,
            kept_slots: 0,
            lobby: HashMap::new(),
            ids: 0,
        }
    }

    /// A new connection from `ip`.
    pub fn arrive(&mut self, ip: IpAddr, now: Instant) -> Entry {
        if !self.backoff.wait(ip, now).is_zero() {
            return Entry::Busy;
        }
        let from_ip = self.lobby.values().filter(|w| w.ip == ip).count();
        let evicted = if self.lobby.len() < LOBBY && from_ip < LOBBY_PER_ADDRESS {
            None
        } else {
            // The one silent longest (from the same address, when that is full).
            let crowded = from_ip >= LOBBY_PER_ADDRESS;
            let oldest = (self.lobby.iter())
                .filter(|(_, w)| w.spoke.is_none() && (!crowded || w.ip == ip))
                .min_by_key(|(_, w)| w.since)
                .map(|(&id, _)| id);
            let Some(id) = oldest else {
                return Entry::Busy;
            };
            // Made way for a newer one, it pays as silence does.
            if let Some(gone) = self.lobby.remove(&id) {
                self.backoff.failed(gone.ip, now);
            }
            Some(id)
        };
        self.ids += 1;
        let id = self.ids;
        let waiting = Waiting {
            ip,
            since: now,
            spoke: None,
        };
        self.lobby.insert(id, waiting);
        match evicted {
            Some(evicted) => Entry::Replacing { id, evicted },
            None => Entry::Lobby(id),
        }
    }

    /// Connection `id` sent its first message.
    pub fn spoke(&mut self, id: u64, now: Instant) {
        if let Some(waiting) = self.lobby.get_mut(&id) {
            waiting.spoke = Some(now);
        }
    }

    /// Connection `id` leaves the lobby without a handshake; `failed`:
    /// it sent nothing in time (or nothing readable), which its address
    /// pays for as for a wrong code.
    pub fn left(&mut self, id: u64, failed: bool, now: Instant) {
        if let Some(waiting) = self.lobby.remove(&id)
            && failed
        {
            self.backoff.failed(waiting.ip, now);
        }
    }

    /// A slot for connection `id`, whose first message has come, if one
    /// is free now (and, for an address not known, a failure is allowed,
    /// and it is the first of such to have spoken: strangers are heard in
    /// turn, so that a guest waits behind those there before it, not
    /// behind every one who comes later); it then leaves the lobby.
    pub fn start(&mut self, id: u64, now: Instant) -> Option<Slot> {
        let ip = self.lobby.get(&id)?.ip;
        let known = self.known.contains(&ip);
        if !known {
            let first = (self.lobby.iter())
                .filter(|(_, w)| w.spoke.is_some() && !self.known.contains(&w.ip))
                .min_by_key(|(i, w)| (w.spoke, **i))
                .map(|(&i, _)| i);
            if first != Some(id) {
                return None;
            }
        }
        let kept = if self.slots < SLOTS {
            false
        } else if known && self.kept_slots < KEPT_SLOTS {
            true
        } else {
            return None;
        };
        // A known address is let in whatever strangers spent.
        let reserved = !known;
        if reserved && !self.allowance.try_take(now) {
            return None;
        }
        if kept {
            self.kept_slots += 1;
        } else {
            self.slots += 1;
        }
        self.lobby.remove(&id);
        Some(Slot { kept, reserved })
    }

    /// The handshake in `slot`, from `ip`, ended: `Ok` when it succeeded,
    /// `Err(())` when it failed (and is to be held open for the penalty
    /// returned), or neither counted (`None`: another version, told ours).
    pub fn finished(
        &mut self,
        slot: Slot,
        ip: IpAddr,
        outcome: Option<Result<(), ()>>,
        now: Instant,
    ) -> Duration {
        if slot.kept {
            self.kept_slots -= 1;
        } else {
            self.slots -= 1;
        }
        let refund = |gate: &mut Gate| {
            if slot.reserved {
                gate.allowance.give_back(now);
            }
        };
        match outcome {
            Some(Ok(())) => {
                refund(self);
                self.backoff.succeeded(ip);
                self.known.retain(|&k| k != ip);
                if self.known.len() >= KNOWN {
                    self.known.pop_front();
                }
                self.known.push_back(ip);
                Duration::ZERO
            }
            Some(Err(())) => {
                if !slot.reserved {
                    // A known address's failure counts all the same.
                    self.allowance.charge(now);
                }
                self.backoff.failed(ip, now)
            }
            None => {
                refund(self);
                Duration::ZERO
            }
        }
    }
}

#[cfg(test)]
mod tests;
