//! Network play between two copies of `brique` (docs/protocol.md): the join
//! code, the word codes of play through a relay, the PAKE and the Noise
//! handshake with each side's hello, length-limited frames, checked
//! messages, and the threads that listen (host), connect (guest) and carry
//! a game's messages, directly or through `brique server`.
//!
//! A program layer: it uses sockets, threads and the clock, and the core's
//! types to check what it reads; it knows nothing of the game screen, which
//! holds a [`Connection`] and reads its [`Event`]s.

mod address;
pub(crate) mod backoff;
mod clean;
mod clocks;
mod code;
mod connection;
mod event;
mod frame;
mod gate;
mod guest;
mod handshake;
mod host;
mod link;
mod message;
mod name;
pub mod noise;
mod pake;
pub mod rate;
pub mod relay;
mod wire_player;
mod word_code;
pub mod words;

pub use address::{AddressError, DEFAULT_PORT, lookup};
pub use clean::{CHAT_CHARS, NAME_CHARS, clean};
pub use clocks::{BadClock, Clocks};
pub use code::{CodeError, JoinCode};
pub use connection::Connection;
pub use event::Event;
pub use frame::{
    FrameError, MAX_FRAME, MAX_LOBBY_FRAME, Patience, read_frame, read_frame_async, write_frame,
    write_frame_async,
};
pub use guest::connect;
pub use handshake::{HandshakeError, Hello, PROTOCOL, Resume, admit, join};
pub use host::{addresses, listen};
pub use message::{Aid, BadMessage, MAX_MESSAGE, Message, Request, Table};
pub use relay::{
    DEFAULT_RELAY_PORT, RelayError, host_via, host_via_later, join_via, rehost_via, rejoin_via,
};
pub use wire_player::NoPlayer;
pub use word_code::{MAX_NAMEPLATE, WordCode, WordCodeError};
