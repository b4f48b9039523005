//! Lines typed on a raw byte stream: an SSH channel, where no terminal
//! driver edits the line, so this does what a terminal's cooked mode
//! would: it echoes what is typed, backspace takes back a character,
//! Ctrl-U the whole line, Enter (CR or LF) ends it, Ctrl-D on an empty line
//! and Ctrl-C end the input. Escape sequences (arrow keys) are dropped,
//! and nothing echoed holds an escape byte.

use std::collections::VecDeque;
use std::io::{self, BufRead, Read, Write};

use super::wake::MAX_LINE_BYTES;

const BACKSPACE: u8 = 0x08;
const DELETE: u8 = 0x7f;
const CTRL_C: u8 = 0x03;
const CTRL_D: u8 = 0x04;
const CTRL_U: u8 = 0x15;
const ESCAPE: u8 = 0x1b;

/// Where an escape sequence being dropped stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Escape {
    None,
    /// After ESC.
    Started,
    /// Inside `ESC [` or `ESC O`, until its final byte.
    Sequence,
}

pub struct TypedLines<I: Iterator<Item = Vec<u8>>, E: Write> {
    chunks: I,
    echo: E,
    /// The line being typed.
    line: Vec<u8>,
    /// Lines ended, ready to be read, each with its newline.
    ready: VecDeque<u8>,
    escape: Escape,
    /// The last byte ended a line with CR (so an LF after it is the same Enter).
    after_cr: bool,
    ended: bool,
}

impl<I: Iterator<Item = Vec<u8>>, E: Write> TypedLines<I, E> {
    pub fn new(chunks: I, echo: E) -> TypedLines<I, E> {
        TypedLines {
            chunks,
            echo,
            line: Vec::new(),
            ready: VecDeque::new(),
            escape: Escape::None,
            after_cr: false,
            ended: false,
        }
    }

    /// Edits the line with one byte; returns what to echo.
    fn take(&mut self, byte: u8) -> Vec<u8> {
        let after_cr = std::mem::replace(&mut self.after_cr, false);
        match (self.escape, byte) {
            (Escape::Started, b'[' | b'O') => {
                self.escape = Escape::Sequence;
                return Vec::new();
            }
            (Escape::Started, _) => {
                self.escape = Escape::None;
                return Vec::new();
            }
            (Escape::Sequence, 0x40..=0x7e) => {
                self.escape = Escape::None;
                return Vec::new();
            }
            (Escape::Sequence, _) => return Vec::new(),
            (Escape::None, _) => {}
        }
        match byte {
            ESCAPE => {
                self.escape = Escape::Started;
                Vec::new()
            }
            b'\n' if after_cr => Vec::new(),
            b'\r' | b'\n' => {
                self.after_cr = byte == b'\r';
                self.ready.extend(self.line.drain(..));
                self.ready.push_back(b'\n');
                b"\r\n".to_vec()
            }
            BACKSPACE | DELETE => {
                // A whole character: its UTF-8 continuation bytes too.
                while let Some(b) = self.line.pop() {
                    if b & 0xc0 != 0x80 {
                        return b"\x08 \x08".to_vec();
                    }
                }
                Vec::new()
            }
            CTRL_U => {
                let chars = String::from_utf8_lossy(&self.line).chars().count();
                self.line.clear();
                b"\x08 \x08".repeat(chars)
            }
            CTRL_C => {
                self.ended = true;
                b"\r\n".to_vec()
            }
            CTRL_D if self.line.is_empty() => {
                self.ended = true;
                Vec::new()
            }
            b if b < 0x20 => Vec::new(),
            // A line at its limit takes nothing more.
            _ if self.line.len() >= MAX_LINE_BYTES => Vec::new(),
            b => {
                self.line.push(b);
                vec![b]
            }
        }
    }
}

impl<I: Iterator<Item = Vec<u8>>, E: Write> Read for TypedLines<I, E> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<I: Iterator<Item = Vec<u8>>, E: Write> BufRead for TypedLines<I, E> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.ready.is_empty() && !self.ended {
            let Some(chunk) = self.chunks.next() else {
                self.ended = true;
                break;
            };
            let mut echo = Vec::new();
            for byte in chunk {
                if self.ended {
                    break;
                }
                echo.extend(self.take(byte));
            }
            if !echo.is_empty() {
                self.echo.write_all(&echo)?;
                self.echo.flush()?;
            }
        }
        Ok(self.ready.as_slices().0)
    }

    fn consume(&mut self, amount: usize) {
        self.ready.drain(..amount.min(self.ready.len()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(chunks: &[&[u8]]) -> (Vec<String>, Vec<u8>) {
        let mut echo = Vec::new();
        let chunks: Vec<Vec<u8>> = chunks.iter().map(|c| c.to_vec()).collect();
        let lines = TypedLines::new(chunks.into_iter(), &mut echo)
            .lines()
            .collect::<io::Result<Vec<String>>>()
            .unwrap();
        (lines, echo)
    }

    #[test]
    fn a_line_is_edited_as_a_terminal_would() {
        let (lines, echo) = typed(&[b"e6\x7f5\r", b"\n", b"boa\x15board\n", b"\x1b[Aquit\r"]);
        assert_eq!(lines, ["e5", "board", "quit"]);
        assert!(!echo.contains(&0x1b));
        assert!(echo.starts_with(b"e6\x08 \x085\r\n"));
    }

    #[test]
    fn ctrl_d_on_an_empty_line_ends_the_input() {
        let (lines, _) = typed(&[b"e5\r\x04", b"board\r"]);
        assert_eq!(lines, ["e5"]);
    }
}
