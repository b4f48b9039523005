//! Frames on the wire: a two-byte big-endian length, then that many bytes
//! (a Noise message). A frame longer than [`MAX_FRAME`] is refused from its
//! length alone; a frame begun must end within the stall time, and a link
//! with no frame for the idle time is taken for gone.

use std::io::{self, ErrorKind, Read, Write};
use std::time::{Duration, Instant};

use super::message::MAX_MESSAGE;

/// The longest frame: the longest message, encrypted (its 16-byte tag), or
/// a handshake message (a 32-byte key, a tag, a short hello).
pub const MAX_FRAME: usize = MAX_MESSAGE + 64;

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
}

/// Why no frame was read.
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
    #[error("it sent a message of {0} bytes (at most {MAX_FRAME})")]
    TooLong(usize),
    #[error("the connection failed: {0}")]
    Io(#[source] io::Error),
}

/// Writes one frame.
pub fn write_frame(out: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    let len = u16::try_from(bytes.len())
        .ok()
        .filter(|&n| usize::from(n) <= MAX_FRAME)
        .ok_or_else(|| io::Error::new(ErrorKind::InvalidInput, "a frame too long to send"))?;
    let mut frame = Vec::with_capacity(2 + bytes.len());
    frame.extend_from_slice(&len.to_be_bytes());
    frame.extend_from_slice(bytes);
    out.write_all(&frame)?;
    out.flush()
}

/// Reads one frame from `input`, whose reads must time out now and then
/// (a socket's read timeout), so that the patience can be kept.
pub fn read_frame(input: &mut impl Read, patience: Patience) -> Result<Vec<u8>, FrameError> {
    let waiting = Instant::now();
    let mut began = None;
    let mut header = [0u8; 2];
    fill(input, &mut header, patience, waiting, &mut began)?;
    let len = usize::from(u16::from_be_bytes(header));
    if len > MAX_FRAME {
        return Err(FrameError::TooLong(len));
    }
    let mut body = vec![0u8; len];
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
        write_frame(&mut wire, b"hello there").unwrap();
        let frame = read_frame(&mut Trickle(wire), QUICK).unwrap();
        assert_eq!(frame, b"hello there");
    }

    #[test]
    fn a_half_frame_stalls_and_silence_is_noticed() {
        let mut wire = Vec::new();
        write_frame(&mut wire, b"hello there").unwrap();
        wire.truncate(6);
        assert!(matches!(
            read_frame(&mut Trickle(wire), QUICK),
            Err(FrameError::Stalled)
        ));
        assert!(matches!(
            read_frame(&mut Trickle(Vec::new()), QUICK),
            Err(FrameError::Silent)
        ));
    }

    #[test]
    fn a_long_frame_is_refused_from_its_length() {
        let wire = vec![0xff, 0xff, 1, 2, 3];
        assert!(matches!(
            read_frame(&mut Trickle(wire), QUICK),
            Err(FrameError::TooLong(65535))
        ));
        assert!(matches!(
            read_frame(&mut &b""[..], QUICK),
            Err(FrameError::Closed)
        ));
        assert!(write_frame(&mut Vec::new(), &[0; MAX_FRAME + 1]).is_err());
    }
}
