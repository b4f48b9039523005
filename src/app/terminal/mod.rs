//! The terminal: taking it over and giving it back, what it can draw, its
//! signals, pastes, and the event loop.

pub(super) mod capabilities;
pub(super) mod event_loop;
pub(super) mod input;
pub(super) mod paste;
pub(super) mod signals;
pub(super) mod takeover;
