//! New keys per address in the last day: the lobby's limit on
//! registrations (`--registrations-per-day`, docs/server.md).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;

use crate::server::registry::Address;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// New keys per address in the last day, as the referee counts them (in
/// memory: a restart forgets them).
#[derive(Default)]
pub(super) struct Registrations {
    by_address: HashMap<Address, VecDeque<i64>>,
}

impl Registrations {
    /// Whether one more new key from `ip` is within `per_day`.
    pub(super) fn allowed(&mut self, ip: IpAddr, per_day: u32, now_ms: i64) -> bool {
        let Some(times) = self.by_address.get_mut(&Address::from(ip)) else {
            return per_day > 0;
        };
        while times.front().is_some_and(|&t| t <= now_ms - DAY_MS) {
            times.pop_front();
        }
        times.len() < per_day as usize
    }

    pub(super) fn count(&mut self, ip: IpAddr, now_ms: i64) {
        // Addresses with nothing in the last day are forgotten, so the
        // map holds at most a day's new keys.
        self.by_address
            .retain(|_, times| times.back().is_some_and(|&t| t > now_ms - DAY_MS));
        self.by_address
            .entry(Address::from(ip))
            .or_default()
            .push_back(now_ms);
    }
}
