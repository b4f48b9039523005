//! The lobby's own limits (docs/protocol.md, "The lobby", lists them all),
//! beside the relay's [`Limits`](crate::server::Limits) for connections at
//! once and per address, which the lobby keeps too.

use std::time::{Duration, Instant};

/// The time a side has for its first move in a clock game.
pub const FIRST_MOVE: Duration = Duration::from_secs(30);

#[derive(Clone, Debug, PartialEq)]
pub struct LobbyLimits {
    /// From the connection to the end of the handshake.
    pub handshake: Duration,
    /// A connection that sends nothing this long is closed (clients ping).
    pub idle: Duration,
    /// How long one write may wait for a slow reader.
    pub write_stall: Duration,
    /// Messages waiting to be written to one connection; a client that
    /// reads slower than the server pushes is disconnected past it.
    pub outbox: usize,
    /// Requests waiting for the referee, in all; past it, new connections
    /// and requests are refused as "busy".
    pub queue: usize,
    /// Requests one key may make a second (all its connections together),
    /// and as many at once.
    pub asks_per_second: f64,
    /// Seeks and challenges one key may make a minute, and as many at once.
    pub seeks_per_minute: f64,
    /// Seeks and challenges open at once by one key.
    pub open_seeks: usize,
    /// Games in progress at once for one key (correspondence included).
    pub games_per_player: usize,
    /// Games one connection may watch at once.
    pub watching: usize,
    /// How often clocks are checked.
    pub tick: Duration,
    /// How long the side to move of a clock game has for its first move
    /// (its clock does not run before it): past it the game is aborted,
    /// unrated.
    pub first_move: Duration,
    /// How often the lists (players, seeks, games) are pushed, at most.
    pub lists_every: Duration,
    /// Chat lines one key may send a minute (all its games together).
    pub chat_per_minute: f64,
    /// Chat lines one key may send at once, before the rate counts.
    pub chat_burst: f64,
    /// Take-back requests each player may make in one game.
    pub takebacks_per_game: u8,
    /// New keys (a first connection with a name) from one address (IPv4)
    /// or /64 network (IPv6) in a day.
    pub registrations_per_day: u32,
}

impl Default for LobbyLimits {
    fn default() -> LobbyLimits {
        LobbyLimits {
            handshake: Duration::from_secs(10),
            idle: Duration::from_secs(120),
            write_stall: Duration::from_secs(30),
            outbox: 256,
            queue: 10_000,
            asks_per_second: 20.0,
            seeks_per_minute: 20.0,
            open_seeks: 5,
            games_per_player: 50,
            watching: 20,
            tick: Duration::from_millis(100),
            first_move: FIRST_MOVE,
            lists_every: Duration::from_millis(500),
            chat_per_minute: 12.0,
            chat_burst: 5.0,
            takebacks_per_game: 3,
            registrations_per_day: 10,
        }
    }
}

/// A token bucket: `rate` a second on average, `rate × period` at once.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket of `burst` tokens.
    pub fn full(burst: f64, now: Instant) -> Bucket {
        Bucket {
            tokens: burst,
            last: now,
        }
    }

    /// Takes a token if one is left, refilling at `per_second` up to `burst`.
    pub fn take(&mut self, per_second: f64, burst: f64, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * per_second).min(burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_gives_its_burst_then_its_rate() {
        let start = Instant::now();
        let mut bucket = Bucket::full(3.0, start);
        assert!((0..3).all(|_| bucket.take(1.0, 3.0, start)));
        assert!(!bucket.take(1.0, 3.0, start));
        let later = start + Duration::from_millis(1500);
        assert!(bucket.take(1.0, 3.0, later));
        assert!(!bucket.take(1.0, 3.0, later));
    }
}
