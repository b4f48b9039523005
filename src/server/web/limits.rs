//! The web pages' limits (docs/server.md, "Web pages", lists them): the
//! connections and the event streams held at once, in all and from one
//! address, and the connections one address may open a minute. They are
//! counted as the relay's and the lobby's are, by their registry, apart
//! from theirs.

use crate::server::Limits;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebLimits {
    /// HTTP connections held at once, in all.
    pub max_connections: usize,
    /// HTTP connections held at once from one address (IPv4) or one /64
    /// network (IPv6). A browser holds about six.
    pub per_address: usize,
    /// HTTP connections one address may open a minute, and as many at once.
    pub connections_per_minute: u32,
    /// Event streams (`/game/N/events`) open at once, in all.
    pub max_streams: usize,
    /// Event streams open at once from one address.
    pub streams_per_address: usize,
}

impl Default for WebLimits {
    fn default() -> WebLimits {
        WebLimits {
            max_connections: 2048,
            per_address: 16,
            connections_per_minute: 120,
            max_streams: 1024,
            streams_per_address: 8,
        }
    }
}

impl WebLimits {
    /// The connections' limits, as the registry counts them.
    pub fn connections(&self) -> Limits {
        Limits {
            max_connections: self.max_connections,
            per_address: self.per_address,
            asks_per_minute: self.connections_per_minute,
            ..Limits::default()
        }
    }

    /// The event streams' limits, as the registry counts them.
    pub fn streams(&self) -> Limits {
        Limits {
            max_connections: self.max_streams,
            per_address: self.streams_per_address,
            ..Limits::default()
        }
    }
}
