//! Moves, what a move did, and why a move was refused.

use std::fmt;
use std::str::FromStr;

use super::geometry::{BoardSize, Color, Square, SquareError};
use super::quoted::Quoted;

/// A player's action: place a stone, or (pie rule) swap sides.
///
/// ```
/// use brique_core::Move;
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

/// A move list that did not parse: which token, where, and why. The message
/// quotes the token cut short ([`Quoted`]).
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
            "move {} (column {}): {} is not a move: {}, or swap",
            self.number,
            self.column,
            Quoted(&self.token),
            self.error
        )
    }
}

impl std::error::Error for MoveListError {}

/// Reads a whitespace-separated move list such as `"d8 swap e5"`, for any
/// board size; see [`parse_moves_on`].
///
/// ```
/// use brique_core::{parse_moves, Move};
/// let moves = parse_moves("d8 swap e5").unwrap();
/// assert_eq!(moves.len(), 3);
/// assert_eq!(moves[1], Move::Swap);
/// assert_eq!(parse_moves("d8 z9").unwrap_err().number, 2);
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Move>, MoveListError> {
    parse_moves_on(text, BoardSize::MAX)
}

/// Reads a move list meant for a `size` board: a bad token's message names
/// that board's columns and rows. A square beyond the board still parses
/// (playing it says it is off the board).
///
/// ```
/// use brique_core::{parse_moves_on, BoardSize};
/// let size = BoardSize::new(9).unwrap();
/// assert_eq!(parse_moves_on("d 8 e5", size).unwrap().len(), 2);
/// let error = parse_moves_on("e5 garbage", size).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "move 2 (column 4): \"garbage\" is not a move: \
///      expected a column letter a to i and a row 1 to 9, or swap"
/// );
/// ```
pub fn parse_moves_on(text: &str, size: BoardSize) -> Result<Vec<Move>, MoveListError> {
    move_tokens(text)
        .enumerate()
        .map(|(i, (column, token))| {
            token.parse().map_err(|error: SquareError| MoveListError {
                number: i + 1,
                column,
                token: token.to_string(),
                error: error.on(size),
            })
        })
        .collect()
}

/// Whitespace-separated tokens with their one-based character columns.
pub(crate) fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    words(text).map(|(column, _, word)| (column, word))
}

/// The moves of a text with their one-based character columns: the
/// whitespace-separated tokens, except that a lone column letter followed
/// by a row number is one square (`d 8`, as RULES.md spells it too). A lone
/// letter is never a move, so no list that parsed before reads otherwise.
pub(crate) fn move_tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut words = words(text).peekable();
    std::iter::from_fn(move || {
        let (column, at, word) = words.next()?;
        let lone_letter = word.len() == 1 && word.as_bytes()[0].is_ascii_alphabetic();
        match words.peek() {
            Some(&(_, next_at, next))
                if lone_letter && next.starts_with(|c: char| c.is_ascii_digit()) =>
            {
                words.next();
                Some((column, &text[at..next_at + next.len()]))
            }
            _ => Some((column, word)),
        }
    })
}

/// Whitespace-separated words with their one-based character columns and
/// byte offsets.
fn words(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
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
        let (word, tail) = rest.split_at(end);
        let at = column;
        column += word.chars().count();
        let offset = text.len() - rest.len();
        rest = tail;
        Some((at, offset, word))
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
    fn a_lone_letter_and_a_row_number_are_one_square() {
        let t: Vec<(usize, &str)> = move_tokens("d 8 swap e\t5 a b 3 c x9").collect();
        assert_eq!(
            t,
            vec![
                (1, "d 8"),
                (5, "swap"),
                (10, "e\t5"),
                (14, "a"),
                (16, "b 3"),
                (20, "c"),
                (22, "x9")
            ]
        );
        let moves = parse_moves("D 8 swap e 5").unwrap();
        assert_eq!(moves, parse_moves("d8 swap e5").unwrap());
    }

    #[test]
    fn a_huge_bad_token_gives_a_short_message() {
        let text = format!("d8 {}", "q".repeat(1 << 20));
        let message = parse_moves(&text).unwrap_err().to_string();
        assert!(message.len() < 200, "{} bytes", message.len());
        assert!(
            message.contains(&format!("\"{}…\"", "q".repeat(40))),
            "{message}"
        );
    }

    #[test]
    fn move_list_errors_name_the_move() {
        let e = parse_moves("d8 swap  zz").unwrap_err();
        assert_eq!((e.number, e.column, e.token.as_str()), (3, 10, "zz"));
        assert!(parse_moves("").unwrap().is_empty());
    }
}
