//! Random playouts: a position played to its end by uniformly random
//! placements (or bridge replies), the search's estimate of who wins.
//!
//! Under the original rules the winner is whoever connects first, so every
//! placement keeps the union-find up to date and the playout stops at the
//! first connection. Under the revised rules the colour connected on the
//! full board is always the first connector (RULES.md; tests/rules/props.rs),
//! so [`Board::rollout`] only puts stones, fills and captures on the cells
//! and reads the winner once, with one flood fill at the end.

use super::{Board, EngineRng, below};
use crate::ai::layout::{BLACK, CELLS, EMPTY, Sq, WHITE, at, color_of};
use crate::core::{Color, Square};

impl Board {
    /// Plays uniformly random placements until someone connects; appends each
    /// placed square to `record` and returns the winner's cell value.
    pub(crate) fn playout(&mut self, rng: &mut EngineRng, record: &mut Vec<Sq>) -> u8 {
        self.play_out(rng, record, false)
    }

    /// The search's playout: the winner of a random game from here, as
    /// [`Board::playout`] (`bridges`: as [`Board::playout_bridges`]) would
    /// name it, by the fastest exact means the rules allow. Under the revised
    /// rules it fills the whole board (`record` gets every square) and leaves
    /// the board good only for [`Board::winner`]: copy over it before reuse.
    pub(crate) fn rollout(
        &mut self,
        rng: &mut EngineRng,
        record: &mut Vec<Sq>,
        bridges: bool,
    ) -> u8 {
        // Four copies of the loop, each with its choices fixed.
        match (
            self.winner == EMPTY && self.layout.full_board_decides,
            bridges,
        ) {
            (true, true) => self.fill_out(rng, record, true),
            (true, false) => self.fill_out(rng, record, false),
            (false, true) => self.play_out(rng, record, true),
            (false, false) => self.play_out(rng, record, false),
        }
    }

    /// The exact playout, until someone connects.
    #[inline(always)]
    pub(super) fn play_out(
        &mut self,
        rng: &mut EngineRng,
        record: &mut Vec<Sq>,
        bridges: bool,
    ) -> u8 {
        if self.winner != EMPTY {
            return self.winner;
        }
        let mut last = record.last().copied();
        loop {
            let count = u32::from(self.empty_count);
            // Unreachable: a full board always has a connection (RULES.md).
            if count == 0 {
                return EMPTY;
            }
            let sq = self.next_square(rng, last, count, bridges);
            record.push(sq);
            if self.place(sq) {
                return self.winner;
            }
            last = Some(sq);
        }
    }

    /// Plays random placements on the cells alone until the board is full,
    /// then names the colour connected there. The empty squares are drawn
    /// from a shuffle made on the way (uniform over those still empty: a
    /// square filled meanwhile is passed over when drawn), so a fill needs
    /// no bookkeeping and no branch.
    #[inline(always)]
    fn fill_out(&mut self, rng: &mut EngineRng, record: &mut Vec<Sq>, bridges: bool) -> u8 {
        let layout = self.layout;
        let mut last = record.last().copied();
        let mut color = self.to_move;
        let mut left = usize::from(self.empty_count);
        let mut order = self.empties;
        while left > 0 {
            let reply = if bridges {
                last.and_then(|x| self.bridge_reply_for(x, color))
            } else {
                None
            };
            let sq = match reply {
                Some(sq) => sq,
                None => {
                    let k = at(below(rng, left as u32) as Sq);
                    let sq = order[k];
                    left -= 1;
                    order[k] = order[at(left as Sq)];
                    if self.cells[at(sq)] != EMPTY {
                        continue;
                    }
                    sq
                }
            };
            record.push(sq);
            self.cells[at(sq)] = color;
            for rule in &layout.fills[at(sq)] {
                let current = self.cells[at(rule.target)];
                let fire = (self.cells[at(rule.guard)] == color) & (current != color);
                self.cells[at(rule.target)] = std::hint::select_unpredictable(fire, color, current);
            }
            self.ply += 1;
            color ^= 3;
            last = Some(sq);
        }
        self.to_move = color;
        self.empty_count = 0;
        self.winner = if self.connects(BLACK) { BLACK } else { WHITE };
        self.winner
    }

    /// The next square of a playout: the bridge reply to `last` if asked for
    /// and there is one, else one of the `count` empty squares at random.
    #[inline(always)]
    fn next_square(&self, rng: &mut EngineRng, last: Option<Sq>, count: u32, bridges: bool) -> Sq {
        let reply = if bridges {
            last.and_then(|x| self.bridge_reply(x))
        } else {
            None
        };
        reply.unwrap_or_else(|| self.empties[at(below(rng, count) as Sq)])
    }

    /// Whether `color`'s stones join its two edges, by a flood fill over the
    /// cells from its low edge.
    fn connects(&self, color: u8) -> bool {
        let layout = self.layout;
        let contact = |sq: Sq| layout.contact[at(sq)][color as usize & 3];
        let mut seen = [0u64; CELLS / 64];
        let mut stack = [0 as Sq; CELLS];
        let mut top = 0;
        // Marks `sq` seen; whether it is a stone of `color` not seen before.
        let mut fresh = |sq: Sq| {
            let (word, bit) = (at(sq) / 64, 1u64 << (sq % 64));
            let new = self.cells[at(sq)] == color && seen[word] & bit == 0;
            seen[word] |= bit;
            new
        };
        for sq in 0..layout.area as Sq {
            if contact(sq) & 0xff != 0 && fresh(sq) {
                stack[top & (CELLS - 1)] = sq;
                top += 1;
            }
        }
        while top > 0 {
            top -= 1;
            let sq = stack[top & (CELLS - 1)];
            if contact(sq) >> 8 != 0 {
                return true;
            }
            for &n in &layout.neighbours[at(sq)] {
                if fresh(n) {
                    stack[top & (CELLS - 1)] = n;
                    top += 1;
                }
            }
        }
        false
    }

    /// The square that saves a bridge of the side to move broken into by a
    /// stone on `x`, if any.
    #[inline(always)]
    pub(super) fn bridge_reply(&self, x: Sq) -> Option<Sq> {
        self.bridge_reply_for(x, self.to_move)
    }

    /// The square that saves a bridge of `me` broken into by a stone on `x`.
    #[inline(always)]
    fn bridge_reply_for(&self, x: Sq, me: u8) -> Option<Sq> {
        let ring = &self.layout.ring[at(x)];
        // Bit k of each mask: what the ring's square k holds. Masks, not a
        // loop of tests, whose outcomes cannot be predicted.
        let (mut mine, mut empty) = (0u8, 0u8);
        for (k, &sq) in ring.iter().enumerate() {
            mine |= u8::from(self.cells[at(sq)] == me) << k;
            empty |= u8::from(self.cells[at(sq)] == EMPTY) << k;
        }
        let rotate = |bits: u8, by: u32| (bits >> by | bits << (6 - by)) & 0x3f;
        // Bit k: square k + 1 is empty between two of mine.
        let saves = rotate(empty, 1) & mine & rotate(mine, 2);
        (saves != 0).then(|| ring[(saves.trailing_zeros() as usize + 1) % 6])
    }

    /// A random playout from here to the end, for benchmarks and tests:
    /// the winner and the squares placed, in order.
    pub fn random_playout(&mut self, rng: &mut EngineRng) -> (Option<Color>, Vec<Square>) {
        let mut record = Vec::with_capacity(self.area());
        let winner = self.playout(rng, &mut record);
        let squares = record.iter().map(|&sq| self.square_of(sq)).collect();
        ((winner != EMPTY).then(|| color_of(winner)), squares)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::layout::cell_of;
    use crate::core::{BoardSize, Variant};
    use rand_xoshiro::rand_core::SeedableRng;

    /// The winner a revised rollout reads once on the full board is the
    /// player who connected first along the same moves, replayed exactly.
    #[test]
    fn a_filled_board_names_the_first_connector() {
        let mut rng = EngineRng::seed_from_u64(16);
        for n in [5u8, 6, 7, 8, 11, 15, 20, 25] {
            let size = BoardSize::new(n).unwrap();
            for game in 0..300 {
                let mut start = Board::new(size, Variant::Revised, false);
                // Some from random positions a few moves in.
                for _ in 0..game % 12 {
                    let count = start.empties().len() as u32;
                    let sq = start.empties()[below(&mut rng, count) as usize];
                    if start.place(sq) {
                        break;
                    }
                }
                if start.winner().is_some() {
                    continue;
                }
                let mut filled = start.clone();
                let mut record = Vec::new();
                let winner = filled.rollout(&mut rng, &mut record, game % 2 == 0);
                let mut exact = start.clone();
                let first = record.iter().position(|&sq| exact.place(sq));
                assert!(first.is_some(), "{n}x{n}: no connection along {record:?}");
                assert_eq!(exact.winner(), filled.winner(), "{n}x{n}: {record:?}");
                assert_eq!(filled.winner().map(cell_of), Some(winner));
            }
        }
    }

    /// Under the original rules a rollout is the exact playout: it stops at
    /// the first connection, which it names.
    #[test]
    fn an_original_rollout_stops_at_the_first_connection() {
        let mut rng = EngineRng::seed_from_u64(17);
        for n in [5u8, 9, 15] {
            let size = BoardSize::new(n).unwrap();
            for game in 0..100 {
                let start = Board::new(size, Variant::Original, false);
                let mut board = start.clone();
                let mut record = Vec::new();
                let winner = board.rollout(&mut rng, &mut record, game % 2 == 0);
                let mut exact = start.clone();
                let first = record.iter().position(|&sq| exact.place(sq));
                assert_eq!(first, Some(record.len() - 1));
                assert_eq!(exact.winner(), board.winner());
                assert_eq!(board.winner().map(cell_of), Some(winner));
            }
        }
    }
}
