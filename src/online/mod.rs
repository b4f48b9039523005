//! Online play on a lobby server (`brique server --lobby`, see
//! docs/protocol.md, "The lobby"): the player's key ([`Identity`]), the
//! messages ([`protocol`]), their frames and handshake, and a [`Client`].
//!
//! A program layer like `net/`, beside it: `net/` carries a game between
//! two copies, this talks to a server that referees games between many.

pub mod bot_bridge;
mod client;
mod failover;
pub mod house_bots;
pub mod identity;
mod known;
pub mod name;
pub mod protocol;
mod terms;
pub mod tournaments;
mod typed;
pub mod wire;

pub use client::{Client, Incoming, OnlineError, Welcome};
pub use failover::Reached;
pub use identity::{Identity, IdentityError, KEY_FILE};
pub use known::{KNOWN_SERVERS_FILE, KnownError};
pub use name::{NAME_MAX_CHARS, NameError, PlayerName, check_name};
