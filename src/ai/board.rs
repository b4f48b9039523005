//! The playout board: the core's rules on fixed tables, fast enough for
//! hundreds of thousands of random games a second.
//!
//! Exact like [`crate::core::Position`]: placements with escort fills and
//! captures, the winner decided at the first connection. Connection is a
//! union-find over stones with per-group counts of edge contacts; a capture
//! never splits a group (RULES.md), so a captured stone only leaves its group's
//! counts and its square gets a fresh node. Nothing allocates once a board is
//! built: [`Board::copy_from`] reuses the buffers.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::Rng;

use super::layout::{
    BLACK, CELLS, EMPTY, Edges, FillRule, Layout, OFF, Sq, WHITE, at, cell_of, color_of, spans,
};
use crate::core::{BoardSize, Color, MAX_SQUARES, Position, Square, Variant};

mod playout;

/// The seeded generator the engine uses everywhere.
pub type EngineRng = Xoshiro256PlusPlus;

/// A uniformly random number below `n` (`n > 0`), without bias (Lemire).
#[inline]
pub(crate) fn below(rng: &mut EngineRng, n: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// Room for every stone a game can make: each placement makes at most three
/// (itself and two fills), so at most `3 * MAX_SQUARES`.
const LINKS: usize = 2048;
const _: () = assert!(3 * MAX_SQUARES <= LINKS);

#[inline(always)]
fn node(n: Sq) -> usize {
    n as usize & (LINKS - 1)
}

/// A position for the engine: the board, side to move and ply.
#[derive(Clone)]
pub struct Board {
    layout: &'static Layout,
    pie: bool,
    to_move: u8,
    winner: u8,
    ply: u16,
    links_used: u16,
    empty_count: u16,
    /// One cell per square plus the off-board sentinel at index `area`.
    cells: [u8; CELLS],
    /// Each stone's union-find node.
    node_at: [Sq; CELLS],
    /// The empty squares in any order, and where each sits in that list.
    empties: [Sq; CELLS],
    slot: [Sq; CELLS],
    /// The union-find over stones, one node per stone put (a captured
    /// stone's square gets a fresh one): each node's parent, and at roots the
    /// group's live stones on its colour's edges. Two arrays, so that every
    /// read is of one whole field just written (no store-forwarding stalls).
    parent: [Sq; LINKS],
    edges: [Edges; LINKS],
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let size = self.size();
        let position: String = (0..size.area())
            .map(|i| match self.cells[i] {
                BLACK => 'B',
                WHITE => 'W',
                _ => '.',
            })
            .collect();
        write!(f, "Board({size}, {position}, ply {})", self.ply)
    }
}

impl Board {
    fn empty(layout: &'static Layout, pie: bool) -> Board {
        let area = layout.area;
        let mut board = Board {
            layout,
            pie,
            to_move: BLACK,
            winner: EMPTY,
            ply: 0,
            links_used: 0,
            empty_count: area as u16,
            cells: [OFF; CELLS],
            node_at: [0; CELLS],
            empties: [0; CELLS],
            slot: [0; CELLS],
            parent: [0; LINKS],
            edges: [0; LINKS],
        };
        for i in 0..area {
            board.cells[i] = EMPTY;
            board.empties[i] = i as Sq;
            board.slot[i] = i as Sq;
        }
        board.cells[at(layout.black_edge())] = BLACK;
        board.cells[at(layout.white_edge())] = WHITE;
        board
    }

    /// The engine's copy of a core position.
    pub fn from_position(position: &Position) -> Board {
        let rules = position.rules();
        let size = position.size();
        let mut board = Board::empty(Layout::get(size, rules.variant), rules.pie);
        for sq in size.squares() {
            if let Some(color) = position.get(sq) {
                let i = size.index(sq) as Sq;
                board.remove_empty(i);
                board.put(i, cell_of(color));
            }
        }
        board.to_move = cell_of(position.to_move());
        board.ply = position.ply();
        board.winner = position.winner().map_or(EMPTY, cell_of);
        board
    }

    /// The empty board of a size and rules.
    pub fn new(size: BoardSize, variant: Variant, pie: bool) -> Board {
        Board::empty(Layout::get(size, variant), pie)
    }

    /// Makes this board equal to `other`, copying only the parts in use.
    pub fn copy_from(&mut self, other: &Board) {
        let area = other.layout.area;
        let used = other.links_used as usize;
        let empties = other.empty_count as usize;
        self.layout = other.layout;
        self.pie = other.pie;
        self.to_move = other.to_move;
        self.winner = other.winner;
        self.ply = other.ply;
        self.links_used = other.links_used;
        self.empty_count = other.empty_count;
        // The squares, the sentinel and the two edge pseudo-squares.
        self.cells[..area + 3].copy_from_slice(&other.cells[..area + 3]);
        self.cells[area + 3..].fill(OFF);
        self.node_at[..area].copy_from_slice(&other.node_at[..area]);
        self.empties[..empties].copy_from_slice(&other.empties[..empties]);
        self.slot[..area].copy_from_slice(&other.slot[..area]);
        self.parent[..used].copy_from_slice(&other.parent[..used]);
        self.edges[..used].copy_from_slice(&other.edges[..used]);
    }

    pub fn size(&self) -> BoardSize {
        self.layout.size
    }

    pub(crate) fn area(&self) -> usize {
        self.layout.area
    }

    pub fn to_move(&self) -> Color {
        color_of(self.to_move)
    }

    pub(crate) fn to_move_cell(&self) -> u8 {
        self.to_move
    }

    pub fn ply(&self) -> u16 {
        self.ply
    }

    pub fn pie(&self) -> bool {
        self.pie
    }

    /// Whether the side to move may swap now (pie rule, White's first action).
    pub fn can_swap(&self) -> bool {
        self.pie && self.ply == 1 && self.to_move == WHITE && self.winner == EMPTY
    }

    pub fn winner(&self) -> Option<Color> {
        (self.winner != EMPTY).then(|| color_of(self.winner))
    }

    pub fn get(&self, sq: Square) -> Option<Color> {
        if !self.size().contains(sq) {
            return None;
        }
        match self.cells[self.size().index(sq)] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    pub(crate) fn cell(&self, sq: Sq) -> u8 {
        self.cells[at(sq)]
    }

    /// The empty squares, in no particular order.
    pub(crate) fn empties(&self) -> &[Sq] {
        &self.empties[..self.empty_count as usize]
    }

    pub(crate) fn square_of(&self, sq: Sq) -> Square {
        self.size().square(sq as usize)
    }

    pub(crate) fn index_of(&self, sq: Square) -> Sq {
        self.size().index(sq) as Sq
    }

    /// Places a stone on `sq` for the side to move, if the square is empty and
    /// the game goes on; returns whether the move won.
    pub fn place_square(&mut self, sq: Square) -> Option<bool> {
        if self.winner != EMPTY || !self.size().contains(sq) || self.get(sq).is_some() {
            return None;
        }
        Some(self.place(self.index_of(sq)))
    }

    /// Swaps sides (pie rule): the board stays, White is still to move.
    pub fn swap(&mut self) -> bool {
        if self.can_swap() {
            self.ply += 1;
            true
        } else {
            false
        }
    }

    /// Plays the empty square `sq` for the side to move: the stone, its fills
    /// and captures. Returns whether the mover connected (and so won).
    #[inline(always)]
    pub(crate) fn place(&mut self, sq: Sq) -> bool {
        let layout = self.layout;
        let color = self.to_move;
        let other = color ^ 3;
        self.remove_empty(sq);
        let root = self.put(sq, color);
        // Written out, not a loop: a loop's branches would take room in the
        // processor's history of the unpredictable ones.
        let [first, second] = &layout.fills[at(sq)];
        self.fill(first, root, color);
        self.fill(second, root, color);
        let won = spans(self.edges[node(root)]);
        self.ply += 1;
        self.to_move = other;
        if won {
            self.winner = color;
        }
        won
    }

    /// Whether a stone of `color` (a cell value) on the empty square `sq`
    /// would connect its edges, computed without changing the board.
    pub(crate) fn would_win(&self, sq: Sq, color: u8) -> bool {
        let layout = self.layout;
        let mut edges = layout.contact[at(sq)][color as usize & 3];
        self.gather(sq, color, &mut edges);
        for &FillRule { target, guard, .. } in &layout.fills[at(sq)] {
            if self.cells[at(target)] != color && (guard == sq || self.cells[at(guard)] == color) {
                edges |= layout.contact[at(target)][color as usize & 3];
                self.gather(target, color, &mut edges);
            }
        }
        spans(edges)
    }

    /// Ors into `edges` the edge contacts of `color`'s groups next to `sq`.
    fn gather(&self, sq: Sq, color: u8, edges: &mut Edges) {
        for &n in &self.layout.neighbours[at(sq)] {
            if self.cells[at(n)] == color {
                *edges |= self.edges[node(self.root(self.node_at[at(n)]))];
            }
        }
    }

    /// The squares `sq` would fill for the side to move, and whether any of
    /// them is a capture.
    pub(crate) fn fills_of(&self, sq: Sq) -> ([Sq; 2], usize, bool) {
        let color = self.to_move;
        let layout = self.layout;
        let mut out = [0; 2];
        let mut count = 0;
        let mut captures = false;
        for &FillRule { target, guard, .. } in &layout.fills[at(sq)] {
            let current = self.cells[at(target)];
            if current != color && (guard == sq || self.cells[at(guard)] == color) {
                out[count] = target;
                count += 1;
                captures |= current != EMPTY;
            }
        }
        (out, count, captures)
    }

    #[inline(always)]
    fn remove_empty(&mut self, sq: Sq) {
        let slot = self.slot[at(sq)];
        self.empty_count -= 1;
        let last = self.empties[at(self.empty_count)];
        self.empties[at(slot)] = last;
        self.slot[at(last)] = slot;
    }

    /// Puts a stone of `color` on `sq` as a fresh node joined to its like
    /// neighbours: the new stone hangs under the first neighbour's group, and
    /// the other neighbours' groups are merged into it.
    #[inline(always)]
    fn put(&mut self, sq: Sq, color: u8) -> Sq {
        let (new, mut edges) = self.add_stone(sq, color);
        let mut root = new;
        for &n in &self.layout.neighbours[at(sq)] {
            if self.cells[at(n)] == color {
                let r = self.find(self.node_at[at(n)]);
                if root == new {
                    root = r;
                } else {
                    self.merge(r, root, &mut edges);
                }
            }
        }
        self.attach(new, root, edges)
    }

    /// Applies one fill rule of a placement by `color` whose group's root is
    /// `root`. A filled square neighbours the placed stone, so it joins that
    /// group, whose root stays `root`.
    #[inline(always)]
    fn fill(&mut self, rule: &FillRule, root: Sq, color: u8) {
        let FillRule { target, guard, .. } = *rule;
        let current = self.cells[at(target)];
        // The guard holds the mover's stone and the target does not, as one
        // test: the outcome is hard to predict, so one branch, not two.
        if (self.cells[at(guard)] ^ color) | u8::from(current == color) != 0 {
            return;
        }
        if current == EMPTY {
            self.remove_empty(target);
        } else {
            // Capture: the stone leaves its group's edge counts.
            let group = node(self.find(self.node_at[at(target)]));
            self.edges[group] -= self.layout.contact[at(target)][current as usize & 3];
        }
        self.put_fill(rule, root, color);
    }

    /// Puts a stone of `color` on a square a placement fills, joined to the
    /// group `root` of the placed stone. The placed stone and the guard are
    /// two of the target's neighbours and hold the mover's stones, so only
    /// the others need a look.
    #[inline(always)]
    fn put_fill(&mut self, rule: &FillRule, root: Sq, color: u8) {
        let (new, mut edges) = self.add_stone(rule.target, color);
        let guard = self.find(self.node_at[at(rule.guard)]);
        self.merge(guard, root, &mut edges);
        for &n in &rule.others {
            if self.cells[at(n)] == color {
                let r = self.find(self.node_at[at(n)]);
                self.merge(r, root, &mut edges);
            }
        }
        self.attach(new, root, edges);
    }

    /// Puts a stone of `color` on `sq` with a fresh node, not yet linked;
    /// returns the node and the stone's edge contacts.
    #[inline(always)]
    fn add_stone(&mut self, sq: Sq, color: u8) -> (Sq, Edges) {
        let new = self.links_used;
        self.links_used += 1;
        self.cells[at(sq)] = color;
        self.node_at[at(sq)] = new;
        (new, self.layout.contact[at(sq)][color as usize & 3])
    }

    /// Hangs the group of root `r` under `root`, adding its edge counts to
    /// `edges`, unless it is that group already. Without a branch: whether
    /// it is cannot be predicted (when it is, `root` is linked to itself).
    #[inline(always)]
    fn merge(&mut self, r: Sq, root: Sq, edges: &mut Edges) {
        self.parent[node(r)] = root;
        *edges += std::hint::select_unpredictable(r == root, 0, self.edges[node(r)]);
    }

    /// Links the fresh node `new` under `root` (itself, for a lone stone)
    /// and adds `edges` to the group's counts; returns `root`.
    #[inline(always)]
    fn attach(&mut self, new: Sq, root: Sq, edges: Edges) -> Sq {
        self.parent[node(new)] = root;
        self.edges[node(new)] = 0;
        self.edges[node(root)] += edges;
        root
    }

    /// The root of `n`, halving the path. Trees stay shallow, so the first
    /// test asks whether `n`'s grandparent is a root: nearly always true
    /// (the parent or `n` itself may be the root), which the processor
    /// predicts, unlike whether `n` itself is one.
    #[inline(always)]
    fn find(&mut self, n: Sq) -> Sq {
        let parent = self.parent[node(n)];
        let grand = self.parent[node(parent)];
        self.parent[node(n)] = grand;
        if self.parent[node(grand)] == grand {
            return grand;
        }
        let mut n = grand;
        loop {
            let parent = self.parent[node(n)];
            let grand = self.parent[node(parent)];
            if grand == parent {
                return parent;
            }
            self.parent[node(n)] = grand;
            n = grand;
        }
    }

    /// The root of `n` without path compression (for read-only queries).
    fn root(&self, mut n: Sq) -> Sq {
        loop {
            let parent = self.parent[node(n)];
            if parent == n {
                return n;
            }
            n = parent;
        }
    }
}

#[cfg(test)]
mod tests;
