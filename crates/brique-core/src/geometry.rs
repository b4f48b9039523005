//! Board sizes, squares, colours, players and square shades.

use std::fmt;
use std::str::FromStr;

/// The side of a board, in squares: 5 to 25, 15 by default.
///
/// ```
/// use brique_core::BoardSize;
/// assert_eq!(BoardSize::new(9).unwrap().get(), 9);
/// assert!(BoardSize::new(4).is_err());
/// assert_eq!(BoardSize::default().get(), 15);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardSize(u8);

/// The board is at most this many squares wide, so a square index fits in `u16`
/// and a whole board in `MAX_SQUARES` cells.
pub const MAX_SQUARES: usize = BoardSize::MAX.area();

impl BoardSize {
    pub const MIN: BoardSize = BoardSize(5);
    pub const MAX: BoardSize = BoardSize(25);
    pub const DEFAULT: BoardSize = BoardSize(15);

    /// A board size, if `n` is within 5..=25.
    pub const fn new(n: u8) -> Result<BoardSize, SizeError> {
        Self::from_range(n, Self::MIN)
    }

    /// `n` as a size if it is within `min..=MAX`.
    const fn from_range(n: u8, min: BoardSize) -> Result<BoardSize, SizeError> {
        if n >= min.0 && n <= Self::MAX.0 {
            Ok(BoardSize(n))
        } else {
            Err(SizeError(n as u32))
        }
    }

    /// The smallest board the solver studies: RULES.md plays on 5 to 25,
    /// and 4×4, too small to play, is still a board whose first moves can
    /// be proven ([`BoardSize::for_analysis`]).
    pub const ANALYSIS_MIN: BoardSize = BoardSize(4);

    /// A board size for analysis only, if `n` is within 4..=25: the rules
    /// work the same on 4×4, but no game, record or setting takes it.
    ///
    /// ```
    /// use brique_core::BoardSize;
    /// assert!(BoardSize::new(4).is_err());
    /// assert_eq!(BoardSize::for_analysis(4).unwrap().get(), 4);
    /// assert!(BoardSize::for_analysis(3).is_err());
    /// ```
    pub const fn for_analysis(n: u8) -> Result<BoardSize, SizeError> {
        Self::from_range(n, Self::ANALYSIS_MIN)
    }

    pub const fn get(self) -> u8 {
        self.0
    }

    /// Number of squares on the board.
    pub const fn area(self) -> usize {
        self.0 as usize * self.0 as usize
    }

    /// Whether `sq` lies on a board of this size.
    pub const fn contains(self, sq: Square) -> bool {
        sq.col < self.0 && sq.row < self.0
    }

    /// The square at a dense index `0..area()`, row-major from `a1`.
    pub const fn square(self, index: usize) -> Square {
        Square::new(
            (index % self.0 as usize) as u8,
            (index / self.0 as usize) as u8,
        )
    }

    /// Dense index of a square of this board, row-major from `a1`.
    pub const fn index(self, sq: Square) -> usize {
        sq.row as usize * self.0 as usize + sq.col as usize
    }

    /// Every square of the board, `a1`, `b1`, … row by row.
    pub fn squares(self) -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..self.area()).map(move |i| self.square(i))
    }

    /// The orthogonal neighbours of `sq` that lie on the board.
    pub fn neighbours(self, sq: Square) -> impl Iterator<Item = Square> {
        const STEPS: [(i8, i8); 4] = [(0, 1), (-1, 0), (1, 0), (0, -1)];
        STEPS
            .into_iter()
            .filter_map(move |(dc, dr)| sq.offset(dc, dr).filter(|n| self.contains(*n)))
    }

    /// Whether `sq` touches one of `color`'s two edges: `(low, high)`, where low is
    /// the bottom row for Black and the left column for White.
    pub const fn edge_contact(self, sq: Square, color: Color) -> (bool, bool) {
        let along = match color {
            Color::Black => sq.row,
            Color::White => sq.col,
        };
        (along == 0, along == self.0 - 1)
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for BoardSize {
    type Err = SizeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let n: u32 = s.trim().parse().map_err(|_| SizeError(0))?;
        u8::try_from(n)
            .map_err(|_| SizeError(n))
            .and_then(BoardSize::new)
    }
}

/// A board size outside 5..=25 (0 also stands for "not a number").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeError(pub u32);

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size must be a number from {} to {}",
            BoardSize::MIN.0,
            BoardSize::MAX.0
        )?;
        if self.0 != 0 {
            write!(f, " (got {})", self.0)?;
        }
        Ok(())
    }
}

impl std::error::Error for SizeError {}

/// A square named by column (`a` = 0) and row (`1` = 0), both zero-based.
///
/// A square is not tied to a board size: check it with [`BoardSize::contains`].
///
/// ```
/// use brique_core::Square;
/// let sq: Square = "d8".parse().unwrap();
/// assert_eq!((sq.col(), sq.row()), (3, 7));
/// assert_eq!(sq.to_string(), "d8");
/// assert_eq!("D 8".parse::<Square>(), Ok(sq));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    col: u8,
    row: u8,
}

impl Square {
    /// The square at zero-based `col` and `row`. Neither may exceed 24.
    pub const fn new(col: u8, row: u8) -> Square {
        assert!(col < BoardSize::MAX.0 && row < BoardSize::MAX.0);
        Square { col, row }
    }

    pub const fn col(self) -> u8 {
        self.col
    }

    pub const fn row(self) -> u8 {
        self.row
    }

    /// Light or dark: `a1` is light, and colours alternate like a chessboard.
    pub const fn shade(self) -> Shade {
        // RULES.md: light when column index + one-based row is odd.
        if (self.col + self.row + 1) % 2 == 1 {
            Shade::Light
        } else {
            Shade::Dark
        }
    }

    /// The square `dc` columns right and `dr` rows up, if it has valid coordinates.
    pub const fn offset(self, dc: i8, dr: i8) -> Option<Square> {
        let c = self.col as i16 + dc as i16;
        let r = self.row as i16 + dr as i16;
        let max = BoardSize::MAX.0 as i16;
        if c < 0 || r < 0 || c >= max || r >= max {
            None
        } else {
            Some(Square::new(c as u8, r as u8))
        }
    }

    /// The column letter, `a` to `y`.
    pub const fn file_char(self) -> char {
        (b'a' + self.col) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.row as u32 + 1)
    }
}

impl FromStr for Square {
    type Err = SquareError;

    /// Reads `d8`, `D8` or `d 8`; the row must be 1 to 25 and the column `a` to `y`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let error = SquareError {
            size: BoardSize::MAX,
        };
        let mut chars = s.trim().chars();
        let letter = chars.next().ok_or(error)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() || letter as u8 - b'a' >= BoardSize::MAX.0 {
            return Err(error);
        }
        let digits = chars.as_str().trim_start();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error);
        }
        match digits.parse::<u8>() {
            Ok(n) if (1..=BoardSize::MAX.0).contains(&n) => {
                Ok(Square::new(letter as u8 - b'a', n - 1))
            }
            _ => Err(error),
        }
    }
}

/// A text that is not a square's name. The message says what a square of the
/// board looks like; it does not quote the text, which the caller quotes
/// with [`crate::Quoted`] where it has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareError {
    size: BoardSize,
}

impl SquareError {
    /// The same error, its message naming the squares of a `size` board
    /// rather than the largest one.
    pub const fn on(self, size: BoardSize) -> SquareError {
        SquareError { size }
    }
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size.get();
        let last = Square::new(n - 1, 0).file_char();
        write!(f, "expected a column letter a to {last} and a row 1 to {n}")
    }
}

impl std::error::Error for SquareError {}

/// The colour of a stone, and of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `B` or `W`, as in the diagrams of seed 000.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the two people at the board. Which colour each holds can change
/// (settings, and the pie rule's swap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    One,
    Two,
}

impl Player {
    pub const fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::One => "Player 1",
            Player::Two => "Player 2",
        })
    }
}

/// Light or dark square; it decides where a square's escorts are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shade {
    Light,
    Dark,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a1_is_light_and_shades_alternate() {
        assert_eq!(Square::new(0, 0).shade(), Shade::Light);
        assert_eq!(Square::new(1, 0).shade(), Shade::Dark);
        assert_eq!(Square::new(0, 1).shade(), Shade::Dark);
        assert_eq!(Square::new(1, 1).shade(), Shade::Light);
    }

    #[test]
    fn squares_parse_in_every_spelling() {
        let d8 = Square::new(3, 7);
        for text in ["d8", "D8", "d 8", " d8 ", "d  8"] {
            assert_eq!(text.parse::<Square>(), Ok(d8), "{text:?}");
        }
        assert_eq!("y25".parse::<Square>(), Ok(Square::new(24, 24)));
        for bad in ["", "8d", "z1", "a0", "a26", "a", "a-1", "a1x", "é1", "a+1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn square_errors_name_the_board_s_own_range() {
        let size = BoardSize::new(15).unwrap();
        let error = "garbage".parse::<Square>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "expected a column letter a to y and a row 1 to 25"
        );
        assert_eq!(
            error.on(size).to_string(),
            "expected a column letter a to o and a row 1 to 15"
        );
    }

    #[test]
    fn index_round_trips() {
        let size = BoardSize::new(7).unwrap();
        for (i, sq) in size.squares().enumerate() {
            assert_eq!(size.index(sq), i);
        }
        assert_eq!(size.squares().len(), 49);
    }

    #[test]
    fn sizes_are_checked() {
        assert!(BoardSize::new(5).is_ok());
        assert!(BoardSize::new(25).is_ok());
        assert!(BoardSize::new(26).is_err());
        assert_eq!("9".parse::<BoardSize>().map(BoardSize::get), Ok(9));
        assert!("300".parse::<BoardSize>().is_err());
        assert!("x".parse::<BoardSize>().is_err());
    }
}
