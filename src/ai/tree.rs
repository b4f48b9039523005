//! The search tree: an arena of nodes stored field by field, so that scanning
//! a node's children (which sit side by side) reads a few dense arrays. A
//! node has one child per square of the board, in square order, those already
//! taken marked [`TAKEN`]: a square's child is found by adding the square to
//! the first child's index.
//!
//! Several threads may grow one tree at once (see `super::shared`): every
//! field is an atomic read and written with plain loads and stores, and new
//! nodes come from room made beforehand ([`Tree::reserve`]) by an atomic
//! counter. On one thread this costs nothing: the loads and stores are the
//! ordinary ones.

use std::ops::Range;
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicUsize, Ordering};

use super::layout::Sq;

/// A node's proven result, for the player whose move led to it.
pub(crate) const UNKNOWN: u8 = 0;
pub(crate) const WON: u8 = 1;
pub(crate) const LOST: u8 = 2;
/// Not a move: the child of a square already taken.
pub(crate) const TAKEN: u8 = 3;

/// Whether a child is a move that loses or no move at all: either way never
/// worth choosing.
pub(crate) const fn hopeless(proof: u8) -> bool {
    proof >= LOST
}

/// `first_child` of a node without children yet.
const LEAF: u32 = u32::MAX;
/// `first_child` of a node a thread is giving children right now.
const BUSY: u32 = u32::MAX - 1;

/// A statistic (`f32`: exact counts up to 2^24, far beyond a search's size)
/// that threads share without locks. Loads and stores are atomic; an
/// increment is a load and a store, so two threads adding at the same moment
/// may lose one count: a parallel search's rare miscount, traded for the
/// cost of a plain add.
#[derive(Default)]
#[repr(transparent)]
pub(crate) struct Stat(AtomicU32);

impl Stat {
    #[inline(always)]
    pub fn get(&self) -> f32 {
        f32::from_bits(self.0.load(Ordering::Relaxed))
    }

    #[inline(always)]
    pub fn set(&self, value: f32) {
        self.0.store(value.to_bits(), Ordering::Relaxed);
    }

    #[inline(always)]
    pub fn add(&self, value: f32) {
        self.set(self.get() + value);
    }
}

#[derive(Default)]
pub(crate) struct Tree {
    /// Children per node: the board's squares.
    squares: usize,
    /// Nodes in use; the arrays may be longer (room made in advance).
    used: AtomicUsize,
    proof: Vec<AtomicU8>,
    first_child: Vec<AtomicU32>,
    /// Visits, and wins for the player who made the node's move.
    pub visits: Vec<Stat>,
    pub wins: Vec<Stat>,
    /// All-moves-as-first statistics of the node's move, from its parent.
    pub rave_visits: Vec<Stat>,
    pub rave_wins: Vec<Stat>,
}

impl Tree {
    pub fn len(&self) -> usize {
        // A failed allocation may count past the end for a moment.
        self.used.load(Ordering::Relaxed).min(self.proof.len())
    }

    /// Empties the tree (keeping its memory) for a board of `squares`.
    pub fn clear(&mut self, squares: usize) {
        self.squares = squares;
        *self.used.get_mut() = 0;
    }

    /// Makes room for `nodes` nodes in all (the arrays' own growth is
    /// geometric, so making room node by node costs little).
    pub fn reserve(&mut self, nodes: usize) {
        if self.proof.len() >= nodes {
            return;
        }
        self.proof.resize_with(nodes, AtomicU8::default);
        self.first_child.resize_with(nodes, || AtomicU32::new(LEAF));
        for stat in [
            &mut self.visits,
            &mut self.wins,
            &mut self.rave_visits,
            &mut self.rave_wins,
        ] {
            stat.resize_with(nodes, Stat::default);
        }
    }

    /// Adds a node without children; returns its index.
    pub fn push(&mut self, proof: u8) -> usize {
        let node = self.len();
        self.reserve(node + 1);
        self.init(node, proof);
        *self.used.get_mut() = node + 1;
        node
    }

    /// Takes `count` fresh nodes from the room made in advance: the first's
    /// index, or `None` without room. Their contents are left to the caller.
    pub fn alloc(&self, count: usize) -> Option<usize> {
        let first = self.used.fetch_add(count, Ordering::Relaxed);
        if first + count <= self.proof.len() {
            Some(first)
        } else {
            self.used.fetch_sub(count, Ordering::Relaxed);
            None
        }
    }

    /// Makes `node` a node without children or statistics.
    pub fn init(&self, node: usize, proof: u8) {
        self.proof[node].store(proof, Ordering::Relaxed);
        self.first_child[node].store(LEAF, Ordering::Relaxed);
        for stat in [&self.visits, &self.wins, &self.rave_visits, &self.rave_wins] {
            stat[node].set(0.0);
        }
    }

    #[inline(always)]
    pub fn proof(&self, node: usize) -> u8 {
        self.proof[node].load(Ordering::Relaxed)
    }

    #[inline(always)]
    pub fn set_proof(&self, node: usize, proof: u8) {
        self.proof[node].store(proof, Ordering::Relaxed);
    }

    /// The proofs of some nodes, for scanning a family.
    pub fn proofs(&self, range: Range<usize>) -> &[AtomicU8] {
        &self.proof[range]
    }

    pub fn is_expanded(&self, node: usize) -> bool {
        self.first_child[node].load(Ordering::Acquire) < BUSY
    }

    /// Claims a leaf for this thread to give it children; `false` if it has
    /// them or another thread is giving them.
    pub fn claim(&self, node: usize) -> bool {
        self.first_child[node]
            .compare_exchange(LEAF, BUSY, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
    }

    /// Gives up a claim: the node stays a leaf.
    pub fn unclaim(&self, node: usize) {
        self.first_child[node].store(LEAF, Ordering::Relaxed);
    }

    /// Publishes the one node per square from `first` on, filled in, as the
    /// children of `node`.
    pub fn adopt(&self, node: usize, first: usize) {
        self.first_child[node].store(first as u32, Ordering::Release);
    }

    pub fn children(&self, node: usize) -> Range<usize> {
        let first = self.first_child[node].load(Ordering::Acquire);
        if first < BUSY {
            first as usize..first as usize + self.squares
        } else {
            0..0
        }
    }

    /// The child of `node` for playing `sq`, if `node` has children.
    pub fn child(&self, node: usize, sq: Sq) -> Option<usize> {
        self.children(node).nth(usize::from(sq))
    }

    /// The square played to reach `child` from its parent `node`.
    pub fn square(&self, node: usize, child: usize) -> Sq {
        (child - self.children(node).start) as Sq
    }

    /// The mean result for the player who made this node's move.
    pub fn mean(&self, node: usize) -> f32 {
        let (visits, rave_visits) = (self.visits[node].get(), self.rave_visits[node].get());
        match self.proof(node) {
            WON => 1.0,
            LOST => 0.0,
            _ if visits > 0.0 => self.wins[node].get() / visits,
            _ if rave_visits > 0.0 => self.rave_wins[node].get() / rave_visits,
            _ => 0.5,
        }
    }

    /// The subtree of `keep` as a tree of its own, `keep` at index 0, or
    /// `None` if `keep_going` says to give up (it is asked between families).
    /// Children sit side by side, so each family is copied as a block.
    pub fn subtree(&self, keep: usize, keep_going: &mut dyn FnMut() -> bool) -> Option<Tree> {
        let mut tree = Tree {
            squares: self.squares,
            ..Tree::default()
        };
        // `origin[i]`: the node of `self` that node `i` of `tree` copies.
        let mut origin = vec![keep];
        tree.copy_nodes(self, keep..keep + 1);
        let mut at = 0;
        while at < origin.len() {
            let family = self.children(origin[at]);
            if !family.is_empty() {
                if !keep_going() {
                    return None;
                }
                let first = tree.len();
                tree.copy_nodes(self, family.clone());
                origin.extend(family);
                tree.adopt(at, first);
            }
            at += 1;
        }
        Some(tree)
    }

    /// Appends copies of `from`'s nodes `range`, without their children.
    fn copy_nodes(&mut self, from: &Tree, range: Range<usize>) {
        let first = self.len();
        let end = first + range.len();
        self.reserve(end);
        for (copy, node) in (first..).zip(range) {
            self.init(copy, from.proof(node));
            self.visits[copy].set(from.visits[node].get());
            self.wins[copy].set(from.wins[node].get());
            self.rave_visits[copy].set(from.rave_visits[node].get());
            self.rave_wins[copy].set(from.rave_wins[node].get());
        }
        *self.used.get_mut() = end;
    }
}
