//! The handshake: a PAKE (SPAKE2, `pake.rs`) with the code as the
//! password, then Noise `NNpsk0` (X25519, ChaCha20-Poly1305, BLAKE2s) keyed
//! with the PAKE's result, its two messages carrying each side's hello. A
//! guest with a wrong code ends up with another key: the host cannot read
//! its Noise message and closes without a word. A host with a join code
//! still reads a protocol-2 guest's first message (keyed with the code
//! itself, as then), only to tell it that this copy speaks another protocol.

use std::io::{Read, Write};
use std::time::Duration;

use blake2::{Blake2s256, Digest};
use serde::{Deserialize, Serialize};
use snow::{HandshakeState, TransportState};

use super::clean::{NAME_CHARS, clean};
use super::code::JoinCode;
use super::frame::{FrameError, MAX_FRAME, Patience, read_frame, write_frame};
use super::message::MAX_MESSAGE;
use super::name::{self, name_or};
use super::noise::{Noise, Role, handshake};
use super::pake::{self, Pake};

/// The protocol's version: raised by any change an older copy cannot read.
pub const PROTOCOL: u32 = 3;
// The Noise pattern and prologue (`noise.rs`), the PAKE's first message
// and the hello's `protocol` and `program` fields never change, so that
// copies of any two versions can tell each other theirs.
/// Mixed into the PAKE's key to make the Noise pre-shared key.
const PSK_CONTEXT: &[u8] = b"brique pake psk v3:";
/// Mixed into the handshake's hash to make the secrets a relayed game
/// comes back with after a lost link.
const CHANNEL_CONTEXT: &[u8] = b"brique resume channel v3:";
const RESUME_CONTEXT: &[u8] = b"brique resume password v3:";

/// How long a guest waits for each of the host's messages (the host may
/// first wait for a free slot: `host.rs`).
const HANDSHAKE: Patience = Patience {
    stall: Duration::from_secs(10),
    idle: Duration::from_secs(10),
};
/// How long a host waits for each of the guest's, which a guest sends at
/// once: a connection that stops halfway holds a handshake slot no longer.
const GUEST_PATIENCE: Patience = Patience {
    stall: Duration::from_secs(3),
    idle: Duration::from_secs(3),
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
#[derive(Debug, thiserror::Error)]
pub enum HandshakeError {
    /// The other side does not have the code (for a guest: the host
    /// closed after the PAKE).
    #[error("the host refused: the code is wrong, or no game is hosted at that address")]
    WrongCode,
    /// The host closed before answering: too busy, or a copy of protocol
    /// 2 or before, which reads the PAKE as a wrong code.
    #[error(
        "the host closed the connection before answering (it may be busy, \
         or run a brique older than protocol {PROTOCOL})"
    )]
    Closed,
    /// The host has no handshake slot free now (strangers may be keeping
    /// it busy): the guest tries again.
    #[error("the host is busy with other connections")]
    Busy,
    /// Both sides have the code but speak different protocols.
    #[error(
        "the other copy is brique {} (protocol {}) and this is brique {} (protocol {}): \
         both players need the same protocol",
        .theirs.program, .theirs.protocol, .ours.program, .ours.protocol
    )]
    Version { ours: Hello, theirs: Hello },
    #[error("the handshake failed: {0}")]
    Frame(#[source] FrameError),
    /// No connection to the host could be made.
    #[error("the host cannot be reached ({0})")]
    Unreachable(#[source] std::io::Error),
    /// Readable but not a hello.
    #[error("the handshake failed: {0}")]
    Bad(String),
}

/// What a side must know to meet the other: the PAKE's password; a host
/// with a join code also keeps the protocol-2 key, to answer old copies.
pub(super) struct Secret {
    password: Vec<u8>,
    legacy_psk: Option<[u8; 32]>,
}

impl Secret {
    pub(super) const fn new(password: Vec<u8>) -> Secret {
        Secret {
            password,
            legacy_psk: None,
        }
    }

    fn join_code(code: JoinCode) -> Secret {
        Secret {
            password: code.to_string().into_bytes(),
            legacy_psk: Some(code.psk()),
        }
    }
}

/// What two sides that met share for coming back through a relay after a
/// lost link: the channel they meet on (the relay sees it) and the
/// password of their next PAKE (it does not).
///
/// Both keep the first one, made by the handshake with the code, for the
/// whole game (a handshake on the channel keeps it), and a copy keeps it
/// in its autosave, so that a program restarted comes back on it.
#[derive(Clone, PartialEq, Eq)]
pub struct Resume {
    pub(super) channel: [u8; 32],
    pub(super) password: [u8; 32],
}

impl Resume {
    /// As the autosave keeps it: the channel then the password, 128 hex digits.
    pub fn to_hex(&self) -> String {
        format!("{}{}", hex(&self.channel), hex(&self.password))
    }

    /// Reads [`Resume::to_hex`]'s text back; `None` for anything else.
    pub fn from_hex(text: &str) -> Option<Resume> {
        let text = text.trim();
        if text.len() != 128 || !text.is_ascii() {
            return None;
        }
        Some(Resume {
            channel: unhex(&text[..64])?,
            password: unhex(&text[64..])?,
        })
    }
}

impl std::fmt::Debug for Resume {
    // A secret: debug output does not show it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Resume(..)")
    }
}

fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<[u8; 32]> {
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

/// A finished handshake: the link's cipher, the other side's hello, and
/// how to meet again.
pub(super) struct Met {
    pub transport: TransportState,
    pub theirs: Hello,
    pub resume: Resume,
}

impl std::fmt::Debug for Met {
    // The keys are secrets: debug output shows the other side only.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Met")
            .field("theirs", &self.theirs)
            .finish_non_exhaustive()
    }
}

fn hash(context: &[u8], bytes: &[u8]) -> [u8; 32] {
    let mut hash = Blake2s256::new();
    hash.update(context);
    hash.update(bytes);
    hash.finalize().into()
}

fn bad(e: impl std::fmt::Display) -> HandshakeError {
    HandshakeError::Bad(e.to_string())
}

fn noise(psk: &[u8; 32], initiator: bool) -> Result<HandshakeState, HandshakeError> {
    let role = if initiator {
        Role::Initiator
    } else {
        Role::Responder
    };
    handshake(Noise::Game { psk }, role).map_err(bad)
}

fn send_hello(
    stream: &mut impl Write,
    state: &mut HandshakeState,
    hello: &Hello,
) -> Result<(), HandshakeError> {
    let payload = serde_json::to_vec(hello).map_err(bad)?;
    let mut message = vec![0u8; MAX_FRAME];
    let len = state.write_message(&payload, &mut message).map_err(bad)?;
    write_frame(stream, &message[..len], MAX_FRAME).map_err(HandshakeError::Frame)
}

/// The other side's hello from `frame`, its name cleaned (or `default`
/// when nothing is left of it); `None` when it was not made with our key.
fn open_hello(
    frame: &[u8],
    state: &mut HandshakeState,
    default: &str,
) -> Result<Option<Hello>, HandshakeError> {
    let mut payload = vec![0u8; MAX_FRAME];
    let Ok(len) = state.read_message(frame, &mut payload) else {
        return Ok(None);
    };
    if len > MAX_MESSAGE {
        return Err(bad("a hello too long"));
    }
    let mut hello: Hello = serde_json::from_slice(&payload[..len]).map_err(bad)?;
    hello.name = name_or(&hello.name, default);
    hello.program = clean(&hello.program, NAME_CHARS);
    Ok(Some(hello))
}

fn read(stream: &mut impl Read, patience: Patience) -> Result<Vec<u8>, HandshakeError> {
    read_frame(stream, patience, MAX_FRAME).map_err(HandshakeError::Frame)
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

fn finish(state: HandshakeState, theirs: Hello) -> Result<Met, HandshakeError> {
    let handshake_hash = state.get_handshake_hash().to_vec();
    Ok(Met {
        transport: state.into_transport_mode().map_err(bad)?,
        theirs,
        resume: Resume {
            channel: hash(CHANNEL_CONTEXT, &handshake_hash),
            password: hash(RESUME_CONTEXT, &handshake_hash),
        },
    })
}

/// The guest's side: the PAKE, then its hello under the PAKE's key, then
/// the host's.
pub(super) fn meet_host(
    stream: &mut (impl Read + Write),
    secret: &Secret,
    hello: &Hello,
) -> Result<Met, HandshakeError> {
    let (pake, message) = Pake::guest(&secret.password);
    // A host that closed at once (busy, or older) may make this fail.
    write_frame(stream, &message, MAX_FRAME).map_err(|_| HandshakeError::Closed)?;
    let answer = match read(stream, HANDSHAKE) {
        Err(HandshakeError::Frame(FrameError::Closed | FrameError::Io(_))) => {
            return Err(HandshakeError::Closed);
        }
        answer => answer?,
    };
    if answer.is_empty() {
        return Err(HandshakeError::Busy);
    }
    let key = pake
        .finish(&answer)
        .ok_or_else(|| bad("the host's answer is not a PAKE message"))?;
    let mut state = noise(&hash(PSK_CONTEXT, &key), true)?;
    send_hello(stream, &mut state, hello)?;
    let frame = match read(stream, HANDSHAKE) {
        // The host closes on a wrong code without a word.
        Err(HandshakeError::Frame(FrameError::Closed | FrameError::Io(_))) => {
            return Err(HandshakeError::WrongCode);
        }
        frame => frame?,
    };
    let host = open_hello(&frame, &mut state, name::HOST)?
        .ok_or_else(|| bad("the host's answer is unreadable"))?;
    let host = check_versions(hello, host)?;
    finish(state, host)
}

/// The host's side: the PAKE, the guest's hello, then its own (also on a
/// version mismatch, so that the guest can name both versions).
pub(super) fn meet_guest(
    stream: &mut (impl Read + Write),
    secret: &Secret,
    hello: &Hello,
) -> Result<Met, HandshakeError> {
    let first = read(stream, GUEST_PATIENCE)?;
    answer_guest(stream, &first, secret, hello)
}

/// The host's side after the guest's first message, `first`.
fn answer_guest(
    stream: &mut (impl Read + Write),
    first: &[u8],
    secret: &Secret,
    hello: &Hello,
) -> Result<Met, HandshakeError> {
    if first.len() != pake::MESSAGE_LEN {
        return match secret.legacy_psk {
            Some(psk) => Err(answer_old_copy(stream, first, &psk, hello)),
            None => Err(HandshakeError::WrongCode),
        };
    }
    let (pake, message) = Pake::host(&secret.password);
    let key = pake.finish(first).ok_or(HandshakeError::WrongCode)?;
    write_frame(stream, &message, MAX_FRAME).map_err(HandshakeError::Frame)?;
    let mut state = noise(&hash(PSK_CONTEXT, &key), false)?;
    let frame = read(stream, GUEST_PATIENCE)?;
    let guest = open_hello(&frame, &mut state, name::GUEST)?.ok_or(HandshakeError::WrongCode)?;
    send_hello(stream, &mut state, hello)?;
    let guest = check_versions(hello, guest)?;
    finish(state, guest)
}

/// A first message that is no PAKE message: a copy of protocol 2 or
/// before, whose Noise handshake was keyed with the code itself. Read with
/// that key and answered with our hello, so that it names both versions;
/// always an error.
fn answer_old_copy(
    stream: &mut impl Write,
    first: &[u8],
    psk: &[u8; 32],
    hello: &Hello,
) -> HandshakeError {
    let mut state = match noise(psk, false) {
        Ok(state) => state,
        Err(e) => return e,
    };
    let theirs = match open_hello(first, &mut state, name::GUEST) {
        Ok(Some(theirs)) => theirs,
        Ok(None) => return HandshakeError::WrongCode,
        Err(e) => return e,
    };
    if theirs.protocol >= PROTOCOL {
        return bad("a hello without the PAKE");
    }
    if let Err(e) = send_hello(stream, &mut state, hello) {
        return e;
    }
    HandshakeError::Version {
        ours: hello.clone(),
        theirs,
    }
}

/// The guest's side of a direct game, with the host's join code.
pub fn join(
    stream: &mut (impl Read + Write),
    code: JoinCode,
    hello: &Hello,
) -> Result<(TransportState, Hello), HandshakeError> {
    meet_host(stream, &Secret::new(code.to_string().into_bytes()), hello)
        .map(|met| (met.transport, met.theirs))
}

/// The host's side of a direct game, with its join code.
pub fn admit(
    stream: &mut (impl Read + Write),
    code: JoinCode,
    hello: &Hello,
) -> Result<(TransportState, Hello), HandshakeError> {
    meet_guest(stream, &Secret::join_code(code), hello).map(|met| (met.transport, met.theirs))
}

/// [`admit`] after the guest's first message, `first`, was read.
pub(super) fn admit_after(
    stream: &mut (impl Read + Write),
    first: &[u8],
    code: JoinCode,
    hello: &Hello,
) -> Result<(TransportState, Hello), HandshakeError> {
    answer_guest(stream, first, &Secret::join_code(code), hello)
        .map(|met| (met.transport, met.theirs))
}

#[cfg(test)]
mod tests;
