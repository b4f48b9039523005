//! Frames on the wire, read and written here only, for every link: a
//! game's (direct or relayed), the lobby's client and the lobby's server.
//! A frame is a two-byte big-endian length, then that many bytes (a Noise
//! message). Each link names its longest frame ([`MAX_FRAME`],
//! [`MAX_LOBBY_FRAME`]); a frame longer than that is refused from its
//! length alone, before any of it is read. A blocking reader keeps a
//! [`Patience`]: a frame begun must end within the stall time, and a link
//! with no frame for the idle time is taken for gone; the server's tokio
//! reader leaves its time limits to its caller's `timeout`.
//!
//! Not tokio-util's `LengthDelimitedCodec`: it frames async streams only,
//! and the game's links and the lobby's client are blocking sockets whose
//! patience is counted across read timeouts; one header and one check,
//! read by a blocking and an async loop, is less than a codec and an
//! adapter.

use std::io::{self, ErrorKind, Read, Write};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

use super::message::MAX_MESSAGE;

/// The length before each frame: two bytes, big-endian.
const HEADER: usize = 2;
/// A game's longest frame: the longest message, encrypted (its 16-byte
/// tag), or a handshake message (a 32-byte key, a tag, a short hello).
pub const MAX_FRAME: usize = MAX_MESSAGE + 64;
/// The lobby's longest frame: Noise's own limit, all a header can say (the
/// lobby's longest message, `MAX_LOBBY_MESSAGE`, and its 16-byte tag).
pub const MAX_LOBBY_FRAME: usize = 65_535;

/// How long a peer may take over one frame, and how long it may be silent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patience {
    /// From a frame's first byte to its last.
    pub stall: Duration,
    /// Between frames (peers send a ping when they have nothing to say).
    pub idle: Duration,
}

impl Patience {
    /// A game's: pings come every `link::PING_EVERY`.
    pub const GAME: Patience = Patience {
        stall: Duration::from_secs(10),
        idle: Duration::from_secs(30),
    };
    /// No limit of its own: for a socket whose reads do not time out (the
    /// lobby's client, which the server pings back), or whose timeout is
    /// the limit (the lobby client's handshake).
    pub const SOCKET: Patience = Patience {
        stall: Duration::ZERO,
        idle: Duration::ZERO,
    };
}

/// Why no frame was read or written.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// The peer closed the connection.
    #[error("the connection was closed")]
    Closed,
    /// A frame was begun and not finished in time.
    #[error("it stopped in the middle of a message")]
    Stalled,
    /// Nothing came for the idle time.
    #[error("nothing came from it for a long time")]
    Silent,
    /// A frame longer than the link's longest, read or to be written.
    #[error("it sent a message of {0} bytes (at most {1})")]
    TooLong(usize, usize),
    #[error("the connection failed: {0}")]
    Io(#[source] io::Error),
}

/// `bytes` as a frame, if it is no longer than `max`.
fn encode(bytes: &[u8], max: usize) -> Result<Vec<u8>, FrameError> {
    let len = u16::try_from(bytes.len())
        .ok()
        .filter(|&n| usize::from(n) <= max)
        .ok_or(FrameError::TooLong(bytes.len(), max))?;
    let mut frame = Vec::with_capacity(HEADER + bytes.len());
    frame.extend_from_slice(&len.to_be_bytes());
    frame.extend_from_slice(bytes);
    Ok(frame)
}

/// The length a header announces, if it is no longer than `max`.
fn body_len(header: [u8; HEADER], max: usize) -> Result<usize, FrameError> {
    let len = usize::from(u16::from_be_bytes(header));
    if len > max {
        return Err(FrameError::TooLong(len, max));
    }
    Ok(len)
}

/// Writes one frame of at most `max` bytes.
pub fn write_frame(out: &mut impl Write, bytes: &[u8], max: usize) -> Result<(), FrameError> {
    let frame = encode(bytes, max)?;
    out.write_all(&frame).map_err(FrameError::Io)?;
    out.flush().map_err(FrameError::Io)
}

/// Reads one frame of at most `max` bytes from `input`, whose reads must
/// time out now and then (a socket's read timeout) for the patience to be
/// kept; a read timeout with [`Patience::SOCKET`] is a silence.
pub fn read_frame(
    input: &mut impl Read,
    patience: Patience,
    max: usize,
) -> Result<Vec<u8>, FrameError> {
    let waiting = Instant::now();
    let mut began = None;
    let mut header = [0u8; HEADER];
    fill(input, &mut header, patience, waiting, &mut began)?;
    let mut body = vec![0u8; body_len(header, max)?];
    fill(input, &mut body, patience, waiting, &mut began)?;
    Ok(body)
}

fn fill(
    input: &mut impl Read,
    buf: &mut [u8],
    patience: Patience,
    waiting: Instant,
    began: &mut Option<Instant>,
) -> Result<(), FrameError> {
    let mut filled = 0;
    while filled < buf.len() {
        match input.read(&mut buf[filled..]) {
            Ok(0) => return Err(FrameError::Closed),
            Ok(n) => {
                filled += n;
                began.get_or_insert_with(Instant::now);
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                match began {
                    Some(t) if t.elapsed() > patience.stall => return Err(FrameError::Stalled),
                    None if waiting.elapsed() > patience.idle => return Err(FrameError::Silent),
                    _ => {}
                }
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(FrameError::Io(e)),
        }
    }
    Ok(())
}

/// Writes one frame of at most `max` bytes (the lobby server's tasks).
pub async fn write_frame_async(
    out: &mut (impl AsyncWrite + Unpin),
    bytes: &[u8],
    max: usize,
) -> Result<(), FrameError> {
    let frame = encode(bytes, max)?;
    out.write_all(&frame).await.map_err(FrameError::Io)
}

/// Reads one frame of at most `max` bytes (the lobby server's tasks, which
/// bound the wait themselves).
pub async fn read_frame_async(
    input: &mut (impl AsyncRead + Unpin),
    max: usize,
) -> Result<Vec<u8>, FrameError> {
    let closed = |e: io::Error| match e.kind() {
        ErrorKind::UnexpectedEof => FrameError::Closed,
        _ => FrameError::Io(e),
    };
    let mut header = [0u8; HEADER];
    input.read_exact(&mut header).await.map_err(closed)?;
    let mut body = vec![0u8; body_len(header, max)?];
    input.read_exact(&mut body).await.map_err(closed)?;
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gives its bytes a few at a time, then times out for ever.
    struct Trickle(Vec<u8>);

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                std::thread::sleep(Duration::from_millis(5));
                return Err(ErrorKind::WouldBlock.into());
            }
            let n = buf.len().min(self.0.len()).min(3);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0.drain(..n);
            Ok(n)
        }
    }

    const QUICK: Patience = Patience {
        stall: Duration::from_millis(50),
        idle: Duration::from_millis(50),
    };

    #[test]
    fn a_frame_reads_back() {
        let mut wire = Vec::new();
        write_frame(&mut wire, b"hello there", MAX_FRAME).unwrap();
        let frame = read_frame(&mut Trickle(wire), QUICK, MAX_FRAME).unwrap();
        assert_eq!(frame, b"hello there");
    }

    #[test]
    fn a_half_frame_stalls_and_silence_is_noticed() {
        let mut wire = Vec::new();
        write_frame(&mut wire, b"hello there", MAX_FRAME).unwrap();
        wire.truncate(6);
        assert!(matches!(
            read_frame(&mut Trickle(wire), QUICK, MAX_FRAME),
            Err(FrameError::Stalled)
        ));
        assert!(matches!(
            read_frame(&mut Trickle(Vec::new()), QUICK, MAX_FRAME),
            Err(FrameError::Silent)
        ));
    }

    #[test]
    fn a_long_frame_is_refused_from_its_length() {
        let wire = vec![0xff, 0xff, 1, 2, 3];
        assert!(matches!(
            read_frame(&mut Trickle(wire), QUICK, MAX_FRAME),
            Err(FrameError::TooLong(65535, MAX_FRAME))
        ));
        assert!(matches!(
            read_frame(&mut &b""[..], QUICK, MAX_FRAME),
            Err(FrameError::Closed)
        ));
        assert!(write_frame(&mut Vec::new(), &[0; MAX_FRAME + 1], MAX_FRAME).is_err());
    }

    /// The three links, each through the function it calls: a game's
    /// blocking reader and writer, the lobby client's, the lobby server's
    /// async ones. Each refuses a frame over its limit with the same error,
    /// from its length alone (a lobby frame's limit is all a header can
    /// say, so only a game's header can announce too much).
    #[test]
    fn every_link_refuses_an_oversized_frame_alike() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let too_long = |e: &FrameError, len, max| matches!(e, FrameError::TooLong(l, m) if *l == len && *m == max);
        // Written: each writer refuses one byte more than its limit.
        let game = write_frame(&mut Vec::new(), &[0; MAX_FRAME + 1], MAX_FRAME).unwrap_err();
        assert!(too_long(&game, MAX_FRAME + 1, MAX_FRAME), "{game:?}");
        let big = vec![0; MAX_LOBBY_FRAME + 1];
        let client = crate::online::wire::write_frame(&mut Vec::new(), &big).unwrap_err();
        let crate::online::wire::WireError::Frame(client) = client else {
            panic!("{client:?}");
        };
        assert!(too_long(&client, big.len(), MAX_LOBBY_FRAME), "{client:?}");
        let mut sent = Vec::new();
        let server = runtime
            .block_on(write_frame_async(&mut sent, &big, MAX_LOBBY_FRAME))
            .unwrap_err();
        assert!(too_long(&server, big.len(), MAX_LOBBY_FRAME), "{server:?}");
        assert!(sent.is_empty());
        // Read: a header announcing more than the limit, and a body that
        // is never read.
        let wire = [0xff, 0xff, 1, 2, 3];
        let blocking = read_frame(&mut Trickle(wire.to_vec()), QUICK, MAX_FRAME).unwrap_err();
        let tokio = runtime
            .block_on(read_frame_async(&mut &wire[..], MAX_FRAME))
            .unwrap_err();
        for e in [blocking, tokio] {
            assert!(too_long(&e, 65_535, MAX_FRAME), "{e:?}");
        }
        // At the lobby's limit, a frame is read whole by both.
        let mut full = vec![0xff, 0xff];
        full.resize(2 + MAX_LOBBY_FRAME, 7);
        let client = crate::online::wire::read_frame(&mut &full[..]).unwrap();
        let server = runtime
            .block_on(read_frame_async(&mut &full[..], MAX_LOBBY_FRAME))
            .unwrap();
        assert_eq!(
            (client.len(), server.len()),
            (MAX_LOBBY_FRAME, MAX_LOBBY_FRAME)
        );
    }
}
