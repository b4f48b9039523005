//! The lobby's own limits (docs/protocol.md, "The lobby", lists them all),
//! beside the relay's [`Limits`](crate::server::Limits) for connections at
//! once and per address, which the lobby keeps too.

use std::time::Duration;

use crate::net::rate::Rate;

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
    /// Games this server's own bots (`--bots`) play at once, in all;
    /// past it they are refused ("busy").
    pub bot_games: usize,
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
            bot_games: crate::thinker::available_cores(),
        }
    }
}

impl LobbyLimits {
    /// Requests from one key: `asks_per_second`, twice as many at once.
    pub fn asks_rate(&self) -> Rate {
        Rate::per_second(self.asks_per_second, self.asks_per_second * 2.0)
    }

    /// Seeks and challenges from one key: `seeks_per_minute`, as many at once.
    pub fn seeks_rate(&self) -> Rate {
        Rate::per_minute(self.seeks_per_minute, self.seeks_per_minute)
    }

    /// Chat lines from one key: `chat_per_minute`, `chat_burst` at once.
    pub fn chat_rate(&self) -> Rate {
        Rate::per_minute(self.chat_per_minute, self.chat_burst)
    }

    /// New keys from one address: `registrations_per_day`, as many at once.
    pub fn registrations_rate(&self) -> Rate {
        Rate::per_day(f64::from(self.registrations_per_day))
    }
}
