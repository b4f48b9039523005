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
    /// The guest gave up: a wrong code or another protocol (why); or the
    /// relay gave a host no code.
    Refused(String),
    /// A host through a relay has a new code to give (`Connection::code`).
    Code,
}

/// An event and the link it came from (0: not from a link).
pub type Stamped = (u64, Event);

/// Tells the program that a try to join failed, for good (`last`: the
/// event is `Refused`) or for now (`Lost`, and it tries again); false when
/// the trying should end (for good, or the game has closed).
pub fn tell_failure(events: &std::sync::mpsc::Sender<Stamped>, why: &str, last: bool) -> bool {
    let why = super::clean::clean(why, super::clean::REASON_CHARS);
    tracing::info!(last, "a try to join failed: {why}");
    let event = if last {
        Event::Refused(why)
    } else {
        Event::Lost(why)
    };
    events.send((0, event)).is_ok() && !last
}
