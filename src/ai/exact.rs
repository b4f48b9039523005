//! The exact solver at work inside a search, on the boards it can prove
//! ([`super::MAX_SOLVED_SIDE`] and smaller): a search that finds a proven
//! winning move plays it, so the computer plays those boards perfectly once
//! the proof is done, and the proofs of one move serve the next (the
//! solver's tables live as long as the search).
//!
//! The proof is by depth-first proof-number search ([`ProofNumberSolver`]),
//! which proved 5×5 `revised` positions tens of times faster than the
//! depth-first solver (docs/solved.md). It runs in slices of a given number
//! of positions between batches of iterations, each going on where the
//! last one stopped, so a search on a clock still stops on time.

use super::proof_number::ProofNumberSolver;
use crate::core::{Position, Square};

/// The tables' memory: 32 MB, a quarter for proven results and the rest for
/// proof numbers.
const TABLE_BYTES: usize = 32 << 20;

/// The fewest positions a slice of the proof searches. The search itself
/// goes on where the last slice stopped, whatever its size; but once the
/// position is proven won, naming the winning move may take proving each
/// move again (when the tables no longer hold the line), with the same
/// budget. Smaller budgets are saved up until they reach it.
const SLICE: u64 = 20_000;

/// What the exact solver found about the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// It wins by playing this square.
    WinsWith(Square),
    /// It loses whatever it plays.
    Loses,
}

pub(crate) struct Exact {
    solver: ProofNumberSolver,
    /// Positions granted and not yet searched, for the next slice.
    saved: u64,
}

impl Exact {
    /// A solver for `position`'s board, if it is small enough to prove.
    pub fn new(position: &Position) -> Option<Exact> {
        let (size, variant) = (position.size(), position.rules().variant);
        let solver = ProofNumberSolver::new(size, variant, TABLE_BYTES)?;
        Some(Exact { solver, saved: 0 })
    }

    /// Whether this solver can prove positions like `position` (the same
    /// board size and rule variant).
    pub fn fits(&self, position: &Position) -> bool {
        self.solver.fits(position)
    }

    /// Goes on proving `position` for up to `nodes` more positions (saved
    /// up to a slice's worth first); `None` while the proof is unfinished. A
    /// swap is not a move here: the pie rule's decision belongs to the
    /// shipped table (see `super::SolvedTable`).
    pub fn step(&mut self, position: &Position, nodes: u64) -> Option<Verdict> {
        let goal = self.solver.goal(position)?;
        self.saved = self.saved.saturating_add(nodes);
        if self.saved < SLICE {
            return None;
        }
        let nodes = std::mem::take(&mut self.saved);
        if self.solver.resume(goal, nodes)? {
            self.solver.winning_move(goal, nodes).map(Verdict::WinsWith)
        } else {
            Some(Verdict::Loses)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Solver;
    use crate::core::{BoardSize, Move, Rules, Variant};

    fn position(size: u8, variant: Variant, moves: &[&str]) -> Position {
        let size = BoardSize::for_analysis(size).expect("a board size");
        let rules = Rules {
            variant,
            pie: false,
        };
        let mut position = Position::new(size, rules);
        for mv in moves {
            let sq: Square = mv.parse().expect("a square");
            position.play(Move::Place(sq)).expect("a legal move");
        }
        position
    }

    #[test]
    fn a_proven_win_comes_with_a_move_that_keeps_it() {
        // 4x4 original: Black's c1 wins (docs/solved.md), so after any reply
        // Black wins again, with a move after which White loses.
        for reply in ["a1", "b2", "d4", "c3"] {
            let start = position(4, Variant::Original, &["c1", reply]);
            let mut exact = Exact::new(&start).expect("4x4 is solvable");
            let verdict = exact.step(&start, u64::MAX);
            let Some(Verdict::WinsWith(sq)) = verdict else {
                panic!("after c1 {reply}: {verdict:?}");
            };
            let mut after = start.clone();
            after
                .play(Move::Place(sq))
                .expect("the winning move is legal");
            let mut check =
                Solver::new(after.size(), Variant::Original, 1 << 20).expect("solvable");
            assert!(
                after.is_over() || check.wins(&after) == Some(false),
                "after c1 {reply} {sq}, White still wins"
            );
        }
    }

    #[test]
    fn a_lost_position_is_called_lost() {
        // 4x4 original: Black's a1 loses, so White to move wins, and after
        // White's winning move Black loses whatever it plays.
        let start = position(4, Variant::Original, &["a1"]);
        let mut exact = Exact::new(&start).expect("4x4 is solvable");
        let Some(Verdict::WinsWith(sq)) = exact.step(&start, u64::MAX) else {
            panic!("White wins after a1");
        };
        let mut after = start.clone();
        after.play(Move::Place(sq)).expect("legal");
        assert_eq!(exact.step(&after, u64::MAX), Some(Verdict::Loses));
    }

    #[test]
    fn a_small_budget_is_saved_up_and_slices_finish_the_proof() {
        // A proof of 15 slices of 20,000 positions.
        let variant = Variant::Original;
        let start = position(5, variant, &["e5", "c3"]);
        let mut sliced = Exact::new(&start).expect("5x5 is solvable");
        assert_eq!(
            sliced.step(&start, SLICE / 2),
            None,
            "half a slice is saved up, not searched"
        );
        let mut slices = 0;
        let verdict = loop {
            slices += 1;
            if let Some(verdict) = sliced.step(&start, SLICE) {
                break verdict;
            }
            assert!(slices < 100_000, "the slices never finish");
        };
        assert!(
            slices > 1,
            "one slice proved it: the test needs a harder position"
        );
        // The verdict agrees with a proof in one go by a fresh solver.
        let mut check = Solver::new(start.size(), variant, 16 << 20).expect("solvable");
        match verdict {
            Verdict::Loses => assert_eq!(check.wins(&start), Some(false)),
            Verdict::WinsWith(sq) => {
                let mut after = start.clone();
                after.play(Move::Place(sq)).expect("legal");
                assert!(after.is_over() || check.wins(&after) == Some(false));
            }
        }
    }

    #[test]
    fn boards_beyond_the_solver_have_none() {
        assert!(Exact::new(&position(8, Variant::Original, &[])).is_none());
        let five = Exact::new(&position(5, Variant::Original, &[])).expect("solvable");
        assert!(five.fits(&position(5, Variant::Original, &["a1"])));
        assert!(!five.fits(&position(5, Variant::Revised, &[])));
        assert!(!five.fits(&position(6, Variant::Original, &[])));
    }
}
