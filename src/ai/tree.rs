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
            let to = place[node] as usize;
            if place[node] == DROPPED {
                continue;
            }
            self.proof[to] = self.proof[node];
            self.visits[to] = self.visits[node];
            self.wins[to] = self.wins[node];
            self.rave_visits[to] = self.rave_visits[node];
            self.rave_wins[to] = self.rave_wins[node];
            let first = self.first_child[node];
            self.first_child[to] = if first == LEAF {
                LEAF
            } else {
                place[first as usize]
            };
        }
        let kept = kept as usize;
        self.proof.truncate(kept);
        self.first_child.truncate(kept);
        self.visits.truncate(kept);
        self.wins.truncate(kept);
        self.rave_visits.truncate(kept);
        self.rave_wins.truncate(kept);
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
            tree.visits[node] = node as f32;
        }
        tree
    }

    #[test]
    fn a_kept_subtree_moves_to_the_front_with_its_families() {
        let mut tree = tree();
        assert!(tree.keep_subtree(2, &mut || true));
        // Nodes 2, its family 4..7 and 5's family 10..13, in that order.
        let visits: Vec<f32> = (0..tree.len()).map(|i| tree.visits[i]).collect();
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
