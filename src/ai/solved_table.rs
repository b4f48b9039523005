//! The smallest boards' first moves, proven by [`super::ProofNumberSolver`] (`brique
//! solve`) and kept in `assets/solved.txt`, built into the program: the
//! engine opens with a proven winning move there and swaps exactly the
//! winning first moves. The format is described in the file itself.

use std::sync::OnceLock;

use crate::core::{BoardSize, Color, Move, Position, Rules, Square, Variant};

/// The table as shipped.
const TEXT: &str = include_str!("../../assets/solved.txt");

/// The value of every first move on one board size under one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedBoard {
    pub size: BoardSize,
    pub variant: Variant,
    /// Per square (dense index, row-major from `a1`), whether Black's first
    /// stone there wins with perfect play (without the pie rule).
    pub wins: Vec<bool>,
}

impl SolvedBoard {
    pub fn first_move_wins(&self, sq: Square) -> Option<bool> {
        self.size
            .contains(sq)
            .then(|| self.wins[self.size.index(sq)])
    }

    /// The winning first moves, `a1`, `b1`, … row by row.
    pub fn winning_moves(&self) -> impl Iterator<Item = Square> + '_ {
        self.size
            .squares()
            .filter(|&sq| self.wins[self.size.index(sq)])
    }

    /// The board's line in `assets/solved.txt`: size, rules, then the rows
    /// from the top, `W` or `L` per square, separated by `/`.
    pub fn line(&self) -> String {
        let n = self.size.get();
        let rows: Vec<String> = (0..n)
            .rev()
            .map(|row| {
                (0..n)
                    .map(
                        |col| match self.wins[self.size.index(Square::new(col, row))] {
                            true => 'W',
                            false => 'L',
                        },
                    )
                    .collect()
            })
            .collect();
        format!("{} {} {}", self.size, self.variant, rows.join("/"))
    }

    /// Reads a line made by [`SolvedBoard::line`].
    pub fn parse_line(line: &str) -> Result<SolvedBoard, String> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [size, variant, rows] = fields[..] else {
            return Err(format!(
                "expected a size, the rules and the rows, found {} fields",
                fields.len()
            ));
        };
        let size = size
            .parse::<u8>()
            .ok()
            .and_then(|n| BoardSize::for_analysis(n).ok())
            .ok_or_else(|| format!("board size must be a number from 4 to 25, found {size:?}"))?;
        let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
        let rows: Vec<&str> = rows.split('/').collect();
        let n = usize::from(size.get());
        if rows.len() != n || rows.iter().any(|row| row.len() != n) {
            return Err(format!("expected {n} rows of {n} squares separated by /"));
        }
        let mut wins = vec![false; size.area()];
        for (from_top, row) in rows.iter().enumerate() {
            for (col, glyph) in row.chars().enumerate() {
                let at = (n - 1 - from_top) * n + col;
                wins[at] = match glyph {
                    'W' => true,
                    'L' => false,
                    other => return Err(format!("expected W or L, found {other:?}")),
                };
            }
        }
        Ok(SolvedBoard {
            size,
            variant,
            wins,
        })
    }
}

/// Every solved board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolvedTable {
    boards: Vec<SolvedBoard>,
}

impl SolvedTable {
    /// Reads the table: one [`SolvedBoard::line`] a line; blank lines and
    /// lines starting with `#` are skipped.
    pub fn parse(text: &str) -> Result<SolvedTable, String> {
        let mut boards: Vec<SolvedBoard> = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let board =
                SolvedBoard::parse_line(line).map_err(|e| format!("line {}: {e}", number + 1))?;
            if boards
                .iter()
                .any(|b| (b.size, b.variant) == (board.size, board.variant))
            {
                return Err(format!("line {}: a second line for that board", number + 1));
            }
            boards.push(board);
        }
        Ok(SolvedTable { boards })
    }

    /// The table built into the program. A malformed one (which a test
    /// catches) counts as empty: the engine then searches as elsewhere.
    pub fn shipped() -> &'static SolvedTable {
        static TABLE: OnceLock<SolvedTable> = OnceLock::new();
        TABLE.get_or_init(|| SolvedTable::parse(TEXT).unwrap_or_default())
    }

    /// The text of the table built into the program.
    pub const fn shipped_text() -> &'static str {
        TEXT
    }

    pub fn boards(&self) -> &[SolvedBoard] {
        &self.boards
    }

    pub fn get(&self, size: BoardSize, variant: Variant) -> Option<&SolvedBoard> {
        self.boards
            .iter()
            .find(|b| b.size == size && b.variant == variant)
    }

    /// A proven winning first move on the empty board without the pie rule
    /// (the most central one), if the board is solved and Black has one.
    pub fn winning_opening(&self, position: &Position) -> Option<Square> {
        let size = position.size();
        let empty = size.squares().all(|sq| position.get(sq).is_none());
        if position.ply() != 0 || position.rules().pie || !empty {
            return None;
        }
        let n = i32::from(size.get());
        let off_centre = |sq: &Square| {
            (2 * i32::from(sq.col()) - n + 1).abs() + (2 * i32::from(sq.row()) - n + 1).abs()
        };
        let board = self.get(size, position.rules().variant)?;
        board.winning_moves().min_by_key(off_centre)
    }

    /// Whether White, deciding on the pie rule after Black's first stone,
    /// should swap: exactly when that stone wins. `None` when it is not that
    /// decision on a solved board.
    pub fn swaps(&self, position: &Position) -> Option<bool> {
        if !position.can_swap() {
            return None;
        }
        let rules = position.rules();
        let board = self.get(position.size(), rules.variant)?;
        // The stones of the first move are the stone and its fills: find
        // the square whose placement gives them.
        let first = position.size().squares().find(|&sq| {
            position.get(sq) == Some(Color::Black) && {
                let mut opened = Position::new(position.size(), Rules { pie: true, ..rules });
                opened.play(Move::Place(sq)).is_ok() && opened == *position
            }
        })?;
        board.first_move_wins(first)
    }
}
