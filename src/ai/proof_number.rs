//! The exact solver by depth-first proof-number search (df-pn, Nagai 2002),
//! over the same [`super::bitboard`] positions and with the same sound
//! knowledge as [`super::Solver`]: whether the side to move wins with
//! perfect play.
//!
//! Each position has a proof number φ (how hard proving that its side to
//! move wins looks) and a disproof number δ (how hard proving it loses
//! looks), both from the side to move's view: a position's φ is the least δ
//! of its children, its δ the sum of their φ; a proven win has φ = 0 and
//! δ = ∞, a proven loss the reverse. The search always goes down to the
//! most proving child and stays below it while its numbers are under the
//! thresholds its parent set, so it grows the smallest proof it can see;
//! [`NumberTable`] keeps the numbers of the positions it left. The child's
//! threshold on δ is the second-best child's δ times 1 + ε (Pawlewicz and
//! Lew, 2007), so that the search does not switch back and forth between
//! two children of about the same promise.
//!
//! A position's children, and the numbers a new one starts with, come from
//! what the one-move threats say, without search:
//! - a move after which the opponent connects at once is never a child;
//! - when the opponent threatens to connect at once, only the moves that
//!   take a threatened square or capture are (the must-block rule of
//!   [`super::Solver`], sound for the same reason);
//! - a move that threatens to connect, leaving the opponent no defence,
//!   wins the position outright; with k defences the child starts at
//!   φ = 1, δ = k (its side must refute each);
//! - otherwise each side's number grows with the empty squares it still
//!   lacks to join its edges ([`Geometry::distance`]), so that the search
//!   looks first where a side is nearly through.
//!
//! Results are exact: a position is reported won or lost only once proven.
//! Proven results also go to a shared [`Table`] of proven results, and the
//! numbers to a [`NumberTable`] shared too, so that solvers on other threads
//! find them. No clock, threads or I/O: callers give a number of positions
//! to search and call again. The search's way down and up is in
//! `descent.rs`, the numbers' table in `number_table.rs`.

use std::sync::Arc;

use super::bitboard::{Geometry, Stones};
use super::transposition::Table;
use crate::core::{BoardSize, Color, Position, Square, Variant};
use descent::{Child, Frame};
use number_table::NumberTable;

mod descent;
mod number_table;

/// A proof or disproof number that is no longer finite: the position is
/// proven. Sums of finite numbers stop one short of it.
const INFINITE: u32 = u32::MAX;

pub struct ProofNumberSolver {
    geometry: Geometry,
    variant: Variant,
    /// Both tables are shared with the solvers made by
    /// [`ProofNumberSolver::sharing_table`].
    numbers: Arc<NumberTable>,
    proven: Arc<Table>,
    /// Squares from the centre out: among children of equal promise, the
    /// first is searched first.
    centre_first: Vec<u8>,
    /// Positions looked at: every child made and checked, as
    /// [`super::Solver::nodes`] counts them.
    nodes: u64,
    /// Positions whose children were made, each time they were.
    expansions: u64,
    /// The node count at which the search stops, proven or not.
    limit: u64,
    /// The search's path from the position being proven down, kept between
    /// calls: a proof cut into slices is the same search as one made in one
    /// go, however small the slices or the tables.
    path: Vec<Frame>,
    /// The children of every position on the path, each frame's after its
    /// parent's.
    kids: Vec<Child>,
}

/// A position to prove, to hand to [`ProofNumberSolver::resume`].
#[derive(Clone, Copy, Debug)]
pub struct Goal {
    stones: Stones,
    mover: usize,
}

/// A solver's table of proven results, shared with it (see
/// [`ProofNumberSolver::proven_results`]): its entries, as two words each,
/// go to a file while the solvers go on proving, and come back in another
/// run of the same board size and rule variant.
#[derive(Clone)]
pub struct ProvenResults {
    table: Arc<Table>,
    /// The squares of the entries' words that are not on this board.
    off_board: u64,
}

impl ProvenResults {
    /// Every result kept now.
    pub fn entries(&self) -> impl Iterator<Item = [u64; 2]> + '_ {
        self.table.entries()
    }

    /// Keeps a result that [`ProvenResults::entries`] gave; `false`,
    /// keeping nothing, when the words are not a position of this board.
    pub fn restore(&self, entry: [u64; 2]) -> bool {
        (entry[0] | entry[1]) & self.off_board == 0 && self.table.restore(entry)
    }
}

impl ProofNumberSolver {
    /// A solver for `size` and `variant` in about `table_bytes` of memory, a
    /// quarter of it for proven results and the rest for numbers, both
    /// tables shared with the solvers [`ProofNumberSolver::sharing_table`]
    /// makes, which take no more; `None` when the board is larger than the
    /// solver takes ([`super::MAX_SOLVED_SIDE`]) or the memory cannot be had.
    pub fn new(size: BoardSize, variant: Variant, table_bytes: usize) -> Option<ProofNumberSolver> {
        let geometry = Geometry::new(size, variant)?;
        let proven = Arc::new(Table::new(table_bytes / 4)?);
        Some(ProofNumberSolver::with_tables(
            geometry,
            variant,
            Arc::new(NumberTable::new(table_bytes - table_bytes / 4)?),
            proven,
        ))
    }

    fn with_tables(
        geometry: Geometry,
        variant: Variant,
        numbers: Arc<NumberTable>,
        proven: Arc<Table>,
    ) -> ProofNumberSolver {
        ProofNumberSolver {
            centre_first: geometry.centre_first(),
            geometry,
            variant,
            numbers,
            proven,
            nodes: 0,
            expansions: 0,
            limit: u64::MAX,
            path: Vec::new(),
            kids: Vec::new(),
        }
    }

    /// Another solver of the same board and variant, for another thread,
    /// sharing this one's tables (no more memory but its path): what either
    /// proves, or learns of a position's numbers, the other finds.
    pub fn sharing_table(&self) -> ProofNumberSolver {
        ProofNumberSolver::with_tables(
            self.geometry.clone(),
            self.variant,
            Arc::clone(&self.numbers),
            Arc::clone(&self.proven),
        )
    }

    /// The table of proven results this solver shares, to keep in a file
    /// between runs.
    pub fn proven_results(&self) -> ProvenResults {
        ProvenResults {
            table: Arc::clone(&self.proven),
            off_board: !self.geometry.full & Table::SQUARES,
        }
    }

    /// Positions looked at so far, by every call: each child made and
    /// checked for an immediate win, as [`super::Solver::nodes`] counts.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions whose children were made so far, each time they were
    /// (df-pn makes a position's children again on each visit).
    pub fn expansions(&self) -> u64 {
        self.expansions
    }

    /// Whether the side to move wins `position` with perfect play; `None`
    /// once the game is over, or when the position is of another size or
    /// variant than the solver's. A swap is not searched.
    pub fn wins(&mut self, position: &Position) -> Option<bool> {
        let goal = self.goal(position)?;
        self.resume(goal, u64::MAX)
    }

    /// Whether this solver proves positions like `position` (the same board
    /// size and rule variant).
    pub fn fits(&self, position: &Position) -> bool {
        position.size() == self.geometry.size() && position.rules().variant == self.variant
    }

    /// `position` to prove; `None` once the game is over, or when it is of
    /// another size or variant than the solver's.
    pub fn goal(&self, position: &Position) -> Option<Goal> {
        (self.fits(position) && !position.is_over()).then(|| Goal {
            stones: self.geometry.stones_of(position),
            mover: position.to_move().index(),
        })
    }

    /// A move that wins `goal` for its side to move, once
    /// [`ProofNumberSolver::resume`] has proven it won. The tables name it
    /// while they still hold the loss it leaves the opponent; otherwise each
    /// move is proven again, for up to `nodes` positions each (the tables
    /// hold most of what that needs). `None` if no move is shown to win.
    pub fn winning_move(&mut self, goal: Goal, nodes: u64) -> Option<Square> {
        let Goal { stones, mover } = goal;
        let size = self.geometry.size();
        let wins_now = self.geometry.winning_squares(stones, mover);
        if wins_now != 0 {
            return Some(size.square(wins_now.trailing_zeros() as usize));
        }
        let moves = self.moves(goal);
        let lost = |numbers: (u32, u32)| numbers.0 == INFINITE;
        let known = moves
            .iter()
            .find(|(_, after)| lost(self.child_numbers(after.stones, after.mover)));
        let (sq, _) = match known {
            Some(&found) => found,
            None => *moves
                .iter()
                .find(|&&(_, after)| self.resume(after, nodes) == Some(false))?,
        };
        Some(sq)
    }

    /// The moves worth proving in `goal` (not one after which the opponent
    /// connects at once; only blocks when the opponent threatens to), from
    /// the centre out, each with the position it leaves. `goal` wins if one
    /// of them leaves a lost position, and loses if all of them leave won
    /// ones (when its side cannot connect at once).
    pub fn moves(&self, goal: Goal) -> Vec<(Square, Goal)> {
        let Goal { stones, mover } = goal;
        let opponent = 1 - mover;
        let candidates = self.candidates(stones, mover);
        self.centre_first
            .iter()
            .map(|&sq| usize::from(sq))
            .filter(|&sq| candidates & 1 << sq != 0)
            .map(|sq| (sq, self.geometry.play(stones, mover, sq)))
            .filter(|&(_, next)| self.geometry.winning_squares(next, opponent) == 0)
            .map(|(sq, next)| {
                let after = Goal {
                    stones: next,
                    mover: opponent,
                };
                (self.geometry.size().square(sq), after)
            })
            .collect()
    }

    /// The position after Black's first stone on `sq` (White to move);
    /// `None` off the board.
    pub fn first_move(&self, sq: Square) -> Option<Goal> {
        let size = self.geometry.size();
        let black = Color::Black.index();
        size.contains(sq).then(|| Goal {
            stones: self.geometry.play([0, 0], black, size.index(sq)),
            mover: 1 - black,
        })
    }

    /// Whether Black's first stone on `sq` wins the game (without the pie
    /// rule; with it, White swaps exactly these). `None` off the board.
    pub fn first_move_wins(&mut self, sq: Square) -> Option<bool> {
        let goal = self.first_move(sq)?;
        self.resume(goal, u64::MAX).map(|white_wins| !white_wins)
    }

    /// Goes on proving `goal` for up to `nodes` more positions: whether its
    /// side to move wins, or `None` while it is unproven. The search stops
    /// where it stands and the next call on the same goal goes on from
    /// there; a call on another goal leaves what this one learnt in the
    /// tables.
    pub fn resume(&mut self, goal: Goal, nodes: u64) -> Option<bool> {
        let Goal { stones, mover } = goal;
        if self.geometry.winning_squares(stones, mover) != 0 {
            return Some(true);
        }
        // Another thread may have proven it.
        let (key, key_mover) = self.geometry.canonical(stones, mover);
        if let Some(won) = self.proven.get(key, key_mover) {
            return Some(won);
        }
        let resumed = self
            .path
            .first()
            .is_some_and(|root| root.stones == stones && root.mover == mover);
        let numbers = if resumed {
            None
        } else {
            self.abandon();
            self.enter(stones, mover, INFINITE, INFINITE)
        };
        self.limit = self.nodes.saturating_add(nodes);
        match numbers.or_else(|| self.search()) {
            Some((0, _)) => Some(true),
            Some((_, 0)) => Some(false),
            _ => None,
        }
    }
}
