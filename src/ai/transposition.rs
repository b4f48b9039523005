//! The exact solver's transposition table: proven results of positions met
//! before, by another order of the same moves.
//!
//! A key is the whole position (both colours' bitmasks and the side to
//! move), stored in full, so two positions never share an entry by a hash
//! collision; the hash only picks the bucket. Each bucket has two slots:
//! one keeps the result that cost the most nodes to prove, the other the
//! latest, so that costly proofs survive a flood of cheap ones.

use super::bitboard::{MAX_AREA, Stones};

const SQUARES: u64 = (1 << MAX_AREA) - 1;
const MOVER: u64 = 1 << 55;
const WON: u64 = 1 << 56;
const USED: u64 = 1 << 57;
const WORK_SHIFT: u32 = 58;
/// The bits of an entry's second word that belong to the key.
const KEY: u64 = SQUARES | MOVER | USED;

pub(crate) struct Table {
    /// Pairs of words: Black's stones, and White's with the bookkeeping.
    entries: Vec<[u64; 2]>,
    buckets_mask: usize,
}

impl Table {
    /// A table of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Table {
        Table {
            entries: vec![[0; 2]; 1 << bits],
            buckets_mask: (1 << (bits - 1)) - 1,
        }
    }

    fn key(stones: Stones, mover: usize) -> [u64; 2] {
        [stones[0], stones[1] | (mover as u64) << 55 | USED]
    }

    fn bucket(&self, key: [u64; 2]) -> usize {
        let mixed = (key[0] ^ key[1].rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        2 * ((mixed >> 20) as usize & self.buckets_mask)
    }

    /// Whether `mover` wins `stones`, if proven before and still kept.
    pub fn get(&self, stones: Stones, mover: usize) -> Option<bool> {
        let key = Table::key(stones, mover);
        let at = self.bucket(key);
        self.entries[at..at + 2]
            .iter()
            .find(|e| e[0] == key[0] && e[1] & KEY == key[1])
            .map(|e| e[1] & WON != 0)
    }

    /// Keeps a proven result; `nodes` is what proving it cost.
    pub fn put(&mut self, stones: Stones, mover: usize, won: bool, nodes: u64) {
        let key = Table::key(stones, mover);
        let work = u64::from(64 - nodes.leading_zeros()).min(63);
        let result = if won { WON } else { 0 };
        let entry = [key[0], key[1] | result | work << WORK_SHIFT];
        let at = self.bucket(key);
        if work >= self.entries[at][1] >> WORK_SHIFT {
            // The costlier proof takes the first slot; the one it displaces
            // is still the latest but one.
            self.entries[at + 1] = self.entries[at];
            self.entries[at] = entry;
        } else {
            self.entries[at + 1] = entry;
        }
    }
}
