//! Slows down guessing: each failed handshake from an address doubles how
//! long that address waits before its next one is looked at. And a
//! client's own tries ([`Retry`]): each failure doubles the wait before the
//! next, so that a client that keeps failing never uses up a relay's
//! requests for its address.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

const FIRST: Duration = Duration::from_millis(500);
const LONGEST: Duration = Duration::from_secs(30);
/// An address not heard from for this long starts afresh.
const FORGET: Duration = Duration::from_secs(600);
/// Addresses remembered at most (a flood of addresses forgets the oldest).
const MAX_ADDRESSES: usize = 1024;

/// Failures per address, and when each last failed.
#[derive(Debug, Default)]
pub struct Backoff {
    failures: HashMap<IpAddr, (u32, Instant)>,
}

impl Backoff {
    /// How long a connection from `ip` must wait, at `now`, before it is heard.
    pub fn wait(&self, ip: IpAddr, now: Instant) -> Duration {
        match self.failures.get(&ip) {
            Some(&(n, last)) => penalty(n).saturating_sub(now.saturating_duration_since(last)),
            None => Duration::ZERO,
        }
    }

    /// A failed handshake from `ip`; returns its penalty.
    pub fn failed(&mut self, ip: IpAddr, now: Instant) -> Duration {
        self.failures
            .retain(|_, &mut (_, last)| now.saturating_duration_since(last) < FORGET);
        if self.failures.len() >= MAX_ADDRESSES
            && let Some(oldest) = self.failures.iter().min_by_key(|e| e.1.1).map(|e| *e.0)
        {
            self.failures.remove(&oldest);
        }
        let entry = self.failures.entry(ip).or_insert((0, now));
        *entry = (entry.0.saturating_add(1), now);
        penalty(entry.0)
    }

    /// A good handshake from `ip`: it starts afresh.
    pub fn succeeded(&mut self, ip: IpAddr) {
        self.failures.remove(&ip);
    }
}

/// The waits between a client's tries: the first failure waits `first`,
/// each next one twice as long, up to `longest`; a success starts afresh.
#[derive(Clone, Copy, Debug)]
pub struct Retry {
    first: Duration,
    longest: Duration,
    next: Duration,
}

impl Retry {
    pub const fn new(first: Duration, longest: Duration) -> Retry {
        Retry {
            first,
            longest,
            next: first,
        }
    }

    /// How long to wait after a failure (and the next one waits longer).
    pub fn failed(&mut self) -> Duration {
        let wait = self.next;
        self.next = self.next.saturating_mul(2).min(self.longest);
        wait
    }

    /// A success: the next failure waits the first wait again.
    pub const fn succeeded(&mut self) {
        self.next = self.first;
    }
}

fn penalty(failures: u32) -> Duration {
    let doublings = failures.saturating_sub(1).min(16);
    FIRST.saturating_mul(1 << doublings).min(LONGEST)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_failure_doubles_the_wait_up_to_a_limit() {
        let ip: IpAddr = "192.0.2.7".parse().unwrap();
        let other: IpAddr = "192.0.2.8".parse().unwrap();
        let now = Instant::now();
        let mut backoff = Backoff::default();
        assert_eq!(backoff.wait(ip, now), Duration::ZERO);
        assert_eq!(backoff.failed(ip, now), Duration::from_millis(500));
        assert_eq!(backoff.failed(ip, now), Duration::from_secs(1));
        assert_eq!(backoff.failed(ip, now), Duration::from_secs(2));
        assert_eq!(
            backoff.wait(ip, now + Duration::from_millis(500)),
            Duration::from_millis(1500)
        );
        assert_eq!(backoff.wait(other, now), Duration::ZERO);
        for _ in 0..40 {
            backoff.failed(ip, now);
        }
        assert_eq!(backoff.wait(ip, now), LONGEST);
        backoff.succeeded(ip);
        assert_eq!(backoff.wait(ip, now), Duration::ZERO);
    }

    #[test]
    fn a_clients_tries_wait_longer_after_each_failure() {
        let secs = Duration::from_secs;
        let mut retry = Retry::new(secs(1), secs(8));
        let waits: Vec<Duration> = (0..6).map(|_| retry.failed()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 8, 8].map(secs));
        retry.succeeded();
        assert_eq!(retry.failed(), secs(1));
    }
}
