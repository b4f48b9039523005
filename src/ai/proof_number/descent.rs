//! How [`ProofNumberSolver`] goes down its path and back up: the most
//! proving child entered under its thresholds, a position's children made
//! with the numbers the tables or their threats give them, and the numbers
//! kept on the way back (see the parent module for the method).

use super::number_table::Numbers;
use super::{INFINITE, ProofNumberSolver};
use crate::ai::bitboard::{Geometry, Stones};

/// A position on the search's path.
pub(super) struct Frame {
    pub(super) stones: Stones,
    pub(super) mover: usize,
    /// It is left once its φ or δ reaches these.
    phi_limit: u32,
    delta_limit: u32,
    /// The work the table had for it when this visit began, and the node
    /// count then.
    earlier: u64,
    start: u64,
    /// Its children: `kids[first..first + count]`.
    first: usize,
    count: usize,
    /// The child being searched while a frame above it is on the path.
    searching: usize,
}

/// A child of the position being searched: its stones and numbers (from
/// its own side to move's view).
#[derive(Clone, Copy, Default)]
pub(super) struct Child {
    stones: Stones,
    phi: u32,
    delta: u32,
}

impl ProofNumberSolver {
    /// Searches from the top of the path until the position being proven
    /// is left (its numbers then) or the node limit is reached (`None`,
    /// the path kept). Each position on the path is searched until its φ
    /// or δ reaches the limits its parent set; below it, always the most
    /// proving child.
    pub(super) fn search(&mut self) -> Option<(u32, u32)> {
        loop {
            let top = self.path.last()?;
            let kids = &self.kids[top.first..top.first + top.count];
            let (phi, delta, best, second) = combine(kids);
            if phi >= top.phi_limit || delta >= top.delta_limit {
                if !self.leave((phi, delta)) {
                    return Some((phi, delta));
                }
                continue;
            }
            if self.nodes >= self.limit {
                return None;
            }
            let child = kids[best];
            // The child's φ counts in this position's δ, its δ is this
            // position's φ while it stays the best.
            let child_phi_limit = top
                .delta_limit
                .saturating_sub(delta)
                .saturating_add(child.phi);
            let child_delta_limit = top.phi_limit.min(second.saturating_add(second / 4 + 1));
            let opponent = 1 - top.mover;
            if let Some(top) = self.path.last_mut() {
                top.searching = best;
            }
            if let Some(numbers) =
                self.enter(child.stones, opponent, child_phi_limit, child_delta_limit)
            {
                self.give_parent(numbers);
            }
        }
    }

    /// Makes the children of `stones` with `mover` to move (who cannot
    /// connect at once) and puts it on the path, to be searched until its φ
    /// reaches `phi_limit` or its δ `delta_limit`; or, when its children
    /// already decide it, its numbers.
    pub(super) fn enter(
        &mut self,
        stones: Stones,
        mover: usize,
        phi_limit: u32,
        delta_limit: u32,
    ) -> Option<(u32, u32)> {
        self.expansions += 1;
        let start = self.nodes;
        let (key, key_mover) = self.geometry.canonical(stones, mover);
        let earlier = self.numbers.get(key, key_mover).map_or(0, |n| n.work);
        let first = self.kids.len();
        match self.children(stones, mover) {
            Ok(count) => {
                self.path.push(Frame {
                    stones,
                    mover,
                    phi_limit,
                    delta_limit,
                    earlier,
                    start,
                    first,
                    count,
                    searching: 0,
                });
                None
            }
            Err(won) => {
                self.kids.truncate(first);
                let numbers = if won { (0, INFINITE) } else { (INFINITE, 0) };
                self.keep(stones, mover, numbers, earlier + self.nodes - start);
                Some(numbers)
            }
        }
    }

    /// Takes the top position off the path with `numbers`, keeping them in
    /// the tables and giving them to its parent; whether it had one.
    fn leave(&mut self, numbers: (u32, u32)) -> bool {
        let Some(frame) = self.path.pop() else {
            return false;
        };
        self.kids.truncate(frame.first);
        let work = frame.earlier + self.nodes - frame.start;
        self.keep(frame.stones, frame.mover, numbers, work);
        self.give_parent(numbers)
    }

    /// Gives the child being searched of the top position its `numbers`;
    /// whether there is a top position.
    fn give_parent(&mut self, (phi, delta): (u32, u32)) -> bool {
        let Some(parent) = self.path.last() else {
            return false;
        };
        let child = &mut self.kids[parent.first + parent.searching];
        child.phi = phi;
        child.delta = delta;
        true
    }

    /// Leaves the whole path, keeping what it learnt in the tables.
    pub(super) fn abandon(&mut self) {
        while let Some(top) = self.path.last() {
            let (phi, delta, _, _) = combine(&self.kids[top.first..top.first + top.count]);
            self.leave((phi, delta));
        }
    }

    /// Makes the children of `stones` with `mover` to move, with their
    /// numbers, at the end of `kids`: how many, or `Err` with whether
    /// `mover` wins when that is already known (what was made stays).
    fn children(&mut self, stones: Stones, mover: usize) -> Result<usize, bool> {
        let candidates = self.candidates(stones, mover);
        let opponent = 1 - mover;
        let first = self.kids.len();
        // Each child's table entries are fetched while the next child is
        // made, and read after: those reads miss the cache in large tables,
        // and waiting for them was 40% of the time.
        let mut waiting: Option<(Stones, (Stones, usize))> = None;
        for at in 0..self.centre_first.len() {
            let sq = self.centre_first[at];
            if candidates & 1 << sq == 0 {
                continue;
            }
            self.nodes += 1;
            let next = self.geometry.play(stones, mover, usize::from(sq));
            if self.geometry.winning_squares(next, opponent) != 0 {
                continue;
            }
            let key = self.geometry.canonical(next, opponent);
            self.numbers.prefetch(key.0, key.1);
            self.proven.prefetch(key.0, key.1);
            if let Some((made, made_key)) = waiting.replace((next, key))
                && !self.take_child(made, opponent, made_key)
            {
                return Err(true);
            }
        }
        if let Some((made, made_key)) = waiting
            && !self.take_child(made, opponent, made_key)
        {
            return Err(true);
        }
        match self.kids.len() - first {
            0 => Err(false),
            count => Ok(count),
        }
    }

    /// Adds the child `stones` (with `mover` to move, `key` its canonical
    /// form) to `kids` with its numbers; false, adding nothing, when
    /// its side to move is proven lost, so that its parent wins.
    fn take_child(&mut self, stones: Stones, mover: usize, key: (Stones, usize)) -> bool {
        let (phi, delta) = self.numbers_of(stones, mover, key);
        if phi == INFINITE {
            return false;
        }
        self.kids.push(Child { stones, phi, delta });
        true
    }

    /// The squares worth a look for `mover` in `stones`: every empty one,
    /// or when the opponent threatens to connect at once, those that take a
    /// threatened square or capture (the must-block rule).
    pub(super) fn candidates(&self, stones: Stones, mover: usize) -> u64 {
        let geometry = &self.geometry;
        let threats = geometry.winning_squares(stones, 1 - mover);
        if threats == 0 {
            geometry.full & !(stones[0] | stones[1])
        } else {
            geometry.squares_touching(stones, mover, threats)
        }
    }

    /// The numbers of `stones` with `mover` to move (who cannot connect at
    /// once): as the tables have them, or from its threats.
    pub(super) fn child_numbers(&self, stones: Stones, mover: usize) -> (u32, u32) {
        self.numbers_of(stones, mover, self.geometry.canonical(stones, mover))
    }

    /// [`ProofNumberSolver::child_numbers`], given the canonical form.
    fn numbers_of(
        &self,
        stones: Stones,
        mover: usize,
        (key, key_mover): (Stones, usize),
    ) -> (u32, u32) {
        let geometry = &self.geometry;
        // The shared table first: another thread may have proven what this
        // one's numbers still have open.
        match self.proven.get(key, key_mover) {
            Some(true) => return (0, INFINITE),
            Some(false) => return (INFINITE, 0),
            None => {}
        }
        if let Some(numbers) = self.numbers.get(key, key_mover) {
            return (numbers.phi, numbers.delta);
        }
        let threats = geometry.winning_squares(stones, 1 - mover);
        if threats == 0 {
            return quiet_numbers(geometry, stones, mover);
        }
        match geometry
            .squares_touching(stones, mover, threats)
            .count_ones()
        {
            0 => (INFINITE, 0),
            defences => (1, defences),
        }
    }

    /// Keeps the numbers of `stones` with `mover` to move, reached with
    /// `work` positions; a proven result goes to the shared table too.
    fn keep(&mut self, stones: Stones, mover: usize, (phi, delta): (u32, u32), work: u64) {
        let (key, key_mover) = self.geometry.canonical(stones, mover);
        if phi == 0 || delta == 0 {
            self.proven.put(key, key_mover, phi == 0, work);
        }
        self.numbers
            .put(key, key_mover, Numbers { phi, delta, work });
    }
}

/// The numbers a position where nobody threatens to connect starts with:
/// each side's φ or δ grows with the empty squares it lacks to join its
/// edges, so the search looks first where one side is nearly through. Three
/// times that distance, plus one, was measured against 1, 2, 4, 6 and 10
/// times, against squares, and against the former δ = the empty squares:
/// it searched the fewest positions (`solve --size 5 --rules revised`: 97.7
/// million against 143.8 million).
fn quiet_numbers(geometry: &Geometry, stones: Stones, mover: usize) -> (u32, u32) {
    let empty = (geometry.full & !(stones[0] | stones[1])).count_ones();
    // A side cut off entirely may still get through by captures: far, not
    // lost.
    let lacks = |colour| geometry.distance(stones, colour).min(empty + 1);
    (1 + 3 * lacks(mover), 1 + 3 * lacks(1 - mover))
}

/// A position's numbers from its children's: φ, δ, the child with the least
/// δ (the first of equals) and the second least δ.
fn combine(children: &[Child]) -> (u32, u32, usize, u32) {
    let mut best = 0;
    let (mut least, mut second) = (INFINITE, INFINITE);
    let mut sum: u32 = 0;
    for (at, child) in children.iter().enumerate() {
        if child.delta < least {
            (second, least, best) = (least, child.delta, at);
        } else if child.delta < second {
            second = child.delta;
        }
        sum = match (sum, child.phi) {
            (INFINITE, _) | (_, INFINITE) => INFINITE,
            (sum, phi) => sum.saturating_add(phi).min(INFINITE - 1),
        };
    }
    (least, sum, best, second)
}
