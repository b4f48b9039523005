//! The smallest boards' first moves, proven by [`super::ProofNumberSolver`] (`brique
//! solve`) and kept in `assets/solved.txt`, built into the program: the
//! engine opens with a proven winning move there and swaps exactly the
//! winning first moves. The format is described in the file itself.

use std::sync::OnceLock;

use crate::core::{BoardSize, Color, Move, Position, Square, Variant, VariantError};

/// The table as shipped.
const TEXT: &str = include_str!("../../assets/solved.txt");

/// The value of every first move on one board size under one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedBoard {
    pub size: BoardSize,
    pub variant: Variant,
    /// Per square (dense index, row-major from `a1`), whether Black's first
    /// stone there wins with perfect play (without the pie rule); `None`
    /// where not proven yet, on a board solved in part.
    pub wins: Vec<Option<bool>>,
    /// Per square, for the first moves that lose, a reply that wins for
    /// White, where one is recorded.
    pub replies: Vec<Option<Square>>,
}

impl SolvedBoard {
    /// Whether Black's first stone on `sq` wins; `None` when not proven.
    pub fn first_move_wins(&self, sq: Square) -> Option<bool> {
        self.size
            .contains(sq)
            .then(|| self.wins[self.size.index(sq)])
            .flatten()
    }

    /// The square's letter in a line and in `brique solve`'s diagram: `W`
    /// (wins), `L` (loses) or `.` (not proven).
    pub fn glyph(&self, sq: Square) -> char {
        match self.first_move_wins(sq) {
            Some(true) => 'W',
            Some(false) => 'L',
            None => '.',
        }
    }

    /// Whether every first move is proven.
    pub fn is_complete(&self) -> bool {
        self.wins.iter().all(Option::is_some)
    }

    /// White's recorded winning reply to Black's losing first stone on `sq`.
    pub fn reply(&self, sq: Square) -> Option<Square> {
        self.size
            .contains(sq)
            .then(|| self.replies[self.size.index(sq)])
            .flatten()
    }

    /// The proven winning first moves, `a1`, `b1`, … row by row.
    pub fn winning_moves(&self) -> impl Iterator<Item = Square> + '_ {
        self.size
            .squares()
            .filter(|&sq| self.first_move_wins(sq) == Some(true))
    }

    /// The board's line in `assets/solved.txt`: size, rules, then the rows
    /// from the top, [`SolvedBoard::glyph`] per square, separated by `/`;
    /// then, when recorded, White's winning replies to the losing first
    /// moves, as `first:reply` pairs separated by `,`.
    pub fn line(&self) -> String {
        let n = self.size.get();
        let rows: Vec<String> = (0..n)
            .rev()
            .map(|row| {
                (0..n)
                    .map(|col| self.glyph(Square::new(col, row)))
                    .collect()
            })
            .collect();
        let replies: Vec<String> = self
            .size
            .squares()
            .filter_map(|sq| Some(format!("{sq}:{}", self.reply(sq)?)))
            .collect();
        let mut line = format!("{} {} {}", self.size, self.variant, rows.join("/"));
        if !replies.is_empty() {
            line = format!("{line} {}", replies.join(","));
        }
        line
    }

    /// Reads a line made by [`SolvedBoard::line`].
    pub fn parse_line(line: &str) -> Result<SolvedBoard, LineError> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (size, variant, rows, replies) = match fields[..] {
            [size, variant, rows] => (size, variant, rows, None),
            [size, variant, rows, replies] => (size, variant, rows, Some(replies)),
            _ => return Err(LineError::Fields(fields.len())),
        };
        let size = size
            .parse::<u8>()
            .ok()
            .and_then(|n| BoardSize::for_analysis(n).ok())
            .ok_or_else(|| LineError::Size(size.to_string()))?;
        let variant: Variant = variant.parse()?;
        let rows: Vec<&str> = rows.split('/').collect();
        let n = usize::from(size.get());
        if rows.len() != n || rows.iter().any(|row| row.len() != n) {
            return Err(LineError::Rows(n));
        }
        let mut wins = vec![None; size.area()];
        for (from_top, row) in rows.iter().enumerate() {
            for (col, glyph) in row.chars().enumerate() {
                let at = (n - 1 - from_top) * n + col;
                wins[at] = match glyph {
                    'W' => Some(true),
                    'L' => Some(false),
                    '.' => None,
                    other => return Err(LineError::Glyph(other)),
                };
            }
        }
        let mut board = SolvedBoard {
            size,
            variant,
            wins,
            replies: vec![None; size.area()],
        };
        for pair in replies.into_iter().flat_map(|r| r.split(',')) {
            board.add_reply(pair)?;
        }
        Ok(board)
    }

    /// Reads one `first:reply` pair of the replies' field into the board.
    fn add_reply(&mut self, pair: &str) -> Result<(), LineError> {
        let square = |text: &str| {
            text.parse::<Square>()
                .ok()
                .filter(|&sq| self.size.contains(sq))
                .ok_or_else(|| LineError::NotASquare {
                    text: text.to_string(),
                    pair: pair.to_string(),
                })
        };
        let Some((first, reply)) = pair.split_once(':') else {
            return Err(LineError::NotAPair(pair.to_string()));
        };
        let (first, reply) = (square(first)?, square(reply)?);
        let refused = |why| Err(LineError::Reply(pair.to_string(), why));
        match self.first_move_wins(first) {
            Some(false) => {}
            Some(true) => return refused(ReplyRefused::FirstMoveWins(first)),
            None => return refused(ReplyRefused::NotProvenToLose(first)),
        }
        if first == reply {
            return refused(ReplyRefused::OnTheFirstStone);
        }
        let slot = &mut self.replies[self.size.index(first)];
        if slot.replace(reply).is_some() {
            return refused(ReplyRefused::Second(first));
        }
        Ok(())
    }
}

/// Why a line of the table ([`SolvedBoard::line`]) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error("expected a size, the rules, the rows and maybe the replies, found {0} fields")]
    Fields(usize),
    #[error("board size must be a number from 4 to 25, found {0:?}")]
    Size(String),
    #[error(transparent)]
    Variant(#[from] VariantError),
    #[error("expected {0} rows of {0} squares separated by /")]
    Rows(usize),
    #[error("expected W, L or ., found {0:?}")]
    Glyph(char),
    #[error("{text:?} in {pair:?} is not a square of the board")]
    NotASquare { text: String, pair: String },
    #[error("expected a first move, : and a reply, found {0:?}")]
    NotAPair(String),
    /// A `first:reply` pair that cannot be.
    #[error("{0:?}: {1}")]
    Reply(String, ReplyRefused),
}

/// Why a reply of the table cannot be White's winning reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplyRefused {
    #[error("{0} wins, so White has no winning reply")]
    FirstMoveWins(Square),
    #[error("{0} is not proven to lose")]
    NotProvenToLose(Square),
    #[error("the reply is on the first stone")]
    OnTheFirstStone,
    #[error("a second reply to {0}")]
    Second(Square),
}

/// Why the table was refused: a line's error, with its number from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("line {number}: {error}")]
    Line { number: usize, error: LineError },
    #[error("line {0}: a second line for that board")]
    SecondLine(usize),
}

/// Every solved board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolvedTable {
    boards: Vec<SolvedBoard>,
}

impl SolvedTable {
    /// Reads the table: one [`SolvedBoard::line`] a line; blank lines and
    /// lines starting with `#` are skipped.
    pub fn parse(text: &str) -> Result<SolvedTable, TableError> {
        let mut boards: Vec<SolvedBoard> = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let board = SolvedBoard::parse_line(line).map_err(|error| TableError::Line {
                number: number + 1,
                error,
            })?;
            if boards
                .iter()
                .any(|b| (b.size, b.variant) == (board.size, board.variant))
            {
                return Err(TableError::SecondLine(number + 1));
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
        let board = self.get(position.size(), position.rules().variant)?;
        board.first_move_wins(first_stone(position)?)
    }

    /// White's recorded winning reply, when `position` is Black's losing
    /// first stone on a solved board and White is to place (with the pie
    /// rule, having chosen not to swap: a swap is [`SolvedTable::swaps`]'s).
    pub fn winning_reply(&self, position: &Position) -> Option<Square> {
        let board = self.get(position.size(), position.rules().variant)?;
        board.reply(first_stone(position)?)
    }
}

/// The square of Black's first stone when `position` is the game just
/// after it. The stones of the first move are the stone and its fills: the
/// square is the one whose placement gives them.
fn first_stone(position: &Position) -> Option<Square> {
    if position.ply() != 1 {
        return None;
    }
    position.size().squares().find(|&sq| {
        position.get(sq) == Some(Color::Black) && {
            let mut opened = Position::new(position.size(), position.rules());
            opened.play(Move::Place(sq)).is_ok() && opened == *position
        }
    })
}
