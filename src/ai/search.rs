//! Monte Carlo tree search with RAVE, an arena of nodes, subtree reuse and a
//! solver: immediate wins and must-blocks are found exactly when a node is
//! expanded, and proven results propagate up the tree (the iteration itself
//! is in `super::shared`).
//!
//! Pure and deterministic on one thread: the same position, settings, seed
//! and sequence of calls give the same tree. Time limits and threads belong
//! to the caller, who runs the search in small batches ([`Search::run`], or
//! [`Search::run_shared`] on each of several threads) and decides when to
//! stop.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use super::board::Board;
pub use super::config::SearchConfig;
use super::exact::{Exact, Verdict};
use super::layout::color_of;
use super::shared::{Shared, Worker};
use super::solved_table::SolvedTable;
use super::tree::{LOST, OwnLines, TAKEN, Tree, UNKNOWN, WON};
use crate::core::{BoardSize, Color, Game, Move, PlayError, Position, Square};

/// What the search thinks of the position so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub size: BoardSize,
    /// Iterations run since the search reached this position.
    pub iterations: u64,
    /// Nodes in the tree.
    pub nodes: usize,
    /// The move the engine would play now (`None` once the game is over).
    pub best: Option<Move>,
    /// The side to move's estimated chance of winning, 0 to 1.
    pub win: f32,
    /// `Some(true)` when the side to move has a proven win, `Some(false)` when
    /// it has a proven loss.
    pub proven: Option<bool>,
    /// Per square (dense index, row-major from a1), the share of the root's
    /// visits that went to playing there: a heat map summing to 1 with the
    /// swap's share.
    pub heat: Vec<f32>,
    /// Per square, the side to move's chance of winning after playing there
    /// (0 to 1; 0 where the square is taken, 0.5 where nothing is known).
    pub wins: Vec<f32>,
    /// At White's pie-rule decision, the swap as one more candidate.
    pub swap: Option<SwapChoice>,
    /// The most visited line from here.
    pub line: Vec<Move>,
}

/// The swap at a pie-rule decision, beside the placements of the heat map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SwapChoice {
    /// Its share of the heat map. The swap is not a node of the tree: it is
    /// weighed against the placement it competes with (the most visited),
    /// counting that placement's visits scaled by how their chances
    /// compare, and at most as many as all the placements together.
    pub share: f32,
    /// The side to move's chance of winning after swapping: one less the
    /// chance of the placement it competes with.
    pub win: f32,
}

/// A search tree over one position, which moves along with the game.
///
/// `Sync`: several threads may grow it at once through
/// [`Search::run_shared`], each with its own [`Worker`].
pub struct Search {
    shared: Shared,
    position: Position,
    /// The state of the thread that owns the search ([`Search::run`]).
    worker: Worker,
    /// Counted by every thread at the end of each batch: on lines of its
    /// own, apart from the settings and tree the threads read throughout.
    iterations: OwnLines<AtomicU64>,
    /// The exact solver, with [`SearchConfig::exact`] on a board it takes.
    exact: Option<Mutex<Exact>>,
}

/// Positions the exact solver searches for each iteration of the tree. On
/// 5×5 the depth-first solver searched about 2,000,000 positions a second
/// and the tree grows by 800,000 iterations (`brique bench --size 5`), so the
/// solver got about three quarters of the time until its proof was done: a
/// proof is worth more than any estimate. (The proof-number solver that
/// replaced it is kept to the same count.)
const EXACT_NODES_PER_ITERATION: u64 = 8;

/// The most empty squares a position may have for the exact solver to work
/// on it: every 5×5 position after the first move, and 6×6 and 7×7 ones
/// late in the game, when a proof may end within a move. (An earlier
/// position of those would cost the tree its iterations for nothing: the
/// empty 5×5 board took the solver minutes; its first moves are in the
/// shipped table.)
const EXACT_MAX_EMPTY: usize = 24;

impl Search {
    /// A fresh search of `position`.
    pub fn new(position: &Position, config: SearchConfig) -> Search {
        let root = Board::from_position(position);
        let mut search = Search {
            worker: Worker::new(&root, config.seed),
            shared: Shared {
                config,
                root,
                tree: Tree::default(),
            },
            position: position.clone(),
            iterations: OwnLines(AtomicU64::new(0)),
            exact: None,
        };
        search.reset_exact();
        search.reset_tree();
        search
    }

    pub fn config(&self) -> SearchConfig {
        self.shared.config
    }

    /// The position searched.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Iterations run since the search reached this position.
    pub fn iterations(&self) -> u64 {
        self.iterations.load(Ordering::Relaxed)
    }

    /// Iterations that went through this position's tree: those run since
    /// the search reached it and those of the subtree kept from before (the
    /// move the search expected, say, grown on the opponent's time).
    pub fn visits(&self) -> u64 {
        self.shared.tree.visits(0) as u64
    }

    /// Whether the game is over or the result here is proven, so that more
    /// iterations would change nothing.
    pub fn is_settled(&self) -> bool {
        self.shared.root.winner().is_some() || self.shared.tree.proof(0) != UNKNOWN
    }

    /// Runs up to `iterations` iterations (fewer once settled); returns how
    /// many ran. Callers with a clock run small batches and check it between.
    pub fn run(&mut self, iterations: u64) -> u64 {
        let mut done = 0;
        let squares = self.shared.root.area();
        self.prove(iterations);
        while done < iterations && !self.is_settled() {
            let room = self.shared.tree.len() + squares;
            self.shared.tree.reserve(room);
            self.shared.iterate(&mut self.worker, false);
            done += 1;
        }
        *self.iterations.get_mut() += done;
        done
    }

    /// Readies the search for [`Search::run_shared`]: threads cannot make
    /// room for new nodes, so room for the whole tree (`max_nodes`) is made
    /// now. Without it, shared runs stop growing the tree when its room ends.
    pub fn prepare_threads(&mut self) {
        self.shared.tree.reserve(self.shared.config.max_nodes);
    }

    /// The state one more thread needs to grow this search, its generator
    /// seeded from the settings' seed and `thread`.
    pub fn worker(&self, thread: u64) -> Worker {
        let seed = self.shared.config.seed ^ thread.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Worker::new(&self.shared.root, seed)
    }

    /// Like [`Search::run`], while other threads do the same on this search
    /// (each with its own `worker`): their iterations spread out over the
    /// tree (virtual loss), so the result depends on their timing.
    pub fn run_shared(&self, worker: &mut Worker, iterations: u64) -> u64 {
        let mut done = 0;
        self.prove(iterations);
        while done < iterations && !self.is_settled() {
            self.shared.iterate(worker, true);
            done += 1;
        }
        self.shared.flush(worker);
        self.iterations.fetch_add(done, Ordering::Relaxed);
        done
    }

    /// Moves the search along the game by one move, keeping the subtree of
    /// that move. An illegal move changes nothing.
    pub fn advance(&mut self, mv: Move) -> Result<(), PlayError> {
        self.advance_until(mv, &mut || true)
    }

    /// Like [`Search::advance`], but gives up keeping the subtree (and starts
    /// a fresh tree) when `keep_going` says so; copying a large tree takes
    /// tens of milliseconds.
    pub fn advance_until(
        &mut self,
        mv: Move,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Result<(), PlayError> {
        self.position.play(mv)?;
        match mv {
            // The board and side to move stay: so does the tree.
            Move::Swap => {
                self.shared.root.swap();
            }
            Move::Place(sq) => {
                let sq = self.shared.root.index_of(sq);
                self.shared.root.place(sq);
                let tree = &mut self.shared.tree;
                let child = tree.child(0, sq).filter(|&i| tree.visits(i) > 0.0);
                match child {
                    Some(i) if tree.keep_subtree(i, keep_going) => {
                        if !self.shared.tree.is_expanded(0) && self.shared.root.winner().is_none() {
                            self.expand_root();
                        }
                    }
                    _ => self.reset_tree(),
                }
                *self.iterations.get_mut() = 0;
            }
        }
        Ok(())
    }

    /// Brings the search to the game's position: along the tree when the game
    /// is this search's position plus a few moves, from scratch otherwise.
    pub fn sync(&mut self, game: &Game) {
        self.sync_until(game, &mut || true);
    }

    /// Like [`Search::sync`], with [`Search::advance_until`]'s way out.
    pub fn sync_until(&mut self, game: &Game, keep_going: &mut dyn FnMut() -> bool) {
        if game.position() == &self.position {
            return;
        }
        let played = game.history().len();
        for back in 1..=played.min(4) {
            if game.position_at(played - back) == self.position {
                let ok = game
                    .moves()
                    .skip(played - back)
                    .all(|mv| self.advance_until(mv, keep_going).is_ok());
                if ok && game.position() == &self.position {
                    return;
                }
                break;
            }
        }
        self.reset(game.position());
    }

    /// Starts over on `position`, keeping the settings and the generator.
    pub fn reset(&mut self, position: &Position) {
        self.position = position.clone();
        self.shared.root = Board::from_position(position);
        self.worker.reset(&self.shared.root);
        self.reset_exact();
        self.reset_tree();
    }

    /// Gives the search an exact solver when its settings ask for one and the
    /// board is one it takes; one that fits is kept, with its proofs.
    fn reset_exact(&mut self) {
        let fits = |exact: &mut Mutex<Exact>| {
            let exact = exact.get_mut().unwrap_or_else(PoisonError::into_inner);
            exact.fits(&self.position)
        };
        if !self.shared.config.exact {
            self.exact = None;
        } else if !self.exact.as_mut().is_some_and(fits) {
            self.exact = Exact::new(&self.position).map(Mutex::new);
        }
    }

    /// Gives the exact solver, if any, its share of a batch of `iterations`
    /// and marks what it proves in the tree: a winning move as won, which
    /// [`Search::best_move`] then plays. One thread at a time proves; the
    /// others go on iterating. The pie rule's decisions belong to the
    /// shipped table ([`SolvedTable`]).
    fn prove(&self, iterations: u64) {
        let Some(exact) = &self.exact else {
            return;
        };
        let too_open = self.shared.root.empties().len() > EXACT_MAX_EMPTY;
        if too_open || self.is_settled() || self.is_pie_decision() {
            return;
        }
        let Ok(mut exact) = exact.try_lock() else {
            return;
        };
        let nodes = iterations.saturating_mul(EXACT_NODES_PER_ITERATION);
        let tree = &self.shared.tree;
        match exact.step(&self.position, nodes) {
            Some(Verdict::WinsWith(sq)) => {
                if let Some(child) = tree.child(0, self.shared.root.index_of(sq)) {
                    tree.set_proof(child, WON);
                    tree.set_proof(0, LOST);
                }
            }
            Some(Verdict::Loses) => tree.set_proof(0, WON),
            None => {}
        }
    }

    fn reset_tree(&mut self) {
        self.shared.tree.clear(self.shared.root.area());
        self.shared.tree.push(UNKNOWN);
        *self.iterations.get_mut() = 0;
        if self.shared.root.winner().is_none() {
            self.expand_root();
        }
    }

    fn expand_root(&mut self) {
        let room = self.shared.tree.len() + self.shared.root.area();
        self.shared.tree.reserve(room);
        self.worker.scratch.copy_from(&self.shared.root);
        self.shared.expand(&mut self.worker, 0);
    }

    /// Whether the move to choose is a pie-rule decision: Black's opening
    /// (which White may take over) or White's choice to swap.
    pub fn is_pie_decision(&self) -> bool {
        self.shared.pie_opening() || self.shared.root.can_swap()
    }

    /// The root child the engine would play, if any.
    fn best_child(&self) -> Option<usize> {
        let t = &self.shared.tree;
        let key = |i: usize| {
            (
                t.proof(i) != TAKEN,
                t.proof(i) == WON,
                t.proof(i) != LOST,
                t.visits(i),
                t.mean(i),
            )
        };
        t.children(0).max_by(|&a, &b| {
            key(a)
                .partial_cmp(&key(b))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
    }

    /// The engine's move and the side to move's winning chance with it.
    fn choice(&self) -> Option<(Move, f32)> {
        if self.shared.root.winner().is_some() {
            return None;
        }
        let tree = &self.shared.tree;
        let child = self.best_child()?;
        let value = tree.mean(child);
        let mv = Move::Place(self.shared.root.square_of(tree.square(0, child)));
        // The smallest boards are solved: open with a proven win, swap
        // exactly the first moves that win, and answer the others with a
        // proven winning reply. The chances stay the search's, as on the
        // heat map.
        let solved = SolvedTable::shipped();
        if let Some(sq) = solved.winning_opening(&self.position) {
            let opening = tree.child(0, self.shared.root.index_of(sq));
            return Some((Move::Place(sq), opening.map_or(value, |i| tree.mean(i))));
        }
        let swap = match solved.swaps(&self.position) {
            Some(proven) => proven,
            None => self.shared.root.can_swap() && tree.proof(child) != WON && value < 0.5,
        };
        if swap {
            // Black's position is better for Black: take it.
            return Some((Move::Swap, 1.0 - value));
        }
        if let Some(sq) = solved.winning_reply(&self.position) {
            let reply = tree.child(0, self.shared.root.index_of(sq));
            return Some((Move::Place(sq), reply.map_or(value, |i| tree.mean(i))));
        }
        if self.shared.pie_opening() {
            return Some((mv, value.min(1.0 - value)));
        }
        Some((mv, value))
    }

    /// The move the engine would play now.
    pub fn best_move(&self) -> Option<Move> {
        self.choice().map(|(mv, _)| mv)
    }

    /// What the search thinks so far (for progress lines, hints, heat maps).
    pub fn report(&self) -> Report {
        let size = self.shared.root.size();
        let t = &self.shared.tree;
        let mut visits = vec![0.0; size.area()];
        let mut wins = vec![0.0; size.area()];
        for (sq, i) in t.children(0).enumerate() {
            if t.proof(i) != TAKEN {
                visits[sq] = t.visits(i);
                wins[sq] = self.chance_after(i);
            }
        }
        let placed: f32 = visits.iter().sum();
        let swap = self.swap_weight(placed);
        let total = placed + swap.map_or(0.0, |(weight, _)| weight);
        let share = |v: f32| if total > 0.0 { v / total } else { 0.0 };
        let choice = self.choice();
        let proven = match t.proof(0) {
            // Every placement loses, but at the pie rule's decision the
            // swap takes over the opener's winning position.
            WON if self.shared.root.can_swap() => Some(true),
            WON => Some(false),
            LOST => Some(true),
            _ => None,
        };
        Report {
            size,
            iterations: self.iterations(),
            nodes: t.len(),
            best: choice.map(|(mv, _)| mv),
            win: choice.map_or(0.5, |(_, v)| v),
            proven,
            heat: visits.into_iter().map(share).collect(),
            wins,
            swap: swap.map(|(weight, win)| SwapChoice {
                share: share(weight),
                win,
            }),
            line: self.line(),
        }
    }

    /// The side to move's chance of winning after the root child `child`:
    /// at a pie opening, the lesser of the two sides' (the opponent swaps
    /// when it is Black's).
    fn chance_after(&self, child: usize) -> f32 {
        let value = self.shared.tree.mean(child);
        if self.shared.pie_opening() {
            value.min(1.0 - value)
        } else {
            value
        }
    }

    /// At a swap decision, the swap's weight in visits (see [`SwapChoice`])
    /// and its chance, given the placements' `placed` visits.
    fn swap_weight(&self, placed: f32) -> Option<(f32, f32)> {
        if !self.shared.root.can_swap() {
            return None;
        }
        let best = self.best_child()?;
        let t = &self.shared.tree;
        let placing = t.mean(best);
        let win = 1.0 - placing;
        let weight = if placing > 0.0 {
            (t.visits(best) * win / placing).min(placed)
        } else {
            placed
        };
        Some((weight, win))
    }

    /// The most visited line of play from the root, swaps left out.
    fn line(&self) -> Vec<Move> {
        let t = &self.shared.tree;
        let mut line = Vec::new();
        let mut step = self.best_child().map(|child| (0, child));
        while let Some((parent, n)) = step {
            line.push(Move::Place(self.shared.root.square_of(t.square(parent, n))));
            if t.proof(n) == WON || line.len() >= 12 {
                break;
            }
            step = t
                .children(n)
                .max_by(|&a, &b| t.visits(a).total_cmp(&t.visits(b)))
                .filter(|&c| t.visits(c) > 0.0)
                .map(|child| (n, child));
        }
        line
    }

    /// The side to move on the board searched.
    pub fn to_move(&self) -> Color {
        color_of(self.shared.root.to_move_cell())
    }

    /// The square the engine would play for a hint, if it would place a stone.
    pub fn hint(&self) -> Option<Square> {
        match self.best_move()? {
            Move::Place(sq) => Some(sq),
            Move::Swap => None,
        }
    }
}
