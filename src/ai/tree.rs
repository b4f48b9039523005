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
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, AtomicUsize, Ordering};

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

/// A count and its wins (`f32`s: exact counts up to 2^24, far beyond a
/// search's size), which threads share without locks. The two are one atomic,
/// so that reading a family's figures takes half the loads and backing a
/// result up half the stores. An addition is a load and a store, so two
/// threads adding at the same moment may lose one: a parallel search's rare
/// miscount, traded for the cost of a plain add.
#[derive(Default)]
#[repr(transparent)]
pub(crate) struct Figures(AtomicU64);

impl Figures {
    /// `[count, wins]`. The halves are the atomic's bytes as they lie in
    /// memory, so that a family may also be read as `[f32; 2]`s (see
    /// `super::shared`).
    #[inline(always)]
    pub fn get(&self) -> [f32; 2] {
        let bytes = self.0.load(Ordering::Relaxed).to_ne_bytes();
        let half = |at: usize| {
            f32::from_ne_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        [half(0), half(4)]
    }

    #[inline(always)]
    pub fn set(&self, [count, wins]: [f32; 2]) {
        let mut bytes = [0; 8];
        bytes[..4].copy_from_slice(&count.to_ne_bytes());
        bytes[4..].copy_from_slice(&wins.to_ne_bytes());
        self.0.store(u64::from_ne_bytes(bytes), Ordering::Relaxed);
    }

    #[inline(always)]
    pub fn add(&self, [count, wins]: [f32; 2]) {
        let [c, w] = self.get();
        self.set([c + count, w + wins]);
    }

    /// The count alone.
    #[inline(always)]
    pub fn count(&self) -> f32 {
        self.get()[0]
    }
}

/// A value alone on its cache lines (two: processors fetch lines in
/// adjacent pairs), so that threads writing it do not take the lines of
/// what lies next to it from the threads reading that. (A wrapper this
/// small is not worth a crate.)
#[derive(Default)]
#[repr(align(128))]
pub(crate) struct OwnLines<T>(pub T);

impl<T> std::ops::Deref for OwnLines<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> std::ops::DerefMut for OwnLines<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

#[derive(Default)]
pub(crate) struct Tree {
    /// Children per node: the board's squares.
    squares: usize,
    /// Nodes in use; the arrays may be longer (room made in advance). Every
    /// new family writes it, from any thread, while every access to a node
    /// reads the arrays' addresses: on lines shared with those, each new
    /// family cost every other thread a miss.
    used: OwnLines<AtomicUsize>,
    proof: Vec<AtomicU8>,
    first_child: Vec<AtomicU32>,
    /// Visits, and wins for the player who made the node's move.
    pub results: Vec<Figures>,
    /// All-moves-as-first visits and wins of the node's move, from its parent.
    pub rave: Vec<Figures>,
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
        for figures in [&mut self.results, &mut self.rave] {
            figures.resize_with(nodes, Figures::default);
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
        for figures in [&self.results, &self.rave] {
            figures[node].set([0.0; 2]);
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

    /// The visits of `node`.
    pub fn visits(&self, node: usize) -> f32 {
        self.results[node].count()
    }

    /// The mean result for the player who made this node's move.
    pub fn mean(&self, node: usize) -> f32 {
        let ([visits, wins], [rave_visits, rave_wins]) =
            (self.results[node].get(), self.rave[node].get());
        match self.proof(node) {
            WON => 1.0,
            LOST => 0.0,
            _ if visits > 0.0 => wins / visits,
            _ if rave_visits > 0.0 => rave_wins / rave_visits,
            _ => 0.5,
        }
    }

    /// Keeps only the subtree of `keep`, moved to the front of the same
    /// arrays (`keep` at index 0), so that keeping a subtree never needs a
    /// second tree: the peak stays one tree and 4 bytes a node. False, the
    /// tree unchanged, if `keep_going` says to give up (it is asked now and
    /// then, before anything moves).
    pub fn keep_subtree(&mut self, keep: usize, keep_going: &mut dyn FnMut() -> bool) -> bool {
        const DROPPED: u32 = u32::MAX;
        const KEPT: u32 = u32::MAX - 1;
        // A family is made after its parent, so a node comes after its
        // parent and the subtree after `keep`: one pass in index order
        // finds every kept node, and numbers them in that order.
        let len = self.len();
        let mut place = vec![DROPPED; len];
        place[keep] = KEPT;
        let mut kept = 0;
        for node in keep..len {
            if (node - keep).is_multiple_of(65_536) && !keep_going() {
                return false;
            }
            if place[node] == KEPT {
                place[node] = kept;
                kept += 1;
                for child in self.children(node) {
                    place[child] = KEPT;
                }
            }
        }
        // Each kept node moves down to its number, never above a node
        // still to be read; its children's first number follows it.
        for node in keep..len {
            if place[node] == DROPPED {
                continue;
            }
            let to = place[node] as usize;
            let first = match self.children(node) {
                family if family.is_empty() => LEAF,
                family => place[family.start],
            };
            self.proof[to].store(self.proof(node), Ordering::Relaxed);
            self.first_child[to].store(first, Ordering::Relaxed);
            for figures in [&self.results, &self.rave] {
                figures[to].set(figures[node].get());
            }
        }
        *self.used.get_mut() = kept as usize;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three squares a node; families made out of order, as a search does.
    fn tree() -> Tree {
        let mut tree = Tree::default();
        tree.clear(3);
        tree.push(UNKNOWN);
        for parent in [0, 2, 1, 5] {
            let first = tree.len();
            for _ in 0..3 {
                tree.push(UNKNOWN);
            }
            tree.adopt(parent, first);
        }
        for node in 0..tree.len() {
            tree.results[node].set([node as f32, 0.0]);
        }
        tree
    }

    #[test]
    fn figures_hold_a_count_and_its_wins_apart() {
        let figures = Figures::default();
        assert_eq!(figures.get(), [0.0, 0.0]);
        figures.set([3.0, 2.5]);
        figures.add([1.0, 0.0]);
        figures.add([0.0, 0.5]);
        assert_eq!(figures.get(), [4.0, 3.0]);
        assert_eq!(figures.count(), 4.0);
    }

    #[test]
    fn a_kept_subtree_moves_to_the_front_with_its_families() {
        let mut tree = tree();
        assert!(tree.keep_subtree(2, &mut || true));
        // Nodes 2, its family 4..7 and 5's family 10..13, in that order.
        let visits: Vec<f32> = (0..tree.len()).map(|i| tree.visits(i)).collect();
        assert_eq!(visits, [2.0, 4.0, 5.0, 6.0, 10.0, 11.0, 12.0]);
        assert_eq!(tree.children(0), 1..4);
        assert_eq!(tree.children(2), 4..7);
        for leaf in [1, 3, 4, 5, 6] {
            assert!(!tree.is_expanded(leaf), "{leaf}");
        }
    }

    #[test]
    fn giving_up_leaves_the_tree_as_it_was() {
        let mut tree = tree();
        assert!(!tree.keep_subtree(2, &mut || false));
        assert_eq!(tree.len(), 13);
        assert_eq!(tree.children(5), 10..13);
    }
}
