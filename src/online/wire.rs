//! The lobby's messages on the wire, shared by the client and the server:
//! frames (`net/frame.rs`, at most [`MAX_LOBBY_FRAME`]) holding Noise
//! `XX` messages (`net/noise.rs`) with each side's static key, which proves
//! the client's key to the server on every connection, and JSON inside.

use std::io::{self, Read, Write};

use serde::Serialize;
use serde::de::DeserializeOwned;
use snow::{HandshakeState, StatelessTransportState};

pub use crate::net::MAX_LOBBY_FRAME;
use crate::net::noise::{Noise, Role, handshake};
use crate::net::{FrameError, Patience};

use super::identity::Identity;
use super::protocol::MAX_LOBBY_MESSAGE;

/// Noise's tag on each message.
const TAG: usize = 16;

/// Why a message could not be sealed or opened.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error("the connection failed: {0}")]
    Io(#[from] io::Error),
    #[error("the connection was closed")]
    Closed,
    #[error("{0}")]
    Frame(FrameError),
    #[error("a message that cannot be read: {0}")]
    Noise(#[from] snow::Error),
    #[error("a message that cannot be read: {0}")]
    Json(#[from] serde_json::Error),
    #[error("a message that cannot be read: a message not sealed with this connection's key")]
    NotSealed,
    #[error("a message that cannot be read: a message of {0} bytes (at most {MAX_LOBBY_MESSAGE})")]
    TooLong(usize),
    /// A handshake without the hello or key it must carry.
    #[error("a message that cannot be read: {0}")]
    Missing(&'static str),
}

impl From<FrameError> for WireError {
    fn from(e: FrameError) -> WireError {
        match e {
            FrameError::Closed => WireError::Closed,
            FrameError::Io(e) => WireError::Io(e),
            e => WireError::Frame(e),
        }
    }
}

/// The Noise state for one side of a handshake with `identity`.
pub fn noise(identity: &Identity, initiator: bool) -> Result<HandshakeState, WireError> {
    let role = if initiator {
        Role::Initiator
    } else {
        Role::Responder
    };
    let secret = identity.secret();
    Ok(handshake(Noise::Lobby { secret }, role)?)
}

/// A handshake message carrying `payload` (JSON).
pub fn write_handshake(
    state: &mut HandshakeState,
    payload: &impl Serialize,
) -> Result<Vec<u8>, WireError> {
    let plain = serde_json::to_vec(payload)?;
    let mut out = vec![0u8; MAX_LOBBY_FRAME];
    let len = state.write_message(&plain, &mut out)?;
    out.truncate(len);
    Ok(out)
}

/// A handshake message with no payload (the client's first).
pub fn write_empty(state: &mut HandshakeState) -> Result<Vec<u8>, WireError> {
    let mut out = vec![0u8; MAX_LOBBY_FRAME];
    let len = state.write_message(&[], &mut out)?;
    out.truncate(len);
    Ok(out)
}

/// The payload of a handshake message; `Ok(None)` for an empty one.
pub fn read_handshake<T: DeserializeOwned>(
    state: &mut HandshakeState,
    frame: &[u8],
) -> Result<Option<T>, WireError> {
    let mut plain = vec![0u8; MAX_LOBBY_FRAME];
    let len = state.read_message(frame, &mut plain)?;
    if len == 0 {
        return Ok(None);
    }
    serde_json::from_slice(&plain[..len])
        .map(Some)
        .map_err(WireError::from)
}

/// One direction of a transport: its own count of messages (the nonce),
/// so that the reading and writing halves need no lock between them.
pub struct Sealer {
    pub nonce: u64,
}

impl Sealer {
    pub fn seal(
        &mut self,
        transport: &StatelessTransportState,
        message: &impl Serialize,
    ) -> Result<Vec<u8>, WireError> {
        let plain = serde_json::to_vec(message)?;
        self.seal_bytes(transport, &plain)
    }

    /// Seals a message already in JSON.
    pub fn seal_bytes(
        &mut self,
        transport: &StatelessTransportState,
        plain: &[u8],
    ) -> Result<Vec<u8>, WireError> {
        if plain.len() > MAX_LOBBY_MESSAGE {
            return Err(WireError::TooLong(plain.len()));
        }
        let mut out = vec![0u8; plain.len() + TAG];
        let len = transport.write_message(self.nonce, plain, &mut out)?;
        self.nonce += 1;
        out.truncate(len);
        Ok(out)
    }

    pub fn open<T: DeserializeOwned>(
        &mut self,
        transport: &StatelessTransportState,
        frame: &[u8],
    ) -> Result<T, WireError> {
        let mut plain = vec![0u8; frame.len()];
        let len = transport
            .read_message(self.nonce, frame, &mut plain)
            .map_err(|_| WireError::NotSealed)?;
        self.nonce += 1;
        serde_json::from_slice(&plain[..len]).map_err(WireError::from)
    }
}

/// Writes one frame (blocking).
pub fn write_frame(out: &mut impl Write, bytes: &[u8]) -> Result<(), WireError> {
    Ok(crate::net::write_frame(out, bytes, MAX_LOBBY_FRAME)?)
}

/// Reads one frame (blocking, or until the socket's read timeout).
pub fn read_frame(input: &mut impl Read) -> Result<Vec<u8>, WireError> {
    Ok(crate::net::read_frame(
        input,
        Patience::SOCKET,
        MAX_LOBBY_FRAME,
    )?)
}
