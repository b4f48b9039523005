//! Monte Carlo tree search with RAVE, an arena of nodes, subtree reuse and a
//! solver: immediate wins and must-blocks are found exactly when a node is
//! expanded, and proven results propagate up the tree.
//!
//! Pure and deterministic: the same position, settings, seed and sequence of
//! calls give the same tree. Time limits belong to the caller, who runs the
//! search in small batches ([`Search::run`]) and decides when to stop.

use rand_xoshiro::rand_core::SeedableRng;

use super::board::{Board, EngineRng};
use super::layout::{EMPTY, Sq, color_of};
use super::tree::{LOST, TAKEN, Tree, UNKNOWN, WON, hopeless};
use crate::core::{BoardSize, Color, Game, Move, PlayError, Position, Square};

/// How the engine searches. Tuned by measurement (`brique arena`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Blend all-moves-as-first (RAVE) statistics into move values; off gives
    /// plain UCT.
    pub rave: bool,
    /// The UCT exploration constant.
    pub exploration: f32,
    /// RAVE bias `b` in β = ñ / (n + ñ + 4b²nñ): smaller trusts RAVE longer.
    pub rave_bias: f32,
    /// Visits a leaf needs before it gets children (the root always has them).
    pub expand_after: u32,
    /// How much that threshold grows as the tree fills: times
    /// `1 + expand_growth * nodes / max_nodes`, so a long search keeps growing
    /// its best lines instead of filling its memory early.
    pub expand_growth: f32,
    /// Playouts answer intrusions into bridges instead of playing at random.
    pub bridges: bool,
    /// The tree stops growing at this many nodes (21 bytes each).
    pub max_nodes: usize,
    pub seed: u64,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            rave: true,
            exploration: 0.0,
            rave_bias: 0.02,
            expand_after: 4,
            expand_growth: 0.0,
            bridges: true,
            max_nodes: 1 << 21,
            seed: 0,
        }
    }
}

impl SearchConfig {
    /// Plain UCT without RAVE, for comparisons.
    pub fn uct() -> SearchConfig {
        SearchConfig {
            rave: false,
            exploration: 0.5,
            ..SearchConfig::default()
        }
    }
}

/// Children valued together in [`Search::select`].
const LANE: usize = 8;

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
    /// visits that went to playing there: a heat map summing to 1.
    pub heat: Vec<f32>,
    /// The most visited line from here.
    pub line: Vec<Move>,
}

/// A search tree over one position, which moves along with the game.
pub struct Search {
    config: SearchConfig,
    position: Position,
    root: Board,
    scratch: Board,
    probe: Board,
    tree: Tree,
    rng: EngineRng,
    path: Vec<u32>,
    record: Vec<Sq>,
    threats: Vec<Sq>,
    /// Selection values of one node's children.
    values: Vec<f32>,
    iterations: u64,
}

impl Search {
    /// A fresh search of `position`.
    pub fn new(position: &Position, config: SearchConfig) -> Search {
        let root = Board::from_position(position);
        let mut search = Search {
            config,
            position: position.clone(),
            scratch: root.clone(),
            probe: root.clone(),
            root,
            tree: Tree::default(),
            rng: EngineRng::seed_from_u64(config.seed),
            path: Vec::new(),
            record: Vec::new(),
            threats: Vec::new(),
            values: Vec::new(),
            iterations: 0,
        };
        search.reset_tree();
        search
    }

    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// The position searched.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Iterations run since the search reached this position.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Whether the game is over or the result here is proven, so that more
    /// iterations would change nothing.
    pub fn is_settled(&self) -> bool {
        self.root.winner().is_some() || self.tree.proof[0] != UNKNOWN
    }

    /// Runs up to `iterations` iterations (fewer once settled); returns how
    /// many ran. Callers with a clock run small batches and check it between.
    pub fn run(&mut self, iterations: u64) -> u64 {
        let mut done = 0;
        while done < iterations && !self.is_settled() {
            self.iterate();
            done += 1;
        }
        self.iterations += done;
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
                self.root.swap();
            }
            Move::Place(sq) => {
                let sq = self.root.index_of(sq);
                self.root.place(sq);
                let child = self
                    .tree
                    .child(0, sq)
                    .filter(|&i| self.tree.visits[i] > 0.0);
                match child.and_then(|i| self.tree.subtree(i, keep_going)) {
                    Some(tree) => {
                        self.tree = tree;
                        if !self.tree.is_expanded(0) && self.root.winner().is_none() {
                            self.scratch.copy_from(&self.root);
                            self.expand(0);
                        }
                    }
                    None => self.reset_tree(),
                }
                self.iterations = 0;
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
        self.root = Board::from_position(position);
        self.scratch = self.root.clone();
        self.probe = self.root.clone();
        self.reset_tree();
    }

    fn reset_tree(&mut self) {
        self.tree.clear(self.root.area());
        self.tree.push(UNKNOWN);
        self.iterations = 0;
        if self.root.winner().is_none() {
            self.scratch.copy_from(&self.root);
            self.expand(0);
        }
    }

    /// Whether the move to choose is a pie-rule decision: Black's opening
    /// (which White may take over) or White's choice to swap.
    pub fn is_pie_decision(&self) -> bool {
        self.pie_opening() || self.root.can_swap()
    }

    fn pie_opening(&self) -> bool {
        self.root.pie() && self.root.ply() == 0
    }

    fn iterate(&mut self) {
        self.scratch.copy_from(&self.root);
        self.path.clear();
        self.record.clear();
        self.path.push(0);
        let mut node = 0;
        let winner = loop {
            let proof = self.tree.proof[node];
            if proof != UNKNOWN {
                let mover = self.scratch.to_move_cell() ^ 3;
                break if proof == WON { mover } else { mover ^ 3 };
            }
            if !self.tree.is_expanded(node) {
                let room = self.tree.len() + self.scratch.area() <= self.config.max_nodes;
                let fill = self.tree.len() as f32 / self.config.max_nodes as f32;
                let threshold =
                    self.config.expand_after as f32 * (1.0 + self.config.expand_growth * fill);
                if self.tree.visits[node] >= threshold && room {
                    self.expand(node);
                    continue;
                }
                break self
                    .scratch
                    .rollout(&mut self.rng, &mut self.record, self.config.bridges);
            }
            let child = self.select(node);
            let mv = self.tree.square(node, child);
            self.record.push(mv);
            self.scratch.place(mv);
            self.path.push(child as u32);
            node = child;
        };
        self.backup(winner);
    }

    /// Gives `node` (whose position is on the scratch board) one child per
    /// square, marking taken squares, immediate wins, and moves that fail to
    /// stop an immediate win of the opponent.
    fn expand(&mut self, node: usize) {
        let me = self.scratch.to_move_cell();
        let first = self.tree.len();
        let mut winning = false;
        for sq in 0..self.scratch.area() as Sq {
            let proof = if self.scratch.cell(sq) != EMPTY {
                TAKEN
            } else if self.scratch.would_win(sq, me) {
                winning = true;
                WON
            } else {
                UNKNOWN
            };
            self.tree.push(proof);
        }
        self.tree.adopt(node, first);
        if winning {
            self.tree.proof[node] = LOST;
            return;
        }
        let opponent = me ^ 3;
        self.threats.clear();
        for &sq in self.scratch.empties() {
            if self.scratch.would_win(sq, opponent) {
                self.threats.push(sq);
            }
        }
        if self.threats.is_empty() {
            return;
        }
        let mut saved = false;
        for i in self.tree.children(node) {
            if self.tree.proof[i] == TAKEN {
                continue;
            }
            if self.blocks(self.tree.square(node, i)) {
                saved = true;
            } else {
                self.tree.proof[i] = LOST;
            }
        }
        if !saved {
            self.tree.proof[node] = WON;
        }
    }

    /// Whether playing `mv` on the scratch board leaves the opponent no
    /// immediate win. A move never gives the opponent a new win; one that
    /// captures nothing only stops the wins on squares it fills.
    fn blocks(&mut self, mv: Sq) -> bool {
        let (fills, count, captures) = self.scratch.fills_of(mv);
        if !captures {
            return self
                .threats
                .iter()
                .all(|&x| x == mv || fills[..count].contains(&x));
        }
        let opponent = self.scratch.to_move_cell() ^ 3;
        self.probe.copy_from(&self.scratch);
        self.probe.place(mv);
        self.threats
            .iter()
            .all(|&x| self.probe.cell(x) != EMPTY || !self.probe.would_win(x, opponent))
    }

    /// The child of an expanded, unproven `node` to descend into. (Such a
    /// node has no won child: that would have proven it.)
    fn select(&mut self, node: usize) -> usize {
        let balance = node == 0 && self.pie_opening();
        let range = self.tree.children(node);
        let first = range.start;
        let t = &self.tree;
        let visits = &t.visits[range.clone()];
        let wins = &t.wins[range.clone()];
        let rave_visits = &t.rave_visits[range.clone()];
        let rave_wins = &t.rave_wins[range.clone()];
        let proof = &t.proof[range];
        let values = &mut self.values;
        // Whole lanes of 8, so the loop below vectorises; the padding is
        // never selected (it is cut off before the maximum is taken).
        let len = visits.len();
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
            let mut lost = [false; LANE];
            let end = (at + LANE).min(len);
            n[..end - at].copy_from_slice(&visits[at..end]);
            w[..end - at].copy_from_slice(&wins[at..end]);
            r[..end - at].copy_from_slice(&rave_visits[at..end]);
            rw[..end - at].copy_from_slice(&rave_wins[at..end]);
            for (l, &p) in lost.iter_mut().zip(&proof[at..end]) {
                *l = hopeless(p);
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
                let value = if known > 0.0 { blend } else { 1.0 };
                out[k] = if lost[k] { f32::NEG_INFINITY } else { value };
            }
        }
        values.truncate(len);
        if balance {
            // With the pie rule, a first move is worth its worse side.
            for v in values.iter_mut() {
                *v = v.min(1.0 - *v);
            }
        }
        let explore = self.config.exploration;
        if explore > 0.0 {
            let log_visits = t.visits[node].max(1.0).ln();
            for (v, &n) in values.iter_mut().zip(visits) {
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

    fn backup(&mut self, winner: u8) {
        // The root's "mover" is the player who moved last.
        let mut mover = self.root.to_move_cell() ^ 3;
        let t = &mut self.tree;
        for (depth, &index) in self.path.iter().enumerate() {
            let node = index as usize;
            t.visits[node] += 1.0;
            t.wins[node] += f32::from(u8::from(winner == mover));
            if self.config.rave && t.is_expanded(node) {
                // All moves as first: every square the side to move here
                // played later in this iteration (the record's moves from
                // this depth on, every other one) counts for its child.
                let to_move = mover ^ 3;
                let won = f32::from(u8::from(winner == to_move));
                let first = t.children(node).start;
                for &sq in self.record[depth..].iter().step_by(2) {
                    let child = first + sq as usize;
                    t.rave_visits[child] += 1.0;
                    t.rave_wins[child] += won;
                }
            }
            mover ^= 3;
        }
        self.propagate_proofs();
    }

    /// Carries a proof found at the end of the path up the tree.
    fn propagate_proofs(&mut self) {
        for d in (1..self.path.len()).rev() {
            let child = self.path[d] as usize;
            let parent = self.path[d - 1] as usize;
            if self.tree.proof[parent] != UNKNOWN {
                return;
            }
            let proof = match self.tree.proof[child] {
                WON => LOST,
                LOST if self
                    .tree
                    .children(parent)
                    .all(|i| hopeless(self.tree.proof[i])) =>
                {
                    WON
                }
                _ => return,
            };
            self.tree.proof[parent] = proof;
        }
    }

    /// The root child the engine would play, if any.
    fn best_child(&self) -> Option<usize> {
        let t = &self.tree;
        let key = |i: usize| {
            (
                t.proof[i] != TAKEN,
                t.proof[i] == WON,
                t.proof[i] != LOST,
                t.visits[i],
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
        if self.root.winner().is_some() {
            return None;
        }
        let child = self.best_child()?;
        let value = self.tree.mean(child);
        let mv = Move::Place(self.root.square_of(self.tree.square(0, child)));
        if self.root.can_swap() && self.tree.proof[child] != WON && value < 0.5 {
            // Black's position is better for Black: take it.
            return Some((Move::Swap, 1.0 - value));
        }
        if self.pie_opening() {
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
        let size = self.root.size();
        let mut heat = vec![0.0; size.area()];
        let t = &self.tree;
        let total: f32 = t.children(0).map(|i| t.visits[i]).sum();
        if total > 0.0 {
            for (sq, i) in t.children(0).enumerate() {
                heat[sq] = t.visits[i] / total;
            }
        }
        let choice = self.choice();
        let proven = match t.proof[0] {
            WON => Some(false),
            LOST => Some(true),
            _ => None,
        };
        Report {
            size,
            iterations: self.iterations,
            nodes: t.len(),
            best: choice.map(|(mv, _)| mv),
            win: choice.map_or(0.5, |(_, v)| v),
            proven,
            heat,
            line: self.line(),
        }
    }

    /// The most visited line of play from the root, swaps left out.
    fn line(&self) -> Vec<Move> {
        let t = &self.tree;
        let mut line = Vec::new();
        let mut step = self.best_child().map(|child| (0, child));
        while let Some((parent, n)) = step {
            line.push(Move::Place(self.root.square_of(t.square(parent, n))));
            if t.proof[n] == WON || line.len() >= 12 {
                break;
            }
            step = t
                .children(n)
                .max_by(|&a, &b| t.visits[a].total_cmp(&t.visits[b]))
                .filter(|&c| t.visits[c] > 0.0)
                .map(|child| (n, child));
        }
        line
    }

    /// The side to move on the board searched.
    pub fn to_move(&self) -> Color {
        color_of(self.root.to_move_cell())
    }

    /// The square the engine would play for a hint, if it would place a stone.
    pub fn hint(&self) -> Option<Square> {
        match self.best_move()? {
            Move::Place(sq) => Some(sq),
            Move::Swap => None,
        }
    }
}
