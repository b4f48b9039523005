//! What a client and `brique server` say before the relay joins them: one
//! line each way (docs/protocol.md, "The relay"). After `paired` the relay
//! only copies bytes, and what the two say to each other is the game's
//! handshake and messages, encrypted.

use std::fmt;

/// The relay protocol's version, in every request.
pub const RELAY_PROTOCOL: u32 = 1;
/// The longest line either side sends, with its newline.
pub const MAX_LINE: usize = 160;
/// What every request begins with.
const MAGIC: &str = "brique-relay";
/// What a refusal's reason begins with when no host waits where a guest
/// asked: [`Answer::parse`] reads such a refusal as [`Answer::NoGame`].
pub const NO_GAME: &str = "no game waits";

/// A meeting place: a nameplate the relay gave a host, or the channel two
/// sides that met before agreed on (32 bytes, written in hex).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    Nameplate(u32),
    Channel([u8; 32]),
}

/// What a client asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// A host asks for a new nameplate and waits there.
    Host,
    /// A host waits on a channel.
    HostChannel([u8; 32]),
    /// A guest asks to be joined to whoever waits at `place`.
    Guest(Place),
}

/// What the relay answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The host's new nameplate: it waits there.
    Nameplate(u32),
    /// The host waits on its channel.
    Waiting,
    /// Joined: from the next byte on, the relay copies.
    Paired,
    /// The host waited too long: it may ask again.
    Expired,
    /// Not done, and why.
    Refused(String),
    /// Refused because no host waits where the guest asked (a refusal
    /// whose reason begins with [`NO_GAME`]), and the reason.
    NoGame(String),
}

/// Why a request line is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadRequest {
    #[error(
        "this relay speaks brique-relay {RELAY_PROTOCOL} and the client {0}: \
         both need the same version of brique"
    )]
    Version(u32),
    #[error("not a brique relay request")]
    NotRelay,
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{MAGIC} {RELAY_PROTOCOL} ")?;
        match self {
            Request::Host => f.write_str("host"),
            Request::HostChannel(channel) => write!(f, "host-channel {}", hex(channel)),
            Request::Guest(Place::Nameplate(n)) => write!(f, "guest {n}"),
            Request::Guest(Place::Channel(channel)) => write!(f, "guest-channel {}", hex(channel)),
        }
    }
}

impl Request {
    /// Reads a request line (without its newline).
    pub fn parse(line: &str) -> Result<Request, BadRequest> {
        let mut words = line.split(' ');
        if words.next() != Some(MAGIC) {
            return Err(BadRequest::NotRelay);
        }
        let version = words.next().and_then(|v| v.parse::<u32>().ok());
        match version {
            Some(RELAY_PROTOCOL) => {}
            Some(other) => return Err(BadRequest::Version(other)),
            None => return Err(BadRequest::NotRelay),
        }
        let request = match (words.next(), words.next()) {
            (Some("host"), None) => Request::Host,
            (Some("host-channel"), Some(h)) => Request::HostChannel(unhex(h)?),
            (Some("guest"), Some(n)) => Request::Guest(Place::Nameplate(
                n.parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(BadRequest::NotRelay)?,
            )),
            (Some("guest-channel"), Some(h)) => Request::Guest(Place::Channel(unhex(h)?)),
            _ => return Err(BadRequest::NotRelay),
        };
        match words.next() {
            None => Ok(request),
            Some(_) => Err(BadRequest::NotRelay),
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Nameplate(n) => write!(f, "nameplate {n}"),
            Answer::Waiting => f.write_str("waiting"),
            Answer::Paired => f.write_str("paired"),
            Answer::Expired => f.write_str("expired"),
            // Cut so that the line stays within MAX_LINE.
            Answer::Refused(why) | Answer::NoGame(why) => {
                write!(f, "refused {}", cut(why, MAX_LINE - 10))
            }
        }
    }
}

impl Answer {
    /// Reads an answer line (without its newline); `None` for anything else.
    pub fn parse(line: &str) -> Option<Answer> {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match (word, rest) {
            ("nameplate", n) => n.parse().ok().filter(|&n| n > 0).map(Answer::Nameplate),
            ("waiting", "") => Some(Answer::Waiting),
            ("paired", "") => Some(Answer::Paired),
            ("expired", "") => Some(Answer::Expired),
            ("refused", why) if why.starts_with(NO_GAME) => Some(Answer::NoGame(why.to_string())),
            ("refused", why) => Some(Answer::Refused(why.to_string())),
            _ => None,
        }
    }
}

fn cut(text: &str, max: usize) -> &str {
    match text.char_indices().nth(max) {
        Some((i, _)) => &text[..i],
        None => text,
    }
}

fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Result<[u8; 32], BadRequest> {
    if text.len() != 64 || !text.is_ascii() {
        return Err(BadRequest::NotRelay);
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte =
            u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| BadRequest::NotRelay)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_and_answers_read_back() {
        let channel = [0xab; 32];
        for request in [
            Request::Host,
            Request::HostChannel(channel),
            Request::Guest(Place::Nameplate(7)),
            Request::Guest(Place::Channel(channel)),
        ] {
            let line = request.to_string();
            assert!(line.len() < MAX_LINE, "{line}");
            assert_eq!(Request::parse(&line), Ok(request), "{line}");
        }
        for answer in [
            Answer::Nameplate(12),
            Answer::Waiting,
            Answer::Paired,
            Answer::Expired,
            Answer::Refused("too many connections".into()),
            Answer::NoGame(format!("{NO_GAME} at nameplate 3")),
        ] {
            assert_eq!(Answer::parse(&answer.to_string()), Some(answer));
        }
        assert!(Answer::Refused("x".repeat(400)).to_string().len() < MAX_LINE);
        // The relay says a refusal for no game as any other; the client
        // reads it as its own kind, once, where the line is read.
        let said = Answer::Refused(format!("{NO_GAME} on this channel")).to_string();
        assert_eq!(
            Answer::parse(&said),
            Some(Answer::NoGame(format!("{NO_GAME} on this channel")))
        );
    }

    #[test]
    fn bad_requests_say_why() {
        assert_eq!(
            Request::parse("brique-relay 2 host"),
            Err(BadRequest::Version(2))
        );
        for bad in [
            "GET / HTTP/1.1",
            "brique-relay 1 guest 0",
            "brique-relay 1 guest -1",
            "brique-relay 1 host extra",
            "brique-relay 1 guest-channel abc",
            "brique-relay 1 guest-channel ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé",
            "brique-relay",
            "",
        ] {
            assert_eq!(Request::parse(bad), Err(BadRequest::NotRelay), "{bad}");
        }
    }
}
