//! One iteration of the search, written once for one thread and for several
//! growing the same tree: select a path by RAVE values, expand a leaf
//! (finding immediate wins and must-blocks exactly), play it out, back the
//! result up and carry proofs up the tree.
//!
//! [`Shared`] is what the threads share (settings, the root board, the tree)
//! and reads through `&self`; each thread brings its own [`Worker`] (boards,
//! generator, buffers). On several threads an iteration counts its visit on
//! the way down (a virtual loss: the path looks worse to the others until the
//! result comes back, so they spread out), and a leaf is given children by
//! the one thread that claims it.

use rand_xoshiro::rand_core::SeedableRng;

use super::board::{Board, EngineRng};
use super::config::SearchConfig;
use super::layout::{EMPTY, Sq};
use super::tally::{TALLY_DEPTH, Tally};
use super::tree::{Figures, LOST, TAKEN, Tree, UNKNOWN, WON, hopeless};

/// Children valued together in [`Shared::select`].
const LANE: usize = 8;

/// The part of a search its threads share.
pub(crate) struct Shared {
    pub config: SearchConfig,
    pub root: Board,
    pub tree: Tree,
}

/// One thread's own state for growing a search's tree.
pub struct Worker {
    pub(crate) scratch: Board,
    probe: Board,
    rng: EngineRng,
    path: Vec<u32>,
    record: Vec<Sq>,
    threats: Vec<Sq>,
    /// Selection values of one node's children.
    values: Vec<f32>,
    /// On several threads, the figures of one node's children, copied.
    copy: Vec<[f32; 2]>,
    /// On several threads, the figures of the nodes near the root, until
    /// [`Shared::flush`].
    tally: Tally,
}

impl Worker {
    pub(crate) fn new(root: &Board, seed: u64) -> Worker {
        let mut tally = Tally::default();
        tally.start(root.area());
        Worker {
            scratch: root.clone(),
            probe: root.clone(),
            rng: EngineRng::seed_from_u64(seed),
            path: Vec::new(),
            record: Vec::new(),
            threats: Vec::new(),
            values: Vec::new(),
            copy: Vec::new(),
            tally,
        }
    }

    /// Takes the boards over to a new root (keeping the generator).
    pub(crate) fn reset(&mut self, root: &Board) {
        self.scratch = root.clone();
        self.probe = root.clone();
        self.tally.start(root.area());
    }
}

impl Shared {
    /// Whether the root is Black's opening under the pie rule (which White
    /// may take over).
    pub fn pie_opening(&self) -> bool {
        self.root.pie() && self.root.ply() == 0
    }

    /// One iteration. `virtual_loss`: other threads grow the tree too.
    pub fn iterate(&self, w: &mut Worker, virtual_loss: bool) {
        let t = &self.tree;
        w.scratch.copy_from(&self.root);
        w.path.clear();
        w.record.clear();
        // On several threads the root's visit is tallied with its result
        // (every path passes it: a virtual loss there would spread nothing).
        w.path.push(0);
        let mut node = 0;
        let winner = loop {
            let proof = t.proof(node);
            if proof != UNKNOWN {
                let mover = w.scratch.to_move_cell() ^ 3;
                break if proof == WON { mover } else { mover ^ 3 };
            }
            if !t.is_expanded(node) {
                let room = t.len() + w.scratch.area() <= self.config.max_nodes;
                let fill = t.len() as f32 / self.config.max_nodes as f32;
                let threshold =
                    self.config.expand_after as f32 * (1.0 + self.config.expand_growth * fill);
                if t.visits(node) >= threshold && room && self.expand(w, node) {
                    continue;
                }
                break w
                    .scratch
                    .rollout(&mut w.rng, &mut w.record, self.config.bridges);
            }
            let child = self.select(w, node, !virtual_loss);
            // Only while another thread is proving `node` (one thread would
            // have proven it already): no move worth a look, so play on.
            if hopeless(t.proof(child)) {
                break w
                    .scratch
                    .rollout(&mut w.rng, &mut w.record, self.config.bridges);
            }
            let mv = t.square(node, child);
            w.record.push(mv);
            w.scratch.place(mv);
            w.path.push(child as u32);
            if virtual_loss {
                t.results[child].add([1.0, 0.0]);
            }
            node = child;
        };
        self.backup(w, winner, virtual_loss);
    }

    /// Gives `node` (whose position is on `w`'s scratch board) one child per
    /// square, marking taken squares, immediate wins, and moves that fail to
    /// stop an immediate win of the opponent. `false` when another thread is
    /// at it or the tree has no room.
    pub fn expand(&self, w: &mut Worker, node: usize) -> bool {
        let t = &self.tree;
        let squares = w.scratch.area();
        if !t.claim(node) {
            return false;
        }
        let Some(first) = t.alloc(squares) else {
            t.unclaim(node);
            return false;
        };
        let me = w.scratch.to_move_cell();
        let mut winning = false;
        for sq in 0..squares as Sq {
            let proof = if w.scratch.cell(sq) != EMPTY {
                TAKEN
            } else if w.scratch.would_win(sq, me) {
                winning = true;
                WON
            } else {
                UNKNOWN
            };
            t.init(first + usize::from(sq), proof);
        }
        let proof = if winning {
            LOST
        } else if self.defend(w, first) {
            UNKNOWN
        } else {
            WON
        };
        t.set_proof(node, proof);
        t.adopt(node, first);
        true
    }

    /// Marks the children from `first` on that fail to stop an immediate
    /// win of the opponent as lost; whether any child is left.
    fn defend(&self, w: &mut Worker, first: usize) -> bool {
        let t = &self.tree;
        let opponent = w.scratch.to_move_cell() ^ 3;
        w.threats.clear();
        for &sq in w.scratch.empties() {
            if w.scratch.would_win(sq, opponent) {
                w.threats.push(sq);
            }
        }
        if w.threats.is_empty() {
            return true;
        }
        let mut saved = false;
        for sq in 0..w.scratch.area() as Sq {
            let child = first + usize::from(sq);
            if t.proof(child) == TAKEN {
                continue;
            }
            if Self::blocks(w, sq) {
                saved = true;
            } else {
                t.set_proof(child, LOST);
            }
        }
        saved
    }

    /// Whether playing `mv` on the scratch board leaves the opponent no
    /// immediate win. A move never gives the opponent a new win; one that
    /// captures nothing only stops the wins on squares it fills.
    fn blocks(w: &mut Worker, mv: Sq) -> bool {
        let (fills, count, captures) = w.scratch.fills_of(mv);
        if !captures {
            return w
                .threats
                .iter()
                .all(|&x| x == mv || fills[..count].contains(&x));
        }
        let opponent = w.scratch.to_move_cell() ^ 3;
        w.probe.copy_from(&w.scratch);
        w.probe.place(mv);
        w.threats
            .iter()
            .all(|&x| w.probe.cell(x) != EMPTY || !w.probe.would_win(x, opponent))
    }

    /// The child of an expanded, unproven `node` to descend into. (Such a
    /// node has no won child: that would have proven it.) `alone`: no other
    /// thread uses the tree (see [`plain`]).
    fn select(&self, w: &mut Worker, node: usize, alone: bool) -> usize {
        let balance = node == 0 && self.pie_opening();
        let t = &self.tree;
        let range = t.children(node);
        let first = range.start;
        let results = &t.results[range.clone()];
        let rave = &t.rave[range.clone()];
        let proof = t.proofs(range);
        let len = results.len();
        let [results, rave]: [&[[f32; 2]]; 2] = if alone {
            [results, rave].map(plain)
        } else {
            // Copied out first, an atomic load each, then read in lanes like
            // the plain numbers. Lanes assembled straight from the atomics
            // were read back while their parts still sat in the processor's
            // store queue, which stalled each read.
            let copy = &mut w.copy;
            copy.clear();
            copy.extend(results.iter().chain(rave).map(Figures::get));
            let (results, rave) = copy.split_at(len);
            [results, rave]
        };
        let values = &mut w.values;
        // Whole lanes of 8, so the loop below vectorises; the padding is
        // never selected (it is cut off before the maximum is taken).
        let lanes = len.div_ceil(LANE);
        values.clear();
        values.resize(lanes * LANE, 0.0);
        let bias = 4.0 * self.config.rave_bias * self.config.rave_bias;
        for lane in 0..lanes {
            let at = lane * LANE;
            let mut n = [0.0f32; LANE];
            let mut w = [0.0f32; LANE];
            let mut r = [0.0f32; LANE];
            let mut rw = [0.0f32; LANE];
            let end = (at + LANE).min(len);
            for k in 0..end - at {
                [n[k], w[k]] = results[at + k];
                [r[k], rw[k]] = rave[at + k];
            }
            let out = &mut values[at..at + LANE];
            for k in 0..LANE {
                let known = n[k] + r[k];
                let mean = w[k] / if n[k] > 1.0 { n[k] } else { 1.0 };
                let rave_mean = rw[k] / if r[k] > 1.0 { r[k] } else { 1.0 };
                // β = r / (n + r + 4b²nr), 0 without RAVE visits.
                let denominator = known + bias * n[k] * r[k];
                let beta = r[k] / if denominator > 0.0 { denominator } else { 1.0 };
                let blend = mean + beta * (rave_mean - mean);
                // An unknown move is tried before known ones are revisited.
                out[k] = if known > 0.0 { blend } else { 1.0 };
            }
        }
        values.truncate(len);
        // Apart from the lanes: flags written a byte at a time and read back
        // as a lane stalled the read (a quarter of `iterate`'s time in a profile).
        for (v, proof) in values.iter_mut().zip(proof) {
            if hopeless(proof.load(std::sync::atomic::Ordering::Relaxed)) {
                *v = f32::NEG_INFINITY;
            }
        }
        if balance {
            // With the pie rule, a first move is worth its worse side.
            for v in values.iter_mut() {
                *v = v.min(1.0 - *v);
            }
        }
        let explore = self.config.exploration;
        if explore > 0.0 {
            let log_visits = t.visits(node).max(1.0).ln();
            for (v, [n, _]) in values.iter_mut().zip(results) {
                *v += explore * (log_visits / (n + 1.0)).sqrt();
            }
        }
        // The first child of highest value.
        let mut top = [f32::NEG_INFINITY; LANE];
        let mut chunks = values.chunks_exact(LANE);
        for chunk in &mut chunks {
            for k in 0..LANE {
                top[k] = if chunk[k] > top[k] { chunk[k] } else { top[k] };
            }
        }
        let best_value = chunks
            .remainder()
            .iter()
            .chain(&top)
            .fold(f32::NEG_INFINITY, |a, &b| if b > a { b } else { a });
        first + values.iter().position(|&v| v == best_value).unwrap_or(0)
    }

    /// Counts the iteration's result along its path (its visits already
    /// counted on the way down with `virtual_loss`, but for the root's),
    /// then carries proofs up. With `virtual_loss`, the figures of the nodes
    /// near the root go to the worker's tally.
    fn backup(&self, w: &mut Worker, winner: u8, virtual_loss: bool) {
        // The root's "mover" is the player who moved last.
        let mut mover = self.root.to_move_cell() ^ 3;
        let t = &self.tree;
        for (depth, &index) in w.path.iter().enumerate() {
            let node = index as usize;
            let won = f32::from(u8::from(winner == mover));
            if virtual_loss && depth == 0 {
                w.tally.root_visits += 1.0;
                w.tally.root_wins += won;
            } else if !virtual_loss {
                t.results[node].add([1.0, won]);
            } else if won > 0.0 {
                // The visit was counted on the way down; a loss adds
                // nothing, and writing nothing spares the line, which other
                // threads read, their copies.
                t.results[node].add([0.0, won]);
            }
            if self.config.rave && t.is_expanded(node) {
                // All moves as first: every square the side to move here
                // played later in this iteration (the record's moves from
                // this depth on, every other one) counts for its child.
                let won = f32::from(u8::from(winner == mover ^ 3));
                let moves = w.record[depth..].iter().step_by(2);
                let tallied = virtual_loss && depth < TALLY_DEPTH;
                match tallied.then(|| w.tally.family(index)).flatten() {
                    Some(family) => {
                        for &sq in moves {
                            let [visits, wins] = &mut family[usize::from(sq)];
                            *visits += 1.0;
                            *wins += won;
                        }
                    }
                    None => {
                        let first = t.children(node).start;
                        for &sq in moves {
                            let child = first + usize::from(sq);
                            t.rave[child].add([1.0, won]);
                        }
                    }
                }
            }
            mover ^= 3;
        }
        self.propagate_proofs(w);
    }

    /// Adds what `w` has tallied to the tree, and empties its tally. (Other
    /// threads may be adding theirs: a count lost to two at once is as rare
    /// here as anywhere in the tree.)
    pub fn flush(&self, w: &mut Worker) {
        let t = &self.tree;
        if w.tally.is_empty() {
            return;
        }
        t.results[0].add([w.tally.root_visits, w.tally.root_wins]);
        for (node, figures) in w.tally.families() {
            let first = t.children(node).start;
            for (sq, &[visits, wins]) in figures.iter().enumerate() {
                if visits > 0.0 {
                    t.rave[first + sq].add([visits, wins]);
                }
            }
        }
        w.tally.clear();
    }

    /// Carries a proof found at the end of the path up the tree.
    fn propagate_proofs(&self, w: &Worker) {
        let t = &self.tree;
        for d in (1..w.path.len()).rev() {
            let child = w.path[d] as usize;
            let parent = w.path[d - 1] as usize;
            if t.proof(parent) != UNKNOWN {
                return;
            }
            let proof = match t.proof(child) {
                WON => LOST,
                LOST if t.children(parent).all(|i| hopeless(t.proof(i))) => WON,
                _ => return,
            };
            t.set_proof(parent, proof);
        }
    }
}

/// Statistics read as plain numbers, for a search on one thread.
///
/// Only for [`Shared::iterate`] without `virtual_loss`, whose one caller
/// (`Search::run`) holds the search by `&mut`: then no thread writes the
/// tree while the view lives (it ends with the caller's statement).
#[inline(always)]
fn plain(figures: &[Figures]) -> &[[f32; 2]] {
    // SAFETY: `Figures` is a transparent `AtomicU64` holding two `f32`s as
    // its bytes lie in memory, so it is laid out as an `[f32; 2]` (with a
    // larger alignment); nothing writes these figures while the view exists
    // (see above), so reading them without atomics races with nothing.
    unsafe { std::slice::from_raw_parts(figures.as_ptr().cast::<[f32; 2]>(), figures.len()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{BoardSize, Position, Rules};

    /// A 5×5 search's shared part, its root given children.
    fn shared() -> (Shared, Worker) {
        let position = Position::new(BoardSize::new(5).unwrap(), Rules::default());
        let root = Board::from_position(&position);
        let mut shared = Shared {
            config: SearchConfig::default(),
            root: root.clone(),
            tree: Tree::default(),
        };
        shared.tree.clear(root.area());
        shared.tree.push(UNKNOWN);
        shared.tree.reserve(10_000);
        let mut worker = Worker::new(&root, 1);
        assert!(shared.expand(&mut worker, 0));
        (shared, worker)
    }

    #[test]
    fn the_copied_figures_select_what_the_plain_ones_do() {
        let (shared, mut worker) = shared();
        let t = &shared.tree;
        let nodes: Vec<usize> = std::iter::once(0).chain(t.children(0)).collect();
        for round in 0..200 {
            shared.iterate(&mut worker, false);
            if round == 100 {
                // A lost move is never selected, however good it looks.
                let best = shared.select(&mut worker, 0, true);
                t.set_proof(best, LOST);
            }
            for &node in nodes.iter().filter(|&&n| t.is_expanded(n)) {
                if t.proof(node) == UNKNOWN {
                    let plain = shared.select(&mut worker, node, true);
                    assert_eq!(shared.select(&mut worker, node, false), plain);
                    assert!(!hopeless(t.proof(plain)));
                }
            }
        }
    }

    #[test]
    fn a_flush_adds_the_tally_to_the_tree_once() {
        let (shared, mut worker) = shared();
        let t = &shared.tree;
        let first = t.children(0).start;
        worker.tally.root_visits = 3.0;
        worker.tally.root_wins = 2.0;
        worker.tally.family(0).unwrap()[7] = [2.0, 1.0];
        t.rave[first + 7].set([5.0, 0.0]);
        for _ in 0..2 {
            shared.flush(&mut worker);
            assert_eq!(t.results[0].get(), [3.0, 2.0]);
            assert_eq!(t.rave[first + 7].get(), [7.0, 1.0]);
            assert_eq!(t.rave[first + 8].get(), [0.0, 0.0]);
            assert!(worker.tally.is_empty());
        }
    }

    #[test]
    fn a_tallied_batch_counts_every_iteration_at_the_root_and_below() {
        let (shared, mut worker) = shared();
        for _ in 0..50 {
            shared.iterate(&mut worker, true);
        }
        let t = &shared.tree;
        assert_eq!(t.visits(0), 0.0, "the root's visits wait in the tally");
        shared.flush(&mut worker);
        assert_eq!(t.visits(0), 50.0);
        let children = t.children(0);
        let visits: f32 = children.clone().map(|c| t.visits(c)).sum();
        assert_eq!(visits, 50.0);
        // Each playout's first move is the root's side's: at least one RAVE
        // visit per iteration reached the root's children.
        let rave: f32 = children.map(|c| t.rave[c].count()).sum();
        assert!(rave >= 50.0, "{rave}");
    }
}
