//! Play through a relay (`brique server`): the host asks it for a
//! nameplate and shows a code of words; the guest gives the code, the relay
//! joins the two connections, and the game's own handshake (the PAKE with
//! the code, then Noise) runs through it, so that the relay only ever
//! carries ciphertext. After a lost link the two meet again on a channel
//! only they can name (derived from their handshake).

mod client;
mod guest;
mod host;
pub mod wire;

pub use client::RelayError;
pub use guest::{join_via, rejoin_via};
pub use host::{host_via, host_via_later, rehost_via};

/// The port `brique server` listens on unless told otherwise.
pub const DEFAULT_RELAY_PORT: u16 = 7778;
