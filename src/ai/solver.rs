//! The exact solver for small boards (up to 7×7): whether the side to move
//! wins with perfect play, by a depth-first win/loss search (negamax on
//! booleans) over [`super::bitboard`] positions.
//!
//! Every result it finds is exact, so a transposition-table hit ends a
//! branch. The moves it tries, all of them sound to leave out:
//! - a side that can connect at once wins: no move is tried;
//! - when the opponent threatens to connect at once, only the moves that
//!   take a threatened square (with the stone or a fill) or capture are
//!   tried. Any other move leaves the opponent's stones and those squares
//!   as they were, and a stone of the mover's on a square the opponent
//!   would fill is captured by that fill: every threat still wins.
//!
//! The moves are ordered as proof-number search would pick them: first those
//! that threaten to connect, leaving the opponent the fewest defences; then
//! by the history heuristic (moves that proved wins elsewhere first), then
//! centre first. No clock, threads or I/O: callers
//! count [`Solver::nodes`] and time it themselves.

use super::bitboard::{Geometry, MAX_AREA, Stones};
use super::transposition::Table;
use crate::core::{BoardSize, Color, Position, Square, Variant};

/// Transposition-table entries by default: 2^23, 128 MB.
pub const DEFAULT_TABLE_BITS: u32 = 23;

pub struct Solver {
    geometry: Geometry,
    variant: Variant,
    table: Table,
    /// Per side and square, how much proving wins with that move has earned.
    history: [[u32; MAX_AREA]; 2],
    /// Squares from the centre out, the tie-break of move ordering.
    centre_first: Vec<u8>,
    nodes: u64,
}

impl Solver {
    /// A solver for `size` and `variant` with a table of `2^table_bits`
    /// entries; `None` when the board is larger than the solver takes
    /// ([`super::MAX_SOLVED_SIDE`]).
    pub fn new(size: BoardSize, variant: Variant, table_bits: u32) -> Option<Solver> {
        let geometry = Geometry::new(size, variant)?;
        let n = i32::from(size.get());
        let mut centre_first: Vec<u8> = (0..size.area() as u8).collect();
        // Twice the distance from the centre, so that even boards stay whole.
        centre_first.sort_by_key(|&i| {
            let sq = size.square(usize::from(i));
            let (c, r) = (
                2 * i32::from(sq.col()) - n + 1,
                2 * i32::from(sq.row()) - n + 1,
            );
            (c.abs().max(r.abs()), c.abs() + r.abs())
        });
        Some(Solver {
            geometry,
            variant,
            table: Table::new(table_bits.clamp(4, 30)),
            history: [[0; MAX_AREA]; 2],
            centre_first,
            nodes: 0,
        })
    }

    /// Positions searched so far, by every call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side to move wins `position` with perfect play; `None`
    /// once the game is over, or when the position is of another size or
    /// variant than the solver's. A swap is not searched: the result is that
    /// of placing a stone.
    pub fn wins(&mut self, position: &Position) -> Option<bool> {
        if position.is_over()
            || position.size() != self.geometry.size()
            || position.rules().variant != self.variant
        {
            return None;
        }
        let stones = self.geometry.stones_of(position);
        Some(self.search(stones, position.to_move().index()))
    }

    /// Whether Black's first stone on `sq` wins the game (without the pie
    /// rule; with it, White swaps exactly these). `None` off the board.
    pub fn first_move_wins(&mut self, sq: Square) -> Option<bool> {
        let size = self.geometry.size();
        if !size.contains(sq) {
            return None;
        }
        let black = Color::Black.index();
        let stones = self.geometry.play([0, 0], black, size.index(sq));
        Some(!self.search(stones, 1 - black))
    }

    /// Whether `mover` wins `stones`.
    fn search(&mut self, stones: Stones, mover: usize) -> bool {
        self.nodes += 1;
        let geometry = &self.geometry;
        if geometry.winning_squares(stones, mover) != 0 {
            return true;
        }
        if let Some(won) = self.table.get(stones, mover) {
            return won;
        }
        let start = self.nodes;
        let threats = geometry.winning_squares(stones, 1 - mover);
        let empty = geometry.full & !(stones[0] | stones[1]);
        let candidates = if threats == 0 {
            empty
        } else {
            geometry.squares_touching(stones, mover, threats)
        };
        let (moves, count) = self.ordered(stones, candidates, mover);
        let mut won = false;
        for &sq in &moves[..count] {
            let sq = usize::from(sq);
            let next = self.geometry.play(stones, mover, sq);
            if !self.search(next, 1 - mover) {
                let depth = empty.count_ones();
                self.history[mover][sq] = self.history[mover][sq].saturating_add(depth * depth);
                won = true;
                break;
            }
        }
        self.table.put(stones, mover, won, self.nodes - start);
        won
    }

    /// The squares of `candidates` in the order to try them, and how many:
    /// first the moves that threaten to connect, those leaving the
    /// opponent the fewest defences first (the smallest proofs); then by
    /// history, then centre first.
    fn ordered(&self, stones: Stones, candidates: u64, mover: usize) -> ([u8; MAX_AREA], usize) {
        let geometry = &self.geometry;
        let mut moves = [0u8; MAX_AREA];
        let mut defences = [0u8; MAX_AREA];
        let mut count = 0;
        for &sq in &self.centre_first {
            if candidates & 1 << sq != 0 {
                let next = geometry.play(stones, mover, usize::from(sq));
                let threats = geometry.winning_squares(next, mover);
                defences[usize::from(sq)] = match threats {
                    0 => u8::MAX,
                    _ => geometry
                        .squares_touching(next, 1 - mover, threats)
                        .count_ones() as u8,
                };
                moves[count] = sq;
                count += 1;
            }
        }
        let history = &self.history[mover];
        // A stable sort keeps the centre-first order among equals.
        moves[..count].sort_by_key(|&sq| {
            let sq = usize::from(sq);
            (defences[sq], std::cmp::Reverse(history[sq]))
        });
        (moves, count)
    }
}
