//! The search tree: an arena of nodes stored field by field, so that scanning
//! a node's children (which sit side by side) reads a few dense arrays that
//! the compiler can vectorise. A node has one child per square of the board,
//! in square order, those already taken marked [`TAKEN`]: a square's child is
//! found by adding the square to the first child's index.

use std::ops::Range;

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

/// Statistics are `f32`: exact counts up to 2^24, far beyond a search's size.
#[derive(Default)]
pub(crate) struct Tree {
    /// Children per node: the board's squares.
    squares: usize,
    pub proof: Vec<u8>,
    first_child: Vec<u32>,
    /// Visits, and wins for the player who made the node's move.
    pub visits: Vec<f32>,
    pub wins: Vec<f32>,
    /// All-moves-as-first statistics of the node's move, from its parent.
    pub rave_visits: Vec<f32>,
    pub rave_wins: Vec<f32>,
}

impl Tree {
    pub fn len(&self) -> usize {
        self.proof.len()
    }

    /// Empties the tree (keeping its memory) for a board of `squares`.
    pub fn clear(&mut self, squares: usize) {
        self.squares = squares;
        self.proof.clear();
        self.first_child.clear();
        self.visits.clear();
        self.wins.clear();
        self.rave_visits.clear();
        self.rave_wins.clear();
    }

    /// Adds a node without children; returns its index.
    pub fn push(&mut self, proof: u8) -> usize {
        self.proof.push(proof);
        self.first_child.push(LEAF);
        self.visits.push(0.0);
        self.wins.push(0.0);
        self.rave_visits.push(0.0);
        self.rave_wins.push(0.0);
        self.len() - 1
    }

    pub fn is_expanded(&self, node: usize) -> bool {
        self.first_child[node] != LEAF
    }

    /// Marks the one node per square from `first` on as the children of
    /// `node`.
    pub fn adopt(&mut self, node: usize, first: usize) {
        debug_assert_eq!(self.len(), first + self.squares);
        self.first_child[node] = first as u32;
    }

    pub fn children(&self, node: usize) -> Range<usize> {
        if self.is_expanded(node) {
            let first = self.first_child[node] as usize;
            first..first + self.squares
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
        (child - self.first_child[node] as usize) as Sq
    }

    /// The mean result for the player who made this node's move.
    pub fn mean(&self, node: usize) -> f32 {
        match self.proof[node] {
            WON => 1.0,
            LOST => 0.0,
            _ if self.visits[node] > 0.0 => self.wins[node] / self.visits[node],
            _ if self.rave_visits[node] > 0.0 => self.rave_wins[node] / self.rave_visits[node],
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
        let count = range.len();
        self.proof.extend_from_slice(&from.proof[range.clone()]);
        self.first_child.extend(std::iter::repeat_n(LEAF, count));
        self.visits.extend_from_slice(&from.visits[range.clone()]);
        self.wins.extend_from_slice(&from.wins[range.clone()]);
        self.rave_visits
            .extend_from_slice(&from.rave_visits[range.clone()]);
        self.rave_wins.extend_from_slice(&from.rave_wins[range]);
    }
}
