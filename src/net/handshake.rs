//! The handshake: Noise `NNpsk0` (X25519, ChaCha20-Poly1305, BLAKE2s) with
//! the key derived from the join code, its two messages carrying each
//! side's hello. A guest without the code cannot make a first message the
//! host can read, so the host closes without a word: the guest learns
//! neither why nor whether a game is there.

use std::io::{Read, Write};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use snow::{Builder, HandshakeState, TransportState};

use super::clean::{NAME_CHARS, clean};
use super::code::JoinCode;
use super::frame::{FrameError, MAX_FRAME, Patience, read_frame, write_frame};
use super::message::MAX_MESSAGE;

/// The protocol's version: raised by any change an older copy cannot read.
pub const PROTOCOL: u32 = 2;
/// The Noise protocol name. It, the prologue, the key's derivation and the
/// hello's `protocol` and `program` fields never change, so that copies of
/// any two versions can tell each other theirs.
const PATTERN: &str = "Noise_NNpsk0_25519_ChaChaPoly_BLAKE2s";
const PROLOGUE: &[u8] = b"brique-net";

/// How long each handshake message may take.
const HANDSHAKE: Patience = Patience {
    stall: Duration::from_secs(10),
    idle: Duration::from_secs(10),
};

/// Who a side is: its protocol, its program's version and its player's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    pub protocol: u32,
    pub program: String,
    pub name: String,
}

impl Hello {
    /// This copy's hello, for a player called `name`.
    pub fn ours(name: &str) -> Hello {
        Hello {
            protocol: PROTOCOL,
            program: env!("CARGO_PKG_VERSION").to_string(),
            name: clean(name, NAME_CHARS),
        }
    }
}

/// Why a handshake failed.
#[derive(Debug)]
pub enum HandshakeError {
    /// The other side does not have the code (or, for a guest, the host
    /// closed: no game with this code is hosted there).
    WrongCode,
    /// Both sides have the code but speak different protocols.
    Version {
        ours: Hello,
        theirs: Hello,
    },
    Frame(FrameError),
    /// No connection to the host could be made.
    Unreachable(std::io::Error),
    /// Readable but not a hello.
    Bad(String),
}

impl std::fmt::Display for HandshakeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HandshakeError::WrongCode => f.write_str(
                "the host refused: the code is wrong, or no game is hosted at that address",
            ),
            HandshakeError::Version { ours, theirs } => write!(
                f,
                "the other copy is brique {} (protocol {}) and this is brique {} (protocol {}): \
                 both players need the same protocol",
                theirs.program, theirs.protocol, ours.program, ours.protocol
            ),
            HandshakeError::Frame(e) => write!(f, "the handshake failed: {e}"),
            HandshakeError::Unreachable(e) => write!(f, "the host cannot be reached ({e})"),
            HandshakeError::Bad(e) => write!(f, "the handshake failed: {e}"),
        }
    }
}

fn builder(psk: &[u8; 32]) -> Result<Builder<'_>, HandshakeError> {
    let params = PATTERN
        .parse()
        .map_err(|e: snow::Error| HandshakeError::Bad(e.to_string()))?;
    Builder::new(params)
        .psk(0, psk)
        .and_then(|b| b.prologue(PROLOGUE))
        .map_err(|e| HandshakeError::Bad(e.to_string()))
}

fn send_hello(
    stream: &mut impl Write,
    state: &mut HandshakeState,
    hello: &Hello,
) -> Result<(), HandshakeError> {
    let payload = serde_json::to_vec(hello).map_err(|e| HandshakeError::Bad(e.to_string()))?;
    let mut message = vec![0u8; MAX_FRAME];
    let len = state
        .write_message(&payload, &mut message)
        .map_err(|e| HandshakeError::Bad(e.to_string()))?;
    write_frame(stream, &message[..len]).map_err(|e| HandshakeError::Frame(FrameError::Io(e)))
}

/// Reads the other side's hello; `None` when it was not made with our key.
fn read_hello(
    stream: &mut impl Read,
    state: &mut HandshakeState,
) -> Result<Option<Hello>, HandshakeError> {
    let frame = read_frame(stream, HANDSHAKE).map_err(HandshakeError::Frame)?;
    let mut payload = vec![0u8; MAX_FRAME];
    let Ok(len) = state.read_message(&frame, &mut payload) else {
        return Ok(None);
    };
    if len > MAX_MESSAGE {
        return Err(HandshakeError::Bad("a hello too long".into()));
    }
    let mut hello: Hello =
        serde_json::from_slice(&payload[..len]).map_err(|e| HandshakeError::Bad(e.to_string()))?;
    hello.name = clean(&hello.name, NAME_CHARS);
    hello.program = clean(&hello.program, NAME_CHARS);
    Ok(Some(hello))
}

fn check_versions(ours: &Hello, theirs: Hello) -> Result<Hello, HandshakeError> {
    if theirs.protocol == ours.protocol {
        Ok(theirs)
    } else {
        Err(HandshakeError::Version {
            ours: ours.clone(),
            theirs,
        })
    }
}

/// The guest's side: sends its hello under the code's key, reads the host's.
pub fn join(
    stream: &mut (impl Read + Write),
    code: JoinCode,
    hello: &Hello,
) -> Result<(TransportState, Hello), HandshakeError> {
    handshake(code, hello, true, |state| {
        send_hello(stream, state, hello)?;
        match read_hello(stream, state) {
            Ok(Some(host)) => Ok(host),
            Ok(None) => Err(HandshakeError::Bad(
                "the host's answer is unreadable".into(),
            )),
            // The host closes on a wrong code without a word.
            Err(HandshakeError::Frame(FrameError::Closed | FrameError::Io(_))) => {
                Err(HandshakeError::WrongCode)
            }
            Err(e) => Err(e),
        }
    })
}

/// The host's side: reads the guest's hello, answers with its own (also on
/// a version mismatch, so that the guest can name both versions).
pub fn admit(
    stream: &mut (impl Read + Write),
    code: JoinCode,
    hello: &Hello,
) -> Result<(TransportState, Hello), HandshakeError> {
    handshake(code, hello, false, |state| {
        let guest = read_hello(stream, state)?.ok_or(HandshakeError::WrongCode)?;
        send_hello(stream, state, hello)?;
        Ok(guest)
    })
}

/// Runs `exchange` (the two hellos, in the side's order) on a handshake
/// with the code's key, then checks the versions.
fn handshake(
    code: JoinCode,
    hello: &Hello,
    initiator: bool,
    exchange: impl FnOnce(&mut HandshakeState) -> Result<Hello, HandshakeError>,
) -> Result<(TransportState, Hello), HandshakeError> {
    let bad = |e: snow::Error| HandshakeError::Bad(e.to_string());
    let psk = code.psk();
    let builder = builder(&psk)?;
    let mut state = if initiator {
        builder.build_initiator()
    } else {
        builder.build_responder()
    }
    .map_err(bad)?;
    let theirs = check_versions(hello, exchange(&mut state)?)?;
    Ok((state.into_transport_mode().map_err(bad)?, theirs))
}
