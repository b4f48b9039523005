//! The terminal: taking it over and giving it back, what it can draw, its
//! signals, pastes, opening the app where its files are (`start.rs`), and
//! the event loop, which runs the local terminal
//! (`local.rs`) or a remote session's channel (`remote/`).

pub(super) mod capabilities;
pub(super) mod event_loop;
pub(super) mod local;
pub(super) mod paste;
pub mod remote;
pub(super) mod signals;
pub(super) mod start;
pub(super) mod takeover;
