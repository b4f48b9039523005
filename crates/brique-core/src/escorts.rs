//! Escorts: the squares whose stones decide whether a square is filled.
//!
//! A light square's escorts are the squares directly above and directly left of
//! it; a dark square's, directly right and directly below. The relation is
//! symmetric, so the squares a placement can fill are exactly its own escorts.

use super::geometry::{BoardSize, MAX_SQUARES, Shade, Square};

/// The escorts of one square on one board size: none, one or two squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Escorts {
    len: u8,
    squares: [Square; 2],
}

impl Escorts {
    const NONE: Escorts = Escorts {
        len: 0,
        squares: [Square::new(0, 0); 2],
    };

    /// How many escorts the square has on the board (2 inside, fewer on edges).
    pub const fn len(self) -> usize {
        self.len as usize
    }

    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }

    pub fn iter(self) -> impl Iterator<Item = Square> {
        self.squares.into_iter().take(self.len as usize)
    }

    pub fn contains(self, sq: Square) -> bool {
        self.iter().any(|s| s == sq)
    }

    const fn push(mut self, sq: Square) -> Escorts {
        self.squares[self.len as usize] = sq;
        self.len += 1;
        self
    }

    const fn compute(size: BoardSize, sq: Square) -> Escorts {
        let n = size.get();
        let (col, row) = (sq.col(), sq.row());
        let mut e = Escorts::NONE;
        match sq.shade() {
            Shade::Light => {
                if row + 1 < n {
                    e = e.push(Square::new(col, row + 1));
                }
                if col > 0 {
                    e = e.push(Square::new(col - 1, row));
                }
            }
            Shade::Dark => {
                if col + 1 < n {
                    e = e.push(Square::new(col + 1, row));
                }
                if row > 0 {
                    e = e.push(Square::new(col, row - 1));
                }
            }
        }
        e
    }
}

const SIZES: usize = (BoardSize::MAX.get() - BoardSize::ANALYSIS_MIN.get() + 1) as usize;

/// Every square's escorts on every board size, computed at compile time.
static TABLE: [[Escorts; MAX_SQUARES]; SIZES] = {
    let mut table = [[Escorts::NONE; MAX_SQUARES]; SIZES];
    let mut s = 0;
    while s < SIZES {
        let size = match BoardSize::for_analysis(BoardSize::ANALYSIS_MIN.get() + s as u8) {
            Ok(size) => size,
            Err(_) => panic!("size in range"),
        };
        let mut i = 0;
        while i < size.area() {
            table[s][i] = Escorts::compute(size, size.square(i));
            i += 1;
        }
        s += 1;
    }
    table
};

/// The escorts of `sq` on a board of `size`; `sq` must be on the board.
///
/// ```
/// use brique_core::{escorts, BoardSize, Square};
/// let size = BoardSize::new(15).unwrap();
/// let g5: Square = "g5".parse().unwrap(); // light: above and left
/// let e: Vec<String> = escorts(size, g5).iter().map(|s| s.to_string()).collect();
/// assert_eq!(e, ["g6", "f5"]);
/// let a15: Square = "a15".parse().unwrap(); // top-left corner of an odd board
/// assert!(escorts(size, a15).is_empty());
/// ```
pub fn escorts(size: BoardSize, sq: Square) -> Escorts {
    debug_assert!(size.contains(sq));
    TABLE[(size.get() - BoardSize::ANALYSIS_MIN.get()) as usize][size.index(sq)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_sizes() -> impl Iterator<Item = BoardSize> {
        (4..=25).filter_map(|n| BoardSize::for_analysis(n).ok())
    }

    #[test]
    fn relation_is_symmetric_and_orthogonal() {
        for size in all_sizes() {
            for s in size.squares() {
                for t in escorts(size, s).iter() {
                    assert!(size.contains(t));
                    assert!(escorts(size, t).contains(s), "{s} -> {t} on {size}");
                    assert!(size.neighbours(s).any(|n| n == t));
                }
            }
        }
    }

    #[test]
    fn exactly_one_corner_has_no_escorts() {
        for size in all_sizes() {
            let empty: Vec<Square> = size
                .squares()
                .filter(|&s| escorts(size, s).is_empty())
                .collect();
            let n = size.get() - 1;
            let corner = if size.get() % 2 == 1 {
                Square::new(0, n) // top-left on odd sizes
            } else {
                Square::new(n, 0) // bottom-right on even sizes
            };
            assert_eq!(empty, vec![corner], "size {size}");
        }
    }

    #[test]
    fn single_escort_squares_lie_on_the_edges() {
        for size in all_sizes() {
            let n = size.get() - 1;
            for s in size.squares() {
                let on_edge = s.col() == 0 || s.row() == 0 || s.col() == n || s.row() == n;
                if escorts(size, s).len() < 2 {
                    assert!(on_edge, "{s} on {size}");
                }
            }
        }
    }
}
