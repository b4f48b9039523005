//! What wakes the line mode's loop: a typed line, or news from the network
//! (a move, the other player leaving or coming back, a code). The loop
//! blocks on one channel; a thread reads the typed lines into it, and a
//! network game's [`Bell`] rings into it, so that news is told while the
//! player has typed nothing.

use std::io::{self, BufRead, Read};
use std::sync::mpsc::Sender;

use crate::bell::Bell;

/// The longest line read: a longer one is refused, not kept in memory.
pub const MAX_LINE_BYTES: usize = 1024;

/// One thing for the loop to answer.
#[derive(Debug)]
pub enum Wake {
    /// A typed line, without its newline.
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`] was typed and dropped.
    TooLong,
    /// The input ended.
    End,
    /// The input could not be read.
    Failed(io::Error),
    /// Something came from the network: the network game has news.
    Network,
}

/// Sends the typed lines of the input that `open` makes (on the reading
/// thread, so that the input need not be sent there) to `wake`.
pub fn read_lines_into<R, F>(open: F, wake: &Sender<Wake>)
where
    R: BufRead,
    F: FnOnce() -> R + Send + 'static,
{
    let lines = wake.clone();
    std::thread::spawn(move || read_lines(open(), &lines));
}

/// A bell that wakes the loop with [`Wake::Network`].
pub fn network_bell(wake: &Sender<Wake>) -> Bell {
    let bell = Bell::default();
    let wake = wake.clone();
    bell.install(move || {
        let _ = wake.send(Wake::Network);
    });
    bell
}

/// Sends each line of `input` until its end or the loop's.
fn read_lines<R: BufRead>(mut input: R, to: &Sender<Wake>) {
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = Read::take(&mut input, MAX_LINE_BYTES as u64 + 1).read_until(b'\n', &mut line);
        let wake = match read {
            Ok(0) => Wake::End,
            Ok(_) if line.len() > MAX_LINE_BYTES && !line.ends_with(b"\n") => {
                match skip_rest_of_line(&mut input) {
                    Ok(()) => Wake::TooLong,
                    Err(e) => Wake::Failed(e),
                }
            }
            Ok(_) => Wake::Line(String::from_utf8_lossy(&line).into_owned()),
            Err(e) => Wake::Failed(e),
        };
        let last = matches!(wake, Wake::End | Wake::Failed(_));
        if to.send(wake).is_err() || last {
            return;
        }
    }
}

/// Drops the input up to the next newline, a bounded piece at a time.
fn skip_rest_of_line<R: BufRead>(input: &mut R) -> io::Result<()> {
    let mut scrap = Vec::new();
    loop {
        scrap.clear();
        let read = Read::take(&mut *input, MAX_LINE_BYTES as u64).read_until(b'\n', &mut scrap)?;
        if read == 0 || scrap.ends_with(b"\n") {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_a_long_line_and_the_end_come_in_order() {
        let long = "x".repeat(MAX_LINE_BYTES * 3);
        let text = format!("e5\n{long}\nboard\n");
        let (wake, woken) = std::sync::mpsc::channel();
        read_lines_into(move || io::Cursor::new(text.into_bytes()), &wake);
        let got: Vec<String> = woken.iter().map(|w| format!("{w:?}")).take(4).collect();
        assert_eq!(
            got,
            ["Line(\"e5\\n\")", "TooLong", "Line(\"board\\n\")", "End"]
        );
    }
}
