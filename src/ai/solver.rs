//! The exact solver for small boards (up to 7×7): whether the side to move
//! wins with perfect play, by a depth-first win/loss search (negamax on
//! booleans) over [`super::bitboard`] positions, on a stack of its own
//! rather than the call stack. The game and `brique solve` use the
//! proof-number solver ([`super::ProofNumberSolver`]); this one, simpler
//! and independent of it, checks its results in the tests.
//!
//! Every result it finds is exact, so a transposition-table hit ends a
//! branch; a position and its mirror image with the colours exchanged
//! ([`Geometry::canonical`]) share one entry. The moves it tries, all of
//! them sound to leave out:
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

/// A proof under way: the search's stack, from the position proven down to
/// the one being searched now.
struct Proof {
    stack: Vec<Frame>,
    result: Option<bool>,
}

/// A position on the search's stack and the moves left to try there.
struct Frame {
    stones: Stones,
    mover: usize,
    /// Its moves in the order to try them, and how many.
    moves: [u8; MAX_AREA],
    count: u8,
    /// The next of them to try.
    next: u8,
    /// The node count when its search began: what proving it cost.
    start: u64,
}

impl Solver {
    /// A solver for `size` and `variant` with a table in about
    /// `table_bytes` of memory; `None` when the board is larger than the
    /// solver takes ([`super::MAX_SOLVED_SIDE`]) or the memory cannot be had.
    pub fn new(size: BoardSize, variant: Variant, table_bytes: usize) -> Option<Solver> {
        let geometry = Geometry::new(size, variant)?;
        let centre_first = geometry.centre_first();
        Some(Solver {
            geometry,
            variant,
            table: Table::new(table_bytes)?,
            history: [[0; MAX_AREA]; 2],
            centre_first,
            nodes: 0,
        })
    }

    /// Positions searched so far, by every call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether `position` is of this solver's board size and rule variant.
    pub fn fits(&self, position: &Position) -> bool {
        position.size() == self.geometry.size() && position.rules().variant == self.variant
    }

    /// Whether the side to move wins `position` with perfect play; `None`
    /// once the game is over, or when the position is of another size or
    /// variant than the solver's. A swap is not searched: the result is that
    /// of placing a stone.
    pub fn wins(&mut self, position: &Position) -> Option<bool> {
        if position.is_over() || !self.fits(position) {
            return None;
        }
        let stones = self.geometry.stones_of(position);
        let mut proof = self.open_proof(stones, position.to_move().index());
        self.prove(&mut proof)
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
        let mut proof = self.open_proof(stones, 1 - black);
        self.prove(&mut proof).map(|white_wins| !white_wins)
    }

    /// A proof of `stones` with `mover` to move.
    fn open_proof(&mut self, stones: Stones, mover: usize) -> Proof {
        self.nodes += 1;
        let mut proof = Proof {
            stack: Vec::new(),
            result: None,
        };
        let wins_now = self.geometry.winning_squares(stones, mover);
        if wins_now != 0 {
            proof.result = Some(true);
        } else {
            proof.stack.push(self.frame(stones, mover));
        }
        proof
    }

    /// Carries `proof` through: whether its side to move wins.
    fn prove(&mut self, proof: &mut Proof) -> Option<bool> {
        while proof.result.is_none() {
            let Some(top) = proof.stack.last_mut() else {
                break;
            };
            if top.next == top.count {
                // Every move of the position on top loses.
                let (stones, mover, start) = (top.stones, top.mover, top.start);
                proof.stack.pop();
                self.remember(stones, mover, false, start);
                self.settle(proof, false);
                continue;
            }
            let sq = usize::from(top.moves[usize::from(top.next)]);
            top.next += 1;
            let next = self.geometry.play(top.stones, top.mover, sq);
            let opponent = 1 - top.mover;
            match self.open(next, opponent) {
                Ok(opponent_wins) => self.settle(proof, opponent_wins),
                Err(frame) => proof.stack.push(frame),
            }
        }
        proof.result
    }

    /// Looks at a position reached by the search: `Ok` with whether `mover`
    /// wins it when that is known at once (it connects at once, or the table
    /// has it), or its frame to search it.
    fn open(&mut self, stones: Stones, mover: usize) -> Result<bool, Frame> {
        self.nodes += 1;
        let geometry = &self.geometry;
        if geometry.winning_squares(stones, mover) != 0 {
            return Ok(true);
        }
        let (key, key_mover) = geometry.canonical(stones, mover);
        if let Some(won) = self.table.get(key, key_mover) {
            return Ok(won);
        }
        Err(self.frame(stones, mover))
    }

    /// Keeps whether `mover` wins `stones`, proven since the node count
    /// was `start`, under the key it shares with its mirror image.
    fn remember(&self, stones: Stones, mover: usize, won: bool, start: u64) {
        let (key, key_mover) = self.geometry.canonical(stones, mover);
        self.table.put(key, key_mover, won, self.nodes - start);
    }

    /// The frame to search `stones` with `mover` to move: the moves worth
    /// trying, in order.
    fn frame(&self, stones: Stones, mover: usize) -> Frame {
        let geometry = &self.geometry;
        let threats = geometry.winning_squares(stones, 1 - mover);
        let empty = geometry.full & !(stones[0] | stones[1]);
        let candidates = if threats == 0 {
            empty
        } else {
            geometry.squares_touching(stones, mover, threats)
        };
        let (moves, count) = self.ordered(stones, candidates, mover);
        Frame {
            stones,
            mover,
            moves,
            count: count as u8,
            next: 0,
            start: self.nodes,
        }
    }

    /// Hands the result of a position just settled (whether its side to
    /// move wins) to the position on top of the stack, whose last move led
    /// there: that move is refuted, or it wins, which settles that position
    /// too (and refutes its parent's move).
    fn settle(&mut self, proof: &mut Proof, won: bool) {
        if won {
            if proof.stack.is_empty() {
                proof.result = Some(true);
            }
            return;
        }
        let Some(parent) = proof.stack.pop() else {
            proof.result = Some(false);
            return;
        };
        let sq = usize::from(parent.moves[usize::from(parent.next) - 1]);
        let (stones, mover) = (parent.stones, parent.mover);
        let depth = (self.geometry.full & !(stones[0] | stones[1])).count_ones();
        self.history[mover][sq] = self.history[mover][sq].saturating_add(depth * depth);
        self.remember(stones, mover, true, parent.start);
        if proof.stack.is_empty() {
            proof.result = Some(true);
        }
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
