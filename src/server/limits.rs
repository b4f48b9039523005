//! Every limit of `brique server`, in one place (docs/protocol.md lists
//! them): what one connection, one address and the whole relay may take.

use std::fmt;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections held at once, in all; more are refused.
    pub max_connections: usize,
    /// Connections held at once from one address (IPv4) or one /64
    /// network (IPv6).
    pub per_address: usize,
    /// Requests (nameplates and channels asked, nameplates tried) from one
    /// address in a minute; as many may come at once.
    pub asks_per_minute: u32,
    /// From the connection to the end of its request line.
    pub request_timeout: Duration,
    /// A joined pair in which one side sends nothing this long is closed
    /// (a game pings every 5 seconds).
    pub idle: Duration,
    /// How long a write may wait for a slow reader before the pair is closed.
    pub write_stall: Duration,
    /// Bytes held for each direction of a pair: a reader that does not
    /// read stops the writer (backpressure), never fills the relay.
    pub buffer: usize,
    /// Bytes a second each direction may carry, at most; more are slowed.
    pub bytes_per_second: usize,
    /// How long a host may wait on a nameplate or channel before it is
    /// told `expired` (it may ask again).
    pub nameplate_ttl: Duration,
    /// How long a used nameplate rests before it is handed out again, so
    /// that a second guess, or a late guest, finds no one there.
    pub nameplate_rest: Duration,
    /// Addresses remembered for the per-address limits, at most.
    pub addresses: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 4096,
            per_address: 16,
            asks_per_minute: 30,
            request_timeout: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            write_stall: Duration::from_secs(30),
            buffer: 4096,
            bytes_per_second: 64 * 1024,
            nameplate_ttl: Duration::from_secs(30 * 60),
            nameplate_rest: Duration::from_secs(10 * 60),
            addresses: 65_536,
        }
    }
}

/// The limits as the log says them, each as a phrase: "at most 4096
/// connections, 16 per address, 30 requests a minute per address, …".
impl fmt::Display for Limits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "at most {} connections, {} per address, {} requests a minute per address; \
             a request line within {}; a joined pair closed after {} silent, or a write \
             stalled for {}; {} bytes held and {} bytes a second per direction; \
             a host waits {} at a nameplate or channel; a used nameplate rests {}; \
             {} addresses remembered",
            self.max_connections,
            self.per_address,
            self.asks_per_minute,
            span(self.request_timeout),
            span(self.idle),
            span(self.write_stall),
            self.buffer,
            self.bytes_per_second,
            span(self.nameplate_ttl),
            span(self.nameplate_rest),
            self.addresses,
        )
    }
}

/// "10 s", "60 s", "30 min", "2 h", "1.5 s".
fn span(d: Duration) -> String {
    let secs = d.as_secs();
    if d.subsec_nanos() != 0 {
        format!("{} s", d.as_secs_f64())
    } else if secs >= 7200 && secs.is_multiple_of(3600) {
        format!("{} h", secs / 3600)
    } else if secs >= 120 && secs.is_multiple_of(60) {
        format!("{} min", secs / 60)
    } else {
        format!("{secs} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_read_as_words() {
        let said = Limits::default().to_string();
        assert!(
            said.starts_with("at most 4096 connections, 16 per address, 30 requests a minute"),
            "{said}"
        );
        for phrase in [
            "a request line within 10 s",
            "closed after 60 s silent",
            "a host waits 30 min",
            "a used nameplate rests 10 min",
            "65536 addresses remembered",
        ] {
            assert!(said.contains(phrase), "{phrase}: {said}");
        }
        assert!(!said.contains('{') && !said.contains("Limits"), "{said}");
        assert_eq!(span(Duration::from_millis(1500)), "1.5 s");
        assert_eq!(span(Duration::from_secs(7200)), "2 h");
    }
}
