//! One-line position notation, like FEN in chess:
//!
//! `<rows> <to move> <ply> <rules> <pie>`
//!
//! - rows from the top (row n) down to row 1, separated by `/`; in a row, `B`
//!   and `W` are stones and a number is that many empty squares;
//! - `b` or `w`: the side to move;
//! - the number of actions played so far (a swap is allowed only at 1);
//! - `original` or `revised`;
//! - `pie` or `nopie`.
//!
//! ```
//! use brique_core::{Color, Position};
//! let pos: Position = "5/5/2B2/5/5 w 1 original pie".parse().unwrap();
//! assert_eq!(pos.to_move(), Color::White);
//! assert!(pos.can_swap());
//! assert_eq!(pos.to_string(), "5/5/2B2/5/5 w 1 original pie");
//! ```

use std::fmt;
use std::str::FromStr;

use super::geometry::{BoardSize, Color, Square};
use super::moves::tokens;
use super::position::Position;
use super::quoted::Quoted;
use super::rules::{Rules, Variant};

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size().get();
        for row in (0..n).rev() {
            let mut empty = 0;
            for col in 0..n {
                match self.get(Square::new(col, row)) {
                    None => empty += 1,
                    Some(color) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", color.letter())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        let side = match self.to_move() {
            Color::Black => 'b',
            Color::White => 'w',
        };
        let pie = if self.rules().pie { "pie" } else { "nopie" };
        write!(
            f,
            " {side} {} {} {pie}",
            self.ply(),
            self.rules().variant.name()
        )
    }
}

/// A position text that did not parse, with the one-based column where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub column: usize,
    pub message: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for PositionError {}

fn error(column: usize, message: impl Into<String>) -> PositionError {
    PositionError {
        column,
        message: message.into(),
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        let fields: Vec<(usize, &str)> = tokens(text).collect();
        let expected = "expected `<rows> <b|w> <ply> <original|revised> <pie|nopie>`";
        let [board, side, ply, variant, pie] = fields[..] else {
            let column = fields.get(5).map_or(text.chars().count() + 1, |f| f.0);
            return Err(error(column, expected));
        };
        let (size, stones) = parse_rows(board.0, board.1)?;
        let to_move = match side.1 {
            "b" => Color::Black,
            "w" => Color::White,
            other => {
                return Err(error(
                    side.0,
                    format!(
                        "expected b or w for the side to move, found {}",
                        Quoted(other)
                    ),
                ));
            }
        };
        let ply: u16 = ply.1.parse().map_err(|_| {
            error(
                ply.0,
                format!(
                    "expected the number of moves played, found {}",
                    Quoted(ply.1)
                ),
            )
        })?;
        let variant: Variant = variant
            .1
            .parse()
            .map_err(|e| error(variant.0, format!("{e}")))?;
        let pie = match pie.1 {
            "pie" => true,
            "nopie" => false,
            other => {
                return Err(error(
                    pie.0,
                    format!("expected pie or nopie, found {}", Quoted(other)),
                ));
            }
        };
        Position::from_parts(size, Rules { variant, pie }, &stones, to_move, ply)
            .map_err(|e| error(board.0, e.to_string()))
    }
}

/// Reads the board field; `start` is its column in the whole text.
fn parse_rows(
    start: usize,
    field: &str,
) -> Result<(BoardSize, Vec<(Square, Color)>), PositionError> {
    let rows: Vec<&str> = field.split('/').collect();
    let size = u8::try_from(rows.len())
        .ok()
        .and_then(|n| BoardSize::new(n).ok())
        .ok_or_else(|| {
            error(
                start,
                format!("expected 5 to 25 rows separated by /, found {}", rows.len()),
            )
        })?;
    let n = size.get() as usize;
    let mut stones = Vec::new();
    let mut column = start;
    for (i, row_text) in rows.iter().enumerate() {
        let row = (n - 1 - i) as u8;
        let mut col = 0usize;
        let mut chars = row_text.chars().peekable();
        while let Some(c) = chars.next() {
            let at = column;
            column += 1;
            let color = match c {
                'B' => Some(Color::Black),
                'W' => Some(Color::White),
                '1'..='9' => None,
                _ => {
                    return Err(error(
                        at,
                        format!("expected B, W or a count of empty squares, found {c:?}"),
                    ));
                }
            };
            let width = match color {
                Some(_) => 1,
                None => {
                    let mut count = c.to_digit(10).unwrap_or(0) as usize;
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        count = count.saturating_mul(10).saturating_add(d as usize);
                        chars.next();
                        column += 1;
                    }
                    count
                }
            };
            if col + width > n {
                return Err(error(
                    at,
                    format!("row {} has more than {n} squares", row + 1),
                ));
            }
            if let Some(color) = color {
                stones.push((Square::new(col as u8, row), color));
            }
            col += width;
        }
        if col != n {
            return Err(error(
                column,
                format!("row {} has {col} squares, expected {n}", row + 1),
            ));
        }
        column += 1; // the '/'
    }
    Ok((size, stones))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_point_at_the_field() {
        let e = "5/5/2B2/5/5 x 1 original pie"
            .parse::<Position>()
            .unwrap_err();
        assert_eq!(e.column, 13);
        let e = "5/5/2B3/5/5 w 1 original pie"
            .parse::<Position>()
            .unwrap_err();
        assert_eq!(e.column, 7, "{e}");
        let e = "5/5/2B2/5 w 1 original pie"
            .parse::<Position>()
            .unwrap_err();
        assert_eq!(e.column, 1);
        let e = "5/5/2B2/5/5 w 1 original".parse::<Position>().unwrap_err();
        assert!(e.message.contains("expected"));
        let e = "5/5/2X2/5/5 w 1 original pie"
            .parse::<Position>()
            .unwrap_err();
        assert_eq!(e.column, 6);
        let e = "5/5/2B2/5/5 w 1 modern pie"
            .parse::<Position>()
            .unwrap_err();
        assert_eq!(e.column, 17);
    }

    #[test]
    fn errors_quote_a_huge_token_cut_short() {
        let huge = "x".repeat(10_000);
        for text in [
            format!("5/5/2B2/5/5 {huge} 1 original pie"),
            format!("5/5/2B2/5/5 w {huge} original pie"),
            format!("5/5/2B2/5/5 w 1 original {huge}"),
        ] {
            let e = text.parse::<Position>().unwrap_err();
            assert!(e.message.len() < 120, "{}", e.message);
            assert!(e.message.contains(&format!("\"{}…\"", "x".repeat(40))));
        }
    }

    #[test]
    fn unreachable_positions_are_refused() {
        // c3 is light: its escorts c4 and b3 are Black, so c3 must be Black.
        let bad = "5/2B2/1B3/5/5 w 2 original pie".parse::<Position>();
        assert!(bad.unwrap_err().message.contains("c3"));
        // Black's column c spans the board: the game is over and White is to move.
        let over: Position = "2B2/2B2/2B2/2B2/1BB2 w 9 original nopie".parse().unwrap();
        assert_eq!(over.winner(), Some(Color::Black));
        let wrong_turn = "2B2/2B2/2B2/2B2/1BB2 b 9 original nopie".parse::<Position>();
        assert!(
            wrong_turn
                .unwrap_err()
                .message
                .contains("cannot be Black's turn")
        );
    }
}
