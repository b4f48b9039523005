//! What one thread of a parallel search has gathered for the nodes near the
//! root, added to the tree once a batch instead of at every iteration.
//!
//! Every iteration passes the root, and most pass the same few nodes below
//! it; backing a result up writes the RAVE figures of a hundred children of
//! each. Two threads writing those at once took the same cache lines from
//! each other at every iteration, and the stores waiting on them stalled
//! even the playouts: on 15×15, two threads ran 0.4 to 1.25 times one
//! thread's iterations (`brique bench --threads 2`). Tallied here, the
//! figures of these nodes lag a batch behind, which the search cannot tell
//! from the other thread's iterations still under way.

/// How deep below the root a node's figures are tallied: the depths the
/// threads' paths share most.
pub(crate) const TALLY_DEPTH: usize = 5;

/// Families tallied at most between two flushes; a node beyond them is
/// written to the tree at once.
const FAMILIES: usize = 128;

#[derive(Default)]
pub(crate) struct Tally {
    /// Squares per family.
    squares: usize,
    /// The root's own visits and wins.
    pub root_visits: f32,
    pub root_wins: f32,
    /// The nodes whose children's RAVE figures are held, in order of first
    /// use, and those figures: `squares` pairs (visits, wins) a node.
    nodes: Vec<u32>,
    rave: Vec<[f32; 2]>,
}

impl Tally {
    /// Makes it ready for a tree of `squares` children a node (empty).
    pub fn start(&mut self, squares: usize) {
        self.squares = squares;
        self.clear();
    }

    /// The RAVE figures held for `node`'s children, one pair per square; `None`
    /// when the tally is full.
    pub fn family(&mut self, node: u32) -> Option<&mut [[f32; 2]]> {
        let slot = match self.nodes.iter().position(|&n| n == node) {
            Some(slot) => slot,
            None if self.nodes.len() < FAMILIES => {
                self.nodes.push(node);
                let len = self.nodes.len() * self.squares;
                if self.rave.len() < len {
                    self.rave.resize(len, [0.0; 2]);
                }
                self.nodes.len() - 1
            }
            None => return None,
        };
        let start = slot * self.squares;
        Some(&mut self.rave[start..start + self.squares])
    }

    /// Whether nothing is held.
    pub fn is_empty(&self) -> bool {
        self.root_visits == 0.0 && self.nodes.is_empty()
    }

    /// The held families: each node with its children's figures.
    pub fn families(&self) -> impl Iterator<Item = (usize, &[[f32; 2]])> {
        self.nodes
            .iter()
            .zip(self.rave.chunks_exact(self.squares.max(1)))
            .map(|(&node, figures)| (node as usize, figures))
    }

    /// Forgets everything held.
    pub fn clear(&mut self) {
        self.root_visits = 0.0;
        self.root_wins = 0.0;
        let used = self.nodes.len() * self.squares;
        self.rave[..used].fill([0.0; 2]);
        self.nodes.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_are_held_per_node_until_cleared() {
        let mut tally = Tally::default();
        tally.start(4);
        tally.family(7).unwrap()[2] = [1.0, 1.0];
        tally.family(9).unwrap()[0][0] += 1.0;
        tally.family(7).unwrap()[2][0] += 1.0;
        let held: Vec<(usize, Vec<[f32; 2]>)> =
            tally.families().map(|(n, f)| (n, f.to_vec())).collect();
        assert_eq!(
            held,
            [
                (7, vec![[0.0; 2], [0.0; 2], [2.0, 1.0], [0.0; 2]]),
                (9, vec![[1.0, 0.0], [0.0; 2], [0.0; 2], [0.0; 2]]),
            ]
        );
        tally.clear();
        assert!(tally.is_empty());
        assert_eq!(tally.family(9).unwrap(), [[0.0; 2]; 4]);
    }

    #[test]
    fn a_full_tally_holds_no_more_families() {
        let mut tally = Tally::default();
        tally.start(2);
        for node in 0..FAMILIES as u32 {
            assert!(tally.family(node).is_some());
        }
        assert!(tally.family(FAMILIES as u32).is_none());
        assert!(tally.family(0).is_some());
    }
}
