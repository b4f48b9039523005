//! Incremental connection tracking: a union-find over stones with, per group,
//! how many of its live stones touch each of its colour's two edges.
//!
//! Exact because a capture never splits a group (RULES.md): a captured stone
//! only leaves its group's edge counts, and its square gets a fresh node.
//! Each placement costs a handful of near-constant-time unions, whatever the
//! board size.

use super::geometry::{BoardSize, Color, MAX_SQUARES, Square};

#[derive(Clone, Debug)]
pub(crate) struct Connectivity {
    /// Node of the stone standing on each square (stale for empty squares).
    node_at: [u16; MAX_SQUARES],
    parent: Vec<u16>,
    /// Group size, meaningful at roots (union by size).
    weight: Vec<u16>,
    /// Live stones touching the low and high edge, meaningful at roots.
    contacts: Vec<[u16; 2]>,
}

impl Connectivity {
    pub(crate) fn new() -> Connectivity {
        Connectivity {
            node_at: [0; MAX_SQUARES],
            parent: Vec::with_capacity(256),
            weight: Vec::with_capacity(256),
            contacts: Vec::with_capacity(256),
        }
    }

    fn find(&mut self, mut node: u16) -> u16 {
        while self.parent[node as usize] != node {
            let grand = self.parent[self.parent[node as usize] as usize];
            self.parent[node as usize] = grand;
            node = grand;
        }
        node
    }

    /// Records a new stone of `color` on `sq` as a group of its own.
    pub(crate) fn add(&mut self, size: BoardSize, sq: Square, color: Color) {
        // Cannot fail: each move takes an empty square (so a game has at most
        // MAX_SQUARES moves) and adds at most 3 nodes, far below u16::MAX.
        #[allow(clippy::expect_used)]
        let node = u16::try_from(self.parent.len()).expect("at most 3 nodes per move");
        let (low, high) = size.edge_contact(sq, color);
        self.parent.push(node);
        self.weight.push(1);
        self.contacts.push([low as u16, high as u16]);
        self.node_at[size.index(sq)] = node;
    }

    /// Takes the stone of `color` on `sq` off its group's edge counts.
    pub(crate) fn remove(&mut self, size: BoardSize, sq: Square, color: Color) {
        let (low, high) = size.edge_contact(sq, color);
        let root = self.find(self.node_at[size.index(sq)]) as usize;
        self.contacts[root][0] -= low as u16;
        self.contacts[root][1] -= high as u16;
    }

    /// Joins the groups of the stones on `a` and `b` (which are alike).
    pub(crate) fn union(&mut self, size: BoardSize, a: Square, b: Square) {
        let ra = self.find(self.node_at[size.index(a)]);
        let rb = self.find(self.node_at[size.index(b)]);
        if ra == rb {
            return;
        }
        let (big, small) = if self.weight[ra as usize] >= self.weight[rb as usize] {
            (ra as usize, rb as usize)
        } else {
            (rb as usize, ra as usize)
        };
        self.parent[small] = big as u16;
        self.weight[big] += self.weight[small];
        self.contacts[big][0] += self.contacts[small][0];
        self.contacts[big][1] += self.contacts[small][1];
    }

    /// Whether the group of the stone on `sq` touches both of its edges.
    pub(crate) fn spans(&mut self, size: BoardSize, sq: Square) -> bool {
        let root = self.find(self.node_at[size.index(sq)]) as usize;
        self.contacts[root][0] > 0 && self.contacts[root][1] > 0
    }
}
