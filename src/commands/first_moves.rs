//! The first moves `brique solve` proves, shared among its threads: each
//! thread takes the next first move not yet taken; once none is left, it
//! helps with one still being proven instead of waiting, so that a long
//! last move gets every thread.
//!
//! A helper proves White's replies to that first move one by one, from the
//! last the owner's search would look at (the board's edge) inwards, while
//! the owner's search starts from the most promising: what the helper
//! proves goes to the shared table of proven results, where the owner's
//! search finds it. A reply that wins for White decides the first move at
//! once (it loses, to that reply); when every reply is taken, the helper
//! proves the first move itself, as the owner does, and the first to finish
//! decides it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::ai::{Goal, ProofNumberSolver, group_thousands};
use crate::core::{BoardSize, Square, Variant};

/// How many positions a thread searches between looks at whether another
/// thread has decided its first move: about a second.
const SLICE: u64 = 1 << 22;

/// The first moves to prove and what is known of them.
pub struct FirstMoves {
    size: BoardSize,
    variant: Variant,
    squares: Vec<Square>,
    /// The index in `squares` of the next first move to take: those before
    /// it are taken.
    next: AtomicUsize,
    /// By index in `squares`.
    progress: Vec<Progress>,
    results: Mutex<Results>,
}

/// Whether each first move wins, and White's winning reply to one that
/// loses, by square index.
type Results = (Vec<Option<bool>>, Vec<Option<Square>>);

/// How far one first move is.
#[derive(Default)]
struct Progress {
    decided: AtomicBool,
    /// The number of White's replies (counted from the last) handed to
    /// helpers.
    replies_taken: AtomicUsize,
}

impl FirstMoves {
    /// `squares` to prove on a `size` board under `variant`, each once
    /// (a square listed twice is proven once).
    pub fn new(size: BoardSize, variant: Variant, squares: &[Square]) -> FirstMoves {
        let mut seen = vec![false; size.area()];
        let squares: Vec<Square> = squares
            .iter()
            .copied()
            .filter(|&sq| size.contains(sq) && !std::mem::replace(&mut seen[size.index(sq)], true))
            .collect();
        FirstMoves {
            size,
            variant,
            progress: squares.iter().map(|_| Progress::default()).collect(),
            squares,
            next: AtomicUsize::new(0),
            results: Mutex::new((vec![None; size.area()], vec![None; size.area()])),
        }
    }

    /// Proves with `solver` until every first move is decided; a line on
    /// stderr for each this thread decides. `None` when the solver does not
    /// take the board.
    pub fn prove(&self, solver: &mut ProofNumberSolver) -> Option<()> {
        loop {
            let at = self.next.fetch_add(1, Ordering::Relaxed);
            if at < self.squares.len() {
                self.prove_first_move(solver, at)?;
                continue;
            }
            let Some(at) = (0..self.squares.len()).find(|&at| self.is_open(at)) else {
                return Some(());
            };
            self.help(solver, at)?;
        }
    }

    /// Whether each first move wins and White's winning reply to each that
    /// loses, by square index, as far as proven.
    pub fn into_results(self) -> Results {
        self.results
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Taken by a thread and not decided yet.
    fn is_open(&self, at: usize) -> bool {
        at < self.next.load(Ordering::SeqCst) && !self.is_decided(at)
    }

    fn is_decided(&self, at: usize) -> bool {
        self.progress[at].decided.load(Ordering::SeqCst)
    }

    /// Proves the first move `at` until this thread or another decides it.
    fn prove_first_move(&self, solver: &mut ProofNumberSolver, at: usize) -> Option<()> {
        let goal = solver.first_move(self.squares[at])?;
        while !self.is_decided(at) {
            if let Some(white_wins) = solver.resume(goal, SLICE) {
                // The tables still hold the proof: they name the reply.
                let reply = match white_wins {
                    true => solver.winning_move(goal, u64::MAX),
                    false => None,
                };
                self.decide(solver, at, !white_wins, reply);
            }
        }
        Some(())
    }

    /// Proves White's replies to the first move `at` not yet handed out,
    /// from the last; then the first move itself, until it is decided.
    fn help(&self, solver: &mut ProofNumberSolver, at: usize) -> Option<()> {
        let goal = solver.first_move(self.squares[at])?;
        let replies = solver.moves(goal);
        let progress = &self.progress[at];
        loop {
            let taken = progress.replies_taken.fetch_add(1, Ordering::Relaxed);
            let Some(&(reply, after)) = replies.iter().rev().nth(taken) else {
                return self.prove_first_move(solver, at);
            };
            match self.black_loses_after(solver, at, after) {
                Some(true) => {
                    self.decide(solver, at, false, Some(reply));
                    return Some(());
                }
                Some(false) => self.say_refuted(solver, at, reply, taken + 1, replies.len()),
                None => return Some(()),
            }
        }
    }

    /// Whether Black, to move in `after`, loses it; `None` once another
    /// thread has decided the first move `at`.
    fn black_loses_after(
        &self,
        solver: &mut ProofNumberSolver,
        at: usize,
        after: Goal,
    ) -> Option<bool> {
        while !self.is_decided(at) {
            if let Some(black_wins) = solver.resume(after, SLICE) {
                return Some(!black_wins);
            }
        }
        None
    }

    /// Says that Black wins after White's `reply` to the first move `at`,
    /// the `count`th of `of` replies a helper took, unless it is decided
    /// already: how a long first move gets on.
    fn say_refuted(
        &self,
        solver: &ProofNumberSolver,
        at: usize,
        reply: Square,
        count: usize,
        of: usize,
    ) {
        if self.is_decided(at) {
            return; // old news
        }
        let news = format!("{reply} wins for Black");
        let so_far = format!("helping: reply {count} of {of} from the last");
        self.say(solver, at, &news, &so_far);
    }

    /// Records that the first move `at` wins or not (`reply`: White's
    /// winning reply), unless another thread did first, and says so.
    fn decide(&self, solver: &ProofNumberSolver, at: usize, wins: bool, reply: Option<Square>) {
        let mut results = self.results.lock().unwrap_or_else(PoisonError::into_inner);
        if self.progress[at].decided.swap(true, Ordering::SeqCst) {
            return;
        }
        let index = self.size.index(self.squares[at]);
        let (won, replies) = &mut *results;
        won[index] = Some(wins);
        replies[index] = reply;
        let done = won.iter().flatten().count();
        let value = match (wins, reply) {
            (true, _) => "wins".to_string(),
            (false, Some(reply)) => format!("loses to {reply}"),
            (false, None) => "loses".to_string(),
        };
        let so_far = format!("{done} of {}", self.squares.len());
        self.say(solver, at, &value, &so_far);
    }

    /// A progress line on stderr about the first move `at`.
    fn say(&self, solver: &ProofNumberSolver, at: usize, news: &str, so_far: &str) {
        let (size, variant, sq) = (self.size, self.variant, self.squares[at]);
        eprintln!(
            "brique solve: {size}×{size} {variant}: {sq} {news} ({so_far}; {} positions on this thread)",
            group_thousands(solver.nodes())
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::SolvedTable;

    fn four() -> BoardSize {
        BoardSize::for_analysis(4).expect("4×4 is taken for analysis")
    }

    fn solver(variant: Variant) -> ProofNumberSolver {
        ProofNumberSolver::new(four(), variant, 1 << 22).expect("a small table")
    }

    /// The result `first_moves` found for `sq` agrees with the shipped
    /// table, and a reply it names wins for White by a fresh solver's proof.
    fn assert_proven_right(variant: Variant, sq: Square, first_moves: FirstMoves) {
        let table = SolvedTable::shipped().get(four(), variant).expect("4×4");
        let (wins, replies) = first_moves.into_results();
        let at = four().index(sq);
        assert_eq!(wins[at], table.first_move_wins(sq), "{variant} {sq}");
        if let Some(reply) = replies[at] {
            assert_eq!(wins[at], Some(false), "{variant} {sq}: a reply to a win");
            let mut fresh = solver(variant);
            let goal = fresh.first_move(sq).expect("on the board");
            let after = fresh
                .moves(goal)
                .into_iter()
                .find(|&(played, _)| played == reply)
                .map(|(_, after)| after)
                .expect("the reply is a move worth proving");
            assert_eq!(
                fresh.resume(after, u64::MAX),
                Some(false),
                "{variant} {sq} {reply}"
            );
        }
    }

    #[test]
    fn a_helper_alone_decides_a_first_move_another_thread_took() {
        for variant in Variant::ALL {
            for sq in four().squares() {
                let first_moves = FirstMoves::new(four(), variant, &[sq]);
                // Taken by an owner that never gets to search.
                first_moves.next.store(1, Ordering::SeqCst);
                assert_eq!(first_moves.prove(&mut solver(variant)), Some(()));
                assert_proven_right(variant, sq, first_moves);
            }
        }
    }

    #[test]
    fn an_owner_and_a_helper_racing_on_one_first_move_agree_with_the_table() {
        for variant in Variant::ALL {
            for sq in four().squares() {
                let first_moves = FirstMoves::new(four(), variant, &[sq]);
                let owner = solver(variant);
                let helper = owner.sharing_table();
                std::thread::scope(|scope| {
                    let proving = |mut solver: ProofNumberSolver| {
                        let first_moves = &first_moves;
                        scope.spawn(move || first_moves.prove(&mut solver))
                    };
                    for thread in [proving(owner), proving(helper)] {
                        assert_eq!(thread.join().ok(), Some(Some(())));
                    }
                });
                assert_proven_right(variant, sq, first_moves);
            }
        }
    }

    #[test]
    fn a_square_listed_twice_or_off_the_board_is_proven_once_or_not_at_all() {
        let square = |name: &str| name.parse::<Square>().expect("a square");
        let first_moves = FirstMoves::new(
            four(),
            Variant::Original,
            &[square("b2"), square("e5"), square("b2")],
        );
        assert_eq!(first_moves.squares, [square("b2")]);
    }
}
