//! The one rate limiter of the house, for every limit that counts requests
//! over time (docs/protocol.md and docs/server.md list each by name): the
//! direct host's failed handshakes (`gate.rs`), the relay's requests per
//! address (`server/registry.rs`), and the lobby's requests, seeks, chat
//! lines (`server/lobby/limits.rs`) and new keys per address
//! (`server/lobby/registrations.rs`).
//!
//! A token bucket: [`Rate::burst`] at once, then [`Rate::per_second`] on
//! average. Pure bookkeeping with the time passed in, so that tests step
//! the clock; the lobby's new keys count on its wall clock (milliseconds,
//! which its tests set), everything else on an [`Instant`].
//!
//! Not the `governor` crate: it keeps its own clock, cannot give a token
//! back (the host refunds a handshake that succeeded) nor look without
//! taking (the lobby checks a new key's address before the name is known to
//! be free, and counts it after), and brings a dozen crates for sixty lines.

use std::time::{Duration, Instant};

/// A rate: `burst` at once, refilled at `per_second`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    pub per_second: f64,
    pub burst: f64,
}

impl Rate {
    /// `n` a second, `burst` at once.
    pub fn per_second(n: f64, burst: f64) -> Rate {
        Rate {
            per_second: n,
            burst,
        }
    }

    /// `n` a minute, `burst` at once.
    pub fn per_minute(n: f64, burst: f64) -> Rate {
        Rate::per_second(n / 60.0, burst)
    }

    /// `n` a day, as many at once.
    pub fn per_day(n: f64) -> Rate {
        Rate::per_second(n / 86_400.0, n)
    }
}

/// A moment a limiter counts from: an [`Instant`], or milliseconds of a
/// wall clock ([`WallMs`]).
pub trait Moment: Copy {
    /// The time from `earlier` to `self`, zero if `earlier` is later.
    fn since(self, earlier: Self) -> Duration;
}

impl Moment for Instant {
    fn since(self, earlier: Instant) -> Duration {
        self.saturating_duration_since(earlier)
    }
}

/// Milliseconds since 1970, as the lobby's wall clock reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct WallMs(pub i64);

impl Moment for WallMs {
    fn since(self, earlier: WallMs) -> Duration {
        Duration::from_millis(u64::try_from(self.0.saturating_sub(earlier.0)).unwrap_or(0))
    }
}

/// A token bucket at a [`Rate`].
#[derive(Clone, Copy, Debug)]
pub struct RateLimiter<T: Moment = Instant> {
    rate: Rate,
    /// Tokens left when last counted (below zero after [`Self::charge`]).
    tokens: f64,
    counted: T,
}

impl<T: Moment> RateLimiter<T> {
    /// A full bucket.
    pub fn full(rate: Rate, now: T) -> RateLimiter<T> {
        RateLimiter {
            rate,
            tokens: rate.burst,
            counted: now,
        }
    }

    /// The tokens left at `now`, refilled since last counted.
    fn refill(&mut self, now: T) -> f64 {
        let since = now.since(self.counted);
        // A clock set back counts from the latest moment seen, not twice.
        if !since.is_zero() {
            let refilled = self.tokens + since.as_secs_f64() * self.rate.per_second;
            self.tokens = refilled.min(self.rate.burst);
            self.counted = now;
        }
        self.tokens
    }

    /// Takes a token if one is left.
    pub fn try_take(&mut self, now: T) -> bool {
        let allowed = self.allows(now);
        if allowed {
            self.tokens -= 1.0;
        }
        allowed
    }

    /// Whether a token is left, without taking it.
    pub fn allows(&mut self, now: T) -> bool {
        self.refill(now) >= 1.0
    }

    /// Takes a token whether or not one is left: what was done anyway
    /// still counts, and a debt is paid back at the rate.
    pub fn charge(&mut self, now: T) {
        self.tokens = self.refill(now) - 1.0;
    }

    /// Gives a token back (a taken one that turned out not to count).
    pub fn give_back(&mut self, now: T) {
        self.tokens = (self.refill(now) + 1.0).min(self.rate.burst);
    }

    /// Whether the bucket is full at `now`: one that has forgotten all it
    /// counted, which a map of limiters may drop.
    pub fn is_full(&self, now: T) -> bool {
        let since = now.since(self.counted).as_secs_f64();
        self.tokens + since * self.rate.per_second >= self.rate.burst
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limiter_gives_its_burst_then_its_rate() {
        let start = Instant::now();
        let mut limiter = RateLimiter::full(Rate::per_second(1.0, 3.0), start);
        assert!((0..3).all(|_| limiter.try_take(start)));
        assert!(!limiter.try_take(start));
        let later = start + Duration::from_millis(1500);
        assert!(limiter.try_take(later));
        assert!(!limiter.try_take(later));
        // Never more than the burst, however long it rests.
        let much_later = later + Duration::from_secs(3600);
        assert!(limiter.is_full(much_later));
        assert!((0..3).all(|_| limiter.try_take(much_later)));
        assert!(!limiter.allows(much_later));
    }

    #[test]
    fn a_token_given_back_or_charged_counts() {
        let start = Instant::now();
        let mut limiter = RateLimiter::full(Rate::per_second(1.0, 1.0), start);
        assert!(limiter.try_take(start));
        limiter.give_back(start);
        assert!(limiter.allows(start), "the token came back");
        limiter.give_back(start);
        assert!(
            limiter.try_take(start) && !limiter.allows(start),
            "never past the burst"
        );
        // Charged with none left: a debt, paid back at the rate.
        limiter.charge(start);
        assert!(!limiter.allows(start + Duration::from_millis(1500)));
        assert!(limiter.allows(start + Duration::from_secs(2)));
    }

    #[test]
    fn a_wall_clock_limiter_counts_a_day() {
        const DAY: i64 = 86_400_000;
        let mut limiter = RateLimiter::full(Rate::per_day(2.0), WallMs(DAY));
        assert!(limiter.try_take(WallMs(DAY)) && limiter.try_take(WallMs(DAY)));
        assert!(!limiter.allows(WallMs(DAY + DAY / 4)));
        assert!(
            limiter.allows(WallMs(DAY + DAY / 2)),
            "half a day: one back"
        );
        assert!(limiter.try_take(WallMs(DAY + DAY / 2)));
        assert!(!limiter.allows(WallMs(0)), "a clock set back gives nothing");
        assert!(
            !limiter.allows(WallMs(DAY + DAY * 3 / 4)),
            "nor counts twice"
        );
        let mut zero = RateLimiter::full(Rate::per_day(0.0), WallMs(0));
        assert!(!zero.allows(WallMs(10 * DAY)), "none a day: never");
    }
}
