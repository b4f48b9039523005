//! Where the line mode speaks: any byte sink (a terminal, a pipe, an SSH
//! channel). Every line is written whole and flushed at once, so a screen
//! reader hears it as it happens; nothing but plain text and newlines is
//! ever written (no escape sequences).

use std::io::{self, Write};

pub struct Voice<W: Write> {
    out: W,
    /// `\n`, or `\r\n` where no terminal driver adds the carriage return
    /// (an SSH channel whose client's terminal is raw).
    newline: &'static [u8],
}

impl<W: Write> Voice<W> {
    pub fn new(out: W) -> Voice<W> {
        Voice {
            out,
            newline: b"\n",
        }
    }

    /// A voice ending its lines with `\r\n`.
    pub fn raw(out: W) -> Voice<W> {
        Voice {
            out,
            newline: b"\r\n",
        }
    }

    /// One line, its control characters (escapes included) dropped: names
    /// and texts from files or peers cannot move a cursor.
    pub fn say(&mut self, line: &str) -> io::Result<()> {
        let clean: String = line.chars().filter(|c| !c.is_control()).collect();
        self.out.write_all(clean.as_bytes())?;
        self.out.write_all(self.newline)?;
        self.out.flush()
    }

    pub fn say_all(&mut self, lines: &[String]) -> io::Result<()> {
        lines.iter().try_for_each(|line| self.say(line))
    }
}
