//! ratatui's crossterm backend writing into a remote session's channel.
//! Its size is the one the client last sent, and its cursor the one last
//! set: crossterm would ask this process's own terminal for both (a server
//! has none, and another session's size is not this one's). A frame goes
//! out in one write when it is flushed, not in a write per cell; once a
//! write fails (the link is gone) nothing more is written.

use std::io::{self, BufWriter, Write};

use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

/// The largest screen a client may ask for: a frame costs memory for each
/// cell, and no real window is bigger.
pub const MOST_COLUMNS: u16 = 512;
pub const MOST_ROWS: u16 = 256;

/// The client's size within bounds (at least one cell).
pub fn bounded(width: u16, height: u16) -> Size {
    Size::new(width.clamp(1, MOST_COLUMNS), height.clamp(1, MOST_ROWS))
}

/// Room for a whole frame of a big window, colours and all.
const FRAME_BYTES: usize = 64 * 1024;

/// The channel, which takes nothing more once a write to it failed: the
/// error is reported once (it ends the session), and the terminal given
/// back at the end is not written into a broken link.
pub struct Channel<W: Write> {
    out: W,
    broken: bool,
}

impl<W: Write> Write for Channel<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.broken {
            return Ok(buf.len());
        }
        self.out.write(buf).inspect_err(|_| self.broken = true)
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.broken {
            return Ok(());
        }
        self.out.flush().inspect_err(|_| self.broken = true)
    }
}

pub struct RemoteBackend<W: Write> {
    inner: CrosstermBackend<BufWriter<Channel<W>>>,
    size: Size,
    cursor: Position,
}

impl<W: Write> RemoteBackend<W> {
    pub fn new(out: W, width: u16, height: u16) -> RemoteBackend<W> {
        RemoteBackend {
            inner: CrosstermBackend::new(BufWriter::with_capacity(
                FRAME_BYTES,
                Channel { out, broken: false },
            )),
            size: bounded(width, height),
            cursor: Position::ORIGIN,
        }
    }

    /// The client's window changed size.
    pub fn resize(&mut self, width: u16, height: u16) {
        self.size = bounded(width, height);
    }
}

/// Escape sequences of its own (setting the terminal up, giving it back)
/// go into the channel too.
impl<W: Write> Write for RemoteBackend<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        Write::flush(&mut self.inner)
    }
}

impl<W: Write> Backend for RemoteBackend<W> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn append_lines(&mut self, n: u16) -> io::Result<()> {
        self.inner.append_lines(n)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.cursor = position.into();
        self.inner.set_cursor_position(self.cursor)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size,
            pixels: Size::ZERO,
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that takes one write and fails every other.
    struct Failing {
        written: Vec<u8>,
        tries: usize,
    }

    impl Write for Failing {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.tries += 1;
            if self.tries > 1 {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            self.written.extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_broken_channel_reports_once_and_takes_nothing_more() {
        let mut channel = Channel {
            out: Failing {
                written: Vec::new(),
                tries: 0,
            },
            broken: false,
        };
        assert!(channel.write_all(b"frame").is_ok());
        assert!(channel.write_all(b"next").is_err());
        assert!(channel.write_all(b"restore").is_ok());
        assert!(channel.flush().is_ok());
        assert_eq!(channel.out.tries, 2);
        assert_eq!(channel.out.written, b"frame");
    }

    #[test]
    fn the_size_is_the_clients_within_bounds() {
        let mut backend = RemoteBackend::new(Vec::new(), 80, 24);
        assert_eq!(backend.size().unwrap(), Size::new(80, 24));
        backend.resize(0, 60_000);
        assert_eq!(backend.size().unwrap(), Size::new(1, MOST_ROWS));
        backend.resize(60_000, 0);
        assert_eq!(backend.size().unwrap(), Size::new(MOST_COLUMNS, 1));
    }
}
