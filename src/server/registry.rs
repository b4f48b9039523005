//! The relay's state, all of it in memory and none worth keeping: the
//! connections held (in all and per address), each address's requests in
//! the last minute, and the hosts waiting at a nameplate or channel.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use tokio::net::TcpStream;
use tokio::sync::oneshot;

use super::limits::Limits;
use crate::net::rate::{Rate, RateLimiter};
use crate::net::relay::wire::Place;

/// A guest handed to the host that waited for it: its stream, the bytes
/// it sent after its request line, and its place in the count.
pub struct Guest {
    pub stream: TcpStream,
    pub early: Vec<u8>,
    pub held: Held,
}

/// Whom the limits count: an IPv4 address, or an IPv6 /64 network (one
/// machine commonly has a whole one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Address(u128);

impl From<IpAddr> for Address {
    fn from(ip: IpAddr) -> Address {
        match ip {
            IpAddr::V4(v4) => Address(u128::from(u32::from(v4))),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Address(u128::from(u32::from(v4))),
                None => Address(u128::from(v6) >> 64 | 1 << 127),
            },
        }
    }
}

#[derive(Debug)]
struct Usage {
    connections: usize,
    /// Requests, `asks_per_minute` a minute and as many at once.
    asks: RateLimiter,
}

struct Waiting {
    id: u64,
    host: oneshot::Sender<Guest>,
}

#[derive(Default)]
struct State {
    connections: usize,
    peak: usize,
    usage: HashMap<Address, Usage>,
    waiting: HashMap<Place, Waiting>,
    /// Nameplates given back, below `next`: the smallest is handed out first.
    free: BTreeSet<u32>,
    /// Nameplates just used, and when: not handed out again for a while,
    /// so that a guess or a late guest on one finds no one there.
    resting: VecDeque<(Instant, u32)>,
    next: u32,
    ids: u64,
    refused_asks: u64,
}

/// What the relay holds now, for tests and the load test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub connections: usize,
    pub peak_connections: usize,
    pub waiting: usize,
    pub addresses: usize,
    /// Requests refused as too many from their address, since the start.
    pub refused_asks: u64,
}

/// Why a connection or a request was refused (the client is told).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the relay is full: try again later")]
    Full,
    #[error("too many connections from your address")]
    TooManyConnections,
    #[error("too many requests from your address: wait a minute")]
    TooManyAsks,
    #[error("the relay remembers too many addresses: try again later")]
    TooManyAddresses,
}

pub struct Registry {
    limits: Limits,
    state: Mutex<State>,
}

/// A connection counted by the registry, until dropped.
pub struct Held {
    registry: Arc<Registry>,
    address: Address,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut state = self.registry.lock();
        state.connections = state.connections.saturating_sub(1);
        if let Some(usage) = state.usage.get_mut(&self.address) {
            usage.connections = usage.connections.saturating_sub(1);
        }
    }
}

impl Registry {
    pub fn new(limits: Limits) -> Arc<Registry> {
        Arc::new(Registry {
            limits,
            state: Mutex::default(),
        })
    }

    pub const fn limits(&self) -> &Limits {
        &self.limits
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn stats(&self) -> Stats {
        let state = self.lock();
        Stats {
            connections: state.connections,
            peak_connections: state.peak,
            waiting: state.waiting.len(),
            addresses: state.usage.len(),
            refused_asks: state.refused_asks,
        }
    }

    /// Counts a new connection from `ip`, or says why it is refused.
    pub fn admit(self: &Arc<Registry>, ip: IpAddr, now: Instant) -> Result<Held, Refusal> {
        let address = Address::from(ip);
        let limits = &self.limits;
        let mut state = self.lock();
        if state.connections >= limits.max_connections {
            return Err(Refusal::Full);
        }
        if !state.usage.contains_key(&address) && state.usage.len() >= limits.addresses {
            forget_idle(&mut state.usage, now);
            if state.usage.len() >= limits.addresses {
                return Err(Refusal::TooManyAddresses);
            }
        }
        let usage = state.usage.entry(address).or_insert(Usage {
            connections: 0,
            asks: RateLimiter::full(asks_rate(limits), now),
        });
        if usage.connections >= limits.per_address {
            return Err(Refusal::TooManyConnections);
        }
        usage.connections += 1;
        state.connections += 1;
        state.peak = state.peak.max(state.connections);
        Ok(Held {
            registry: Arc::clone(self),
            address,
        })
    }

    /// Counts a request from `held`'s address, or refuses it.
    pub fn ask(&self, held: &Held, now: Instant) -> Result<(), Refusal> {
        let mut guard = self.lock();
        let state = &mut *guard;
        let usage = state
            .usage
            .get_mut(&held.address)
            .ok_or(Refusal::TooManyAsks)?;
        if !usage.asks.try_take(now) {
            state.refused_asks += 1;
            return Err(Refusal::TooManyAsks);
        }
        Ok(())
    }

    /// A host waits at the smallest nameplate not in use; returns it and
    /// the host's number in the list.
    pub fn wait_at_new_nameplate(&self, host: oneshot::Sender<Guest>) -> (u32, u64) {
        let mut state = self.lock();
        let now = Instant::now();
        while let Some(&(since, n)) = state.resting.front()
            && now.saturating_duration_since(since) >= self.limits.nameplate_rest
        {
            state.resting.pop_front();
            state.free.insert(n);
        }
        let n = match state.free.pop_first() {
            Some(n) => n,
            None => {
                state.next += 1;
                state.next
            }
        };
        (n, insert(&mut state, Place::Nameplate(n), host))
    }

    /// A host waits on `channel` (taking it from any host waiting there
    /// before: a channel asked again); returns its number in the list.
    pub fn wait_on_channel(&self, channel: [u8; 32], host: oneshot::Sender<Guest>) -> u64 {
        insert(&mut self.lock(), Place::Channel(channel), host)
    }

    /// The host waiting at `place` is joined to a guest: the place is free.
    pub fn take(&self, place: Place) -> Option<oneshot::Sender<Guest>> {
        let mut state = self.lock();
        let waiting = state.waiting.remove(&place)?;
        give_back(&mut state, place);
        Some(waiting.host)
    }

    /// The host `id` stops waiting at `place` (if it still does).
    pub fn leave(&self, place: Place, id: u64) {
        let mut state = self.lock();
        if state.waiting.get(&place).is_some_and(|w| w.id == id) {
            state.waiting.remove(&place);
            give_back(&mut state, place);
        }
    }
}

fn insert(state: &mut State, place: Place, host: oneshot::Sender<Guest>) -> u64 {
    state.ids += 1;
    let id = state.ids;
    state.waiting.insert(place, Waiting { id, host });
    id
}

fn give_back(state: &mut State, place: Place) {
    if let Place::Nameplate(n) = place {
        state.resting.push_back((Instant::now(), n));
    }
}

/// Forgets the addresses with no connection whose requests are all back.
fn forget_idle(usage: &mut HashMap<Address, Usage>, now: Instant) {
    usage.retain(|_, u| u.connections > 0 || !u.asks.is_full(now));
}

/// Requests from one address: `asks_per_minute` a minute, as many at once.
fn asks_rate(limits: &Limits) -> Rate {
    let most = f64::from(limits.asks_per_minute);
    Rate::per_minute(most, most)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            max_connections: 3,
            per_address: 2,
            asks_per_minute: 2,
            ..Limits::default()
        }
    }

    #[test]
    fn connections_are_counted_in_all_and_per_address() {
        let registry = Registry::new(limits());
        let now = Instant::now();
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let first = registry.admit(a, now).unwrap();
        let _second = registry.admit(a, now).unwrap();
        assert_eq!(
            registry.admit(a, now).err(),
            Some(Refusal::TooManyConnections)
        );
        let _third = registry.admit(b, now).unwrap();
        assert_eq!(registry.admit(b, now).err(), Some(Refusal::Full));
        drop(first);
        assert!(registry.admit(a, now).is_ok());
        assert_eq!(registry.stats().peak_connections, 3);
    }

    #[test]
    fn requests_per_address_come_back_with_time() {
        let registry = Registry::new(limits());
        let now = Instant::now();
        let held = registry.admit("192.0.2.1".parse().unwrap(), now).unwrap();
        assert!(registry.ask(&held, now).is_ok());
        assert!(registry.ask(&held, now).is_ok());
        assert_eq!(registry.ask(&held, now), Err(Refusal::TooManyAsks));
        let later = now + std::time::Duration::from_secs(31);
        assert!(registry.ask(&held, later).is_ok());
        assert_eq!(registry.ask(&held, later), Err(Refusal::TooManyAsks));
    }

    #[test]
    fn an_ipv6_network_counts_as_one_address() {
        let one: IpAddr = "2001:db8::1".parse().unwrap();
        let two: IpAddr = "2001:db8::ffff:2".parse().unwrap();
        let other: IpAddr = "2001:db8:0:1::1".parse().unwrap();
        assert_eq!(Address::from(one), Address::from(two));
        assert_ne!(Address::from(one), Address::from(other));
        let mapped: IpAddr = "::ffff:192.0.2.1".parse().unwrap();
        assert_eq!(
            Address::from(mapped),
            Address::from("192.0.2.1".parse::<IpAddr>().unwrap())
        );
    }

    #[test]
    fn the_smallest_free_nameplate_comes_first() {
        let registry = Registry::new(limits());
        let wait = || {
            let (host, _) = oneshot::channel();
            registry.wait_at_new_nameplate(host)
        };
        let (one, _) = wait();
        let (two, id) = wait();
        let (three, _) = wait();
        assert_eq!((one, two, three), (1, 2, 3));
        registry.leave(Place::Nameplate(2), id + 1);
        assert_eq!(
            registry.stats().waiting,
            3,
            "only the host waiting there leaves"
        );
        registry.leave(Place::Nameplate(2), id);
        assert!(registry.take(Place::Nameplate(1)).is_some());
        assert!(
            registry.take(Place::Nameplate(1)).is_none(),
            "one guest per nameplate"
        );
        assert_eq!(wait().0, 4, "used nameplates rest");
        assert_eq!(wait().0, 5);
    }

    #[test]
    fn rested_nameplates_come_back_smallest_first() {
        let registry = Registry::new(Limits {
            nameplate_rest: std::time::Duration::ZERO,
            ..limits()
        });
        let wait = || {
            let (host, _) = oneshot::channel();
            registry.wait_at_new_nameplate(host).0
        };
        assert_eq!((wait(), wait(), wait()), (1, 2, 3));
        assert!(registry.take(Place::Nameplate(2)).is_some());
        assert!(registry.take(Place::Nameplate(1)).is_some());
        assert_eq!((wait(), wait(), wait()), (1, 2, 4));
    }
}
