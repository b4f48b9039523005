//! Lines read with a bound, so that endless input (`/dev/zero`) cannot grow
//! memory without end.

use std::io::{self, BufRead, Read};

/// What [`read_line`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line, with its `\n` if it had one, is in the buffer.
    Read,
    /// The input ended before any byte.
    End,
    /// More than the bound came before a line break; the buffer holds only
    /// the bytes read so far (one past the bound).
    TooLong,
}

/// Reads one line into `line` (cleared first), storing at most `max + 1`
/// bytes of it.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<Line> {
    line.clear();
    let bound = u64::try_from(max).map_or(u64::MAX, |m| m.saturating_add(1));
    let n = input.by_ref().take(bound).read_until(b'\n', line)?;
    Ok(if n == 0 {
        Line::End
    } else if n > max && line.last() != Some(&b'\n') {
        Line::TooLong
    } else {
        Line::Read
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_up_to_the_bound_are_read_and_longer_ones_refused() {
        let mut input = &b"abc\nabcd\nabcde\n"[..];
        let mut line = Vec::new();
        assert_eq!(read_line(&mut input, &mut line, 4).unwrap(), Line::Read);
        assert_eq!(line, b"abc\n");
        assert_eq!(read_line(&mut input, &mut line, 4).unwrap(), Line::Read);
        assert_eq!(line, b"abcd\n");
        assert_eq!(read_line(&mut input, &mut line, 4).unwrap(), Line::TooLong);
        assert_eq!(line.len(), 5);
    }

    #[test]
    fn endless_input_stops_at_the_bound() {
        let mut zeros = io::BufReader::new(io::repeat(0));
        let mut line = Vec::new();
        assert_eq!(
            read_line(&mut zeros, &mut line, 4096).unwrap(),
            Line::TooLong
        );
        assert_eq!(line.len(), 4097);
        let mut input = &b"last"[..];
        assert_eq!(read_line(&mut input, &mut line, 4).unwrap(), Line::Read);
        assert_eq!(read_line(&mut input, &mut line, 4).unwrap(), Line::End);
    }
}
