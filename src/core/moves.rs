//! Moves, what a move did, and why a move was refused.

use std::fmt;
use std::str::FromStr;

use super::geometry::{Color, Square, SquareError};

/// A player's action: place a stone, or (pie rule) swap sides.
///
/// ```
/// use brique::core::Move;
/// assert_eq!("d8".parse::<Move>().unwrap().to_string(), "d8");
/// assert_eq!("SWAP".parse::<Move>(), Ok(Move::Swap));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Place(Square),
    Swap,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(sq) => sq.fmt(f),
            Move::Swap => f.write_str("swap"),
        }
    }
}

impl FromStr for Move {
    type Err = SquareError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim().eq_ignore_ascii_case("swap") {
            Ok(Move::Swap)
        } else {
            s.parse().map(Move::Place)
        }
    }
}

/// A move list that did not parse: which token, where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveListError {
    /// One-based number of the move in the list.
    pub number: usize,
    /// One-based character column of the token in the text.
    pub column: usize,
    pub token: String,
    pub error: SquareError,
}

impl fmt::Display for MoveListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} (column {}): {:?} is not a move: {}, or swap",
            self.number, self.column, self.token, self.error
        )
    }
}

impl std::error::Error for MoveListError {}

/// Reads a whitespace-separated move list such as `"d8 swap e5"`.
///
/// ```
/// use brique::core::{parse_moves, Move};
/// let moves = parse_moves("d8 swap e5").unwrap();
/// assert_eq!(moves.len(), 3);
/// assert_eq!(moves[1], Move::Swap);
/// assert_eq!(parse_moves("d8 z9").unwrap_err().number, 2);
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Move>, MoveListError> {
    tokens(text)
        .enumerate()
        .map(|(i, (column, token))| {
            token.parse().map_err(|error| MoveListError {
                number: i + 1,
                column,
                token: token.to_string(),
                error,
            })
        })
        .collect()
}

/// Whitespace-separated tokens with their one-based character columns.
pub(crate) fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = text;
    let mut column = 1;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, tail) = rest.split_at(end);
        let at = column;
        column += token.chars().count();
        rest = tail;
        Some((at, token))
    })
}

/// One square filled by a move's escort rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fill {
    pub square: Square,
    /// Whether an opponent's stone stood there and was removed.
    pub captured: bool,
}

/// The squares one move filled: at most two (a placement's escorts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fills {
    len: u8,
    items: [Option<Fill>; 2],
}

impl Fills {
    pub(crate) fn push(&mut self, fill: Fill) {
        self.items[self.len as usize] = Some(fill);
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn iter(&self) -> impl Iterator<Item = Fill> + '_ {
        self.items.iter().flatten().copied()
    }

    /// The filled squares where an opponent's stone was captured.
    pub fn captures(&self) -> impl Iterator<Item = Square> + '_ {
        self.iter().filter(|f| f.captured).map(|f| f.square)
    }
}

/// What a legal move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveReport {
    pub mv: Move,
    /// The colour that moved (White for a swap).
    pub color: Color,
    /// Squares filled by the escort rule (always empty for a swap).
    pub fills: Fills,
    /// Whether this move connected the mover's edges and ended the game.
    pub won: bool,
}

/// Why a move is not legal here. The position is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    Occupied(Square),
    OffBoard(Square),
    GameOver(Color),
    /// A swap other than White's first action with the pie rule on.
    SwapNotAllowed(SwapRefusal),
}

/// Why a swap was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapRefusal {
    PieRuleOff,
    NotWhitesFirstTurn,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Occupied(sq) => write!(f, "{sq} is occupied"),
            PlayError::OffBoard(sq) => write!(f, "{sq} is off the board"),
            PlayError::GameOver(winner) => write!(f, "the game is over: {winner} has won"),
            PlayError::SwapNotAllowed(SwapRefusal::PieRuleOff) => {
                write!(f, "swap is not allowed: the pie rule is off")
            }
            PlayError::SwapNotAllowed(SwapRefusal::NotWhitesFirstTurn) => {
                write!(f, "swap is only allowed as White's first action")
            }
        }
    }
}

impl std::error::Error for PlayError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_columns_count_characters() {
        let t: Vec<(usize, &str)> = tokens("  d8 \té5  swap").collect();
        assert_eq!(t, vec![(3, "d8"), (7, "é5"), (11, "swap")]);
    }

    #[test]
    fn move_list_errors_name_the_move() {
        let e = parse_moves("d8 swap  zz").unwrap_err();
        assert_eq!((e.number, e.column, e.token.as_str()), (3, 10, "zz"));
        assert!(parse_moves("").unwrap().is_empty());
    }
}
