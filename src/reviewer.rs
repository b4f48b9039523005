//! The engine reviewing a game: every position searched against the clock
//! ([`crate::thinker::think_with_threads`]), filling in an
//! [`crate::ai::review::Review`], on the caller's thread ([`review_game`],
//! for `brique review`) or on a background one ([`Reviewer`], for the game
//! screen, which keeps drawing and may stop it).
//!
//! Two passes: a quick one (a fifth of each position's budget) draws the
//! whole chart early, then a second one with the rest of the budget refines
//! every position not yet proven. The search follows the game, so each
//! position starts from the subtree the one before it grew. On boards the
//! proof-number solver takes (7×7 and smaller), the second pass first tries
//! to prove each position with it, within the position's budget counted in
//! positions searched; the search's own exact solver (hard's settings)
//! proves others late in the game. Proven positions come back won or lost
//! rather than estimated.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::ai::review::{Chance, Evaluation, Review};
use crate::ai::{Budget, Level, ProofNumberSolver, Search, SolvedTable};
use crate::core::{Color, Game, Move, Position};
use crate::thinker::think_with_threads;

/// How a review is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewSettings {
    /// Search time per position, both passes together, in milliseconds.
    pub millis: u64,
    pub threads: usize,
    pub seed: u64,
}

/// Where a review stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewUpdate {
    pub review: Review,
    /// Searches done and to do, both passes counted.
    pub searched: usize,
    pub searches: usize,
    /// At most this long left (a proven position ends its search early).
    pub left: Duration,
    pub done: bool,
}

/// The quick pass's share of a position's budget: one part in this many.
const QUICK_SHARE: u64 = 5;

/// The proof-number solver's tables, on boards it takes.
const SOLVER_BYTES: usize = 64 << 20;

/// Positions the proof-number solver searches per millisecond of a
/// position's budget: it searches about 2,000,000 a second on 5×5
/// (docs/solved.md), so this is about half the budget, the search's
/// estimate taking over where the proof does not end in it.
const SOLVER_NODES_PER_MILLI: u64 = 1_000;

/// The solver's verdict on `position`, where it proves it within the
/// budget: a proven win with its winning move, or a proven loss. Not at a
/// pie-rule decision: the solver does not search the swap.
fn prove(
    solver: &mut Option<ProofNumberSolver>,
    position: &Position,
    millis: u64,
) -> Option<Evaluation> {
    if let Some(known) = first_move_known(position) {
        return Some(known);
    }
    let solver = solver.as_mut().filter(|s| s.fits(position))?;
    if position.can_swap() {
        return None;
    }
    let goal = solver.goal(position)?;
    let nodes = millis.saturating_mul(SOLVER_NODES_PER_MILLI);
    let wins = solver.resume(goal, nodes)?;
    let to_move = position.to_move();
    let winner = if wins { to_move } else { to_move.other() };
    let best = if wins {
        Some(Move::Place(solver.winning_move(goal, nodes)?))
    } else {
        None
    };
    Some(Evaluation {
        chance: Chance::Proven(winner),
        best,
    })
}

/// After Black's first stone on a board the shipped table solves, what it
/// proves. At the pie rule's decision the player to move wins either way:
/// by swapping a winning stone or answering a losing one (the chance is the
/// side to move's there, as the search's is).
fn first_move_known(position: &Position) -> Option<Evaluation> {
    if position.ply() != 1 {
        return None;
    }
    let size = position.size();
    let board = SolvedTable::shipped().get(size, position.rules().variant)?;
    let stone = size.squares().find(|&sq| position.get(sq).is_some())?;
    let wins = board.first_move_wins(stone)?;
    let reply = board.reply(stone).map(Move::Place);
    let (winner, best) = match (position.can_swap(), wins) {
        (true, true) => (Color::White, Some(Move::Swap)),
        (_, false) => (Color::White, reply),
        (false, true) => (Color::Black, None),
    };
    Some(Evaluation {
        chance: Chance::Proven(winner),
        best,
    })
}

/// Reviews `game` on this thread, `update` told after every search; stops
/// early (the review as far as it got) when `stop` is set.
pub fn review_game(
    game: &Game,
    settings: ReviewSettings,
    stop: &AtomicBool,
    mut update: impl FnMut(&ReviewUpdate),
) -> Review {
    let mut review = Review::new(game, settings.millis);
    let moves: Vec<_> = game.moves().collect();
    let to_search: Vec<usize> = (0..=moves.len())
        .filter(|&ply| review.evaluations[ply].is_none())
        .collect();
    let quick = (settings.millis / QUICK_SHARE).max(1);
    let refine = settings.millis.saturating_sub(quick).max(1);
    let searches = 2 * to_search.len();
    let mut searched = 0;
    let mut left = Duration::from_millis((quick + refine) * to_search.len() as u64);
    let config = Level::Hard
        .config(settings.seed)
        .on_threads(settings.threads);
    let mut search: Option<Search> = None;
    let mut solver = ProofNumberSolver::new(game.size(), game.rules().variant, SOLVER_BYTES);
    for (pass, millis) in [quick, refine].into_iter().enumerate() {
        for &ply in &to_search {
            if stop.load(Ordering::Relaxed) {
                return review;
            }
            left = left.saturating_sub(Duration::from_millis(millis));
            searched += 1;
            // A position proven in the quick pass needs no more.
            let proven = review.evaluations[ply].is_some_and(|e| e.chance.is_proven());
            if pass == 0 || !proven {
                // A prefix of a legal game is legal; were it not, the review
                // stops where it got to rather than the program.
                let Ok(prefix) =
                    Game::from_moves(game.size(), game.rules(), game.first_black(), &moves[..ply])
                else {
                    tracing::error!("the review found move {ply} of its game illegal");
                    return review;
                };
                let search = match &mut search {
                    Some(search) => {
                        search.sync(&prefix);
                        search
                    }
                    None => search.insert(Search::new(prefix.position(), config)),
                };
                let proof = (pass > 0)
                    .then(|| prove(&mut solver, prefix.position(), millis))
                    .flatten();
                let evaluation = match proof {
                    // A loss has no winning move: the quick pass's stands.
                    Some(proof) => Evaluation {
                        best: proof.best.or(review.evaluations[ply].and_then(|e| e.best)),
                        ..proof
                    },
                    None => {
                        let budget = Budget::millis(millis);
                        let threads = settings.threads;
                        think_with_threads(search, budget, threads, stop, Duration::MAX, |_, _| {});
                        Evaluation::from_report(&search.report(), prefix.position())
                    }
                };
                if stop.load(Ordering::Relaxed) {
                    // Cut short: what the earlier searches said stands.
                    return review;
                }
                review.evaluations[ply] = Some(evaluation);
            }
            update(&ReviewUpdate {
                review: review.clone(),
                searched,
                searches,
                left,
                done: searched == searches,
            });
        }
    }
    review
}

/// A review on a background thread. Dropping it stops the review.
pub struct Reviewer {
    stop: Arc<AtomicBool>,
    updates: Receiver<ReviewUpdate>,
    handle: Option<JoinHandle<()>>,
    latest: Option<ReviewUpdate>,
}

impl Reviewer {
    /// Starts reviewing `game`.
    pub fn start(game: Game, settings: ReviewSettings) -> Reviewer {
        let stop = Arc::new(AtomicBool::new(false));
        let (sender, updates) = mpsc::channel();
        let flag = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let review = review_game(&game, settings, &flag, |update| {
                // The receiver may be gone (a stopped review): nothing to tell.
                let _ = sender.send(update.clone());
            });
            let _ = sender.send(ReviewUpdate {
                review,
                searched: 0,
                searches: 0,
                left: Duration::ZERO,
                done: true,
            });
        });
        Reviewer {
            stop,
            updates,
            handle: Some(handle),
            latest: None,
        }
    }

    /// Rings `bell` after each update the review sends, and at its end.
    pub fn ring(&mut self, bell: &crate::bell::Bell) {
        crate::bell::ring_on(&mut self.updates, bell);
    }

    /// The latest update, taking in any sent since the last call.
    pub fn poll(&mut self) -> Option<&ReviewUpdate> {
        while let Ok(update) = self.updates.try_recv() {
            // The closing word carries the review alone: keep the counts.
            let counts = self.latest.as_ref().filter(|_| update.searches == 0);
            let update = match counts {
                Some(last) => ReviewUpdate {
                    searched: last.searched,
                    searches: last.searches,
                    ..update
                },
                None => update,
            };
            self.latest = Some(update);
        }
        self.latest.as_ref()
    }

    /// Whether the review has ended (check after [`Reviewer::poll`]).
    pub fn is_done(&self) -> bool {
        self.latest.as_ref().is_some_and(|u| u.done)
            || self.handle.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Stops the review (within a batch of iterations) and waits for its
    /// thread; the review as far as it got.
    pub fn stop(mut self) -> Option<Review> {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
        self.poll().map(|u| u.review.clone())
    }
}

impl Drop for Reviewer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(handle) = self.handle.take()
            && handle.join().is_err()
        {
            tracing::error!("the review's thread died");
        }
    }
}
