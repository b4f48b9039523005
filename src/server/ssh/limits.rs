//! Every limit of the SSH server, in one place (docs/server.md, "SSH",
//! lists them with these values): what one connection, one address and
//! the whole server may take, so that one server stays fair to everyone.

use std::time::Duration;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SshLimits {
    /// Connections held at once, in all (each holds at most one game).
    pub sessions: usize,
    /// Connections held at once from one address (IPv6: one /64 network).
    pub per_address: usize,
    /// Connections over a limit that are told why at once (through the
    /// SSH handshake); more are closed without a word.
    pub refusing: usize,
    /// From the connection to the game's start: the handshake, the
    /// authentication and the session's requests.
    pub handshake: Duration,
    /// Authentication attempts on one connection.
    pub auth_attempts: usize,
    /// A game without a key pressed this long is saved and closed, with a
    /// message.
    pub idle: Duration,
    /// Bytes of screen output waiting for a client at most: past them the
    /// game waits for the client to read.
    pub output_buffer: usize,
    /// How long output may wait for a client that does not read before the
    /// session ends.
    pub write_stall: Duration,
    /// Pieces of input (each one SSH packet, 32 KiB at most) waiting for
    /// the game: past them the client's input waits (backpressure).
    pub input_queue: usize,
    /// The computer's searches at once in the whole server (each session's
    /// computer thinks on one thread); more wait for a free one.
    pub engine_searches: usize,
    /// How often a silent client is asked whether it is still there, and
    /// how many unanswered asks close it.
    pub keepalive: Duration,
    pub keepalive_max: usize,
}

impl Default for SshLimits {
    fn default() -> SshLimits {
        SshLimits {
            sessions: 64,
            per_address: 4,
            refusing: 16,
            handshake: Duration::from_secs(30),
            auth_attempts: 6,
            idle: Duration::from_secs(30 * 60),
            output_buffer: 1 << 20,
            write_stall: Duration::from_secs(30),
            input_queue: 64,
            engine_searches: crate::thinker::available_cores(),
            keepalive: Duration::from_secs(60),
            keepalive_max: 3,
        }
    }
}
