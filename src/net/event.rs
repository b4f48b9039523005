//! What the network tells the program, and which link said it.

use super::message::Message;

/// What happened on the network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A peer finished the handshake: its player's name (clean).
    Joined(String),
    Got(Message),
    /// The link failed (why); the host waits for the guest again, the
    /// guest tries again.
    Lost(String),
    /// The guest gave up: a wrong code or another protocol (why).
    Refused(String),
}

/// An event and the link it came from (0: not from a link).
pub type Stamped = (u64, Event);
