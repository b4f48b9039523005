//! New keys per address: the lobby's limit on registrations
//! (`--registrations-per-day`, docs/server.md), a [`RateLimiter`] per
//! address on the lobby's wall clock.

use std::collections::HashMap;
use std::net::IpAddr;

use crate::net::rate::{Rate, RateLimiter, WallMs};
use crate::server::registry::Address;

/// New keys per address, as the referee counts them (in memory: a restart
/// forgets them).
#[derive(Default)]
pub(super) struct Registrations {
    by_address: HashMap<Address, RateLimiter<WallMs>>,
}

impl Registrations {
    /// Whether one more new key from `ip` is within `rate`.
    pub(super) fn allowed(&mut self, ip: IpAddr, rate: Rate, now_ms: i64) -> bool {
        let now = WallMs(now_ms);
        match self.by_address.get_mut(&Address::from(ip)) {
            Some(limiter) => limiter.allows(now),
            None => RateLimiter::full(rate, now).allows(now),
        }
    }

    pub(super) fn count(&mut self, ip: IpAddr, rate: Rate, now_ms: i64) {
        let now = WallMs(now_ms);
        // Addresses whose limiter is full again are forgotten, so the map
        // holds only those that registered lately.
        self.by_address.retain(|_, limiter| !limiter.is_full(now));
        self.by_address
            .entry(Address::from(ip))
            .or_insert_with(|| RateLimiter::full(rate, now))
            .charge(now);
    }
}
