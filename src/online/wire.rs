//! The lobby's frames and handshake, shared by the client and the server:
//! a two-byte big-endian length then that many bytes (a Noise message, so
//! at most 65535), and Noise `XX` with each side's static key, which
//! proves the client's key to the server on every connection.

use std::io::{self, Read, Write};

use serde::Serialize;
use serde::de::DeserializeOwned;
use snow::{HandshakeState, StatelessTransportState};

use super::identity::{Identity, LOBBY_PATTERN};
use super::protocol::MAX_LOBBY_MESSAGE;

/// The longest frame: Noise's longest message.
pub const MAX_LOBBY_FRAME: usize = 65_535;
/// Bound into the handshake: a client of another program cannot complete it.
const PROLOGUE: &[u8] = b"brique-lobby";
/// Noise's tag on each message.
const TAG: usize = 16;

/// Why a message could not be sealed or opened.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error("the connection failed: {0}")]
    Io(#[from] io::Error),
    #[error("the connection was closed")]
    Closed,
    #[error("a message that cannot be read: {0}")]
    Bad(String),
}

fn bad(e: impl std::fmt::Display) -> WireError {
    WireError::Bad(e.to_string())
}

/// The Noise state for one side of a handshake with `identity`.
pub fn noise(identity: &Identity, initiator: bool) -> Result<HandshakeState, WireError> {
    let builder = snow::Builder::new(LOBBY_PATTERN.parse().map_err(bad)?)
        .local_private_key(identity.secret())
        .and_then(|b| b.prologue(PROLOGUE))
        .map_err(bad)?;
    if initiator {
        builder.build_initiator()
    } else {
        builder.build_responder()
    }
    .map_err(bad)
}

/// A handshake message carrying `payload` (JSON).
pub fn write_handshake(
    state: &mut HandshakeState,
    payload: &impl Serialize,
) -> Result<Vec<u8>, WireError> {
    let plain = serde_json::to_vec(payload).map_err(bad)?;
    let mut out = vec![0u8; MAX_LOBBY_FRAME];
    let len = state.write_message(&plain, &mut out).map_err(bad)?;
    out.truncate(len);
    Ok(out)
}

/// A handshake message with no payload (the client's first).
pub fn write_empty(state: &mut HandshakeState) -> Result<Vec<u8>, WireError> {
    let mut out = vec![0u8; MAX_LOBBY_FRAME];
    let len = state.write_message(&[], &mut out).map_err(bad)?;
    out.truncate(len);
    Ok(out)
}

/// The payload of a handshake message; `Ok(None)` for an empty one.
pub fn read_handshake<T: DeserializeOwned>(
    state: &mut HandshakeState,
    frame: &[u8],
) -> Result<Option<T>, WireError> {
    let mut plain = vec![0u8; MAX_LOBBY_FRAME];
    let len = state.read_message(frame, &mut plain).map_err(bad)?;
    if len == 0 {
        return Ok(None);
    }
    serde_json::from_slice(&plain[..len]).map(Some).map_err(bad)
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
        let plain = serde_json::to_vec(message).map_err(bad)?;
        self.seal_bytes(transport, &plain)
    }

    /// Seals a message already in JSON.
    pub fn seal_bytes(
        &mut self,
        transport: &StatelessTransportState,
        plain: &[u8],
    ) -> Result<Vec<u8>, WireError> {
        if plain.len() > MAX_LOBBY_MESSAGE {
            return Err(bad("a message longer than the protocol allows"));
        }
        let mut out = vec![0u8; plain.len() + TAG];
        let len = transport
            .write_message(self.nonce, plain, &mut out)
            .map_err(bad)?;
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
            .map_err(|_| bad("a message not sealed with this connection's key"))?;
        self.nonce += 1;
        serde_json::from_slice(&plain[..len]).map_err(bad)
    }
}

/// Writes one frame (blocking).
pub fn write_frame(out: &mut impl Write, bytes: &[u8]) -> Result<(), WireError> {
    let len = u16::try_from(bytes.len()).map_err(|_| bad("a frame too long to send"))?;
    let mut frame = Vec::with_capacity(2 + bytes.len());
    frame.extend_from_slice(&len.to_be_bytes());
    frame.extend_from_slice(bytes);
    out.write_all(&frame)?;
    out.flush()?;
    Ok(())
}

/// Reads one frame (blocking, or until the socket's read timeout).
pub fn read_frame(input: &mut impl Read) -> Result<Vec<u8>, WireError> {
    let mut header = [0u8; 2];
    match input.read_exact(&mut header) {
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Err(WireError::Closed),
        other => other?,
    }
    let mut body = vec![0u8; usize::from(u16::from_be_bytes(header))];
    input.read_exact(&mut body)?;
    Ok(body)
}
