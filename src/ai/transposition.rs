//! The exact solver's transposition table: proven results of positions met
//! before, by another order of the same moves, shared by every solver (and
//! thread) that holds it.
//!
//! A key is the whole position (both colours' bitmasks and the side to
//! move), stored in full, so two positions never share an entry by a hash
//! collision; the hash only picks the bucket. A bucket is one cache line of
//! three entries: one keeps the result that cost the most nodes to prove,
//! the other two the latest, so that costly proofs survive a flood of cheap
//! ones.
//!
//! Threads share it without a lock: each bucket has a sequence number that
//! a writer makes odd while it writes and even again after (a seqlock). A
//! reader that sees it odd, or changed while it read, takes the bucket for
//! empty, and a writer that finds it odd skips its write: a missed result is
//! only found again, but a torn entry, the words of two writes mixed, could
//! claim a wrong result, and this way is never read.

use std::sync::atomic::{AtomicU64, Ordering, fence};

use super::bitboard::{MAX_AREA, Stones};

const MOVER: u64 = 1 << 55;
const WON: u64 = 1 << 56;
const USED: u64 = 1 << 57;
const WORK_SHIFT: u32 = 58;
/// The bits of an entry's second word that belong to the key.
const KEY: u64 = Table::SQUARES | MOVER | USED;

/// Entries per bucket: with the sequence number, one 64-byte cache line.
const SLOTS: usize = 3;

/// Three entries (pairs of words: Black's stones, and White's with the
/// bookkeeping) and the sequence number guarding them.
#[repr(align(64))]
#[derive(Default)]
struct Bucket {
    sequence: AtomicU64,
    words: [AtomicU64; 2 * SLOTS],
}

pub(crate) struct Table {
    buckets: Vec<Bucket>,
}

impl Table {
    /// The bits of an entry's words that are squares of the board.
    pub(crate) const SQUARES: u64 = (1 << MAX_AREA) - 1;

    /// Bytes a bucket takes.
    pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

    /// A table in about `bytes` of memory (at least one bucket); `None`
    /// when the memory cannot be had.
    pub fn new(bytes: usize) -> Option<Table> {
        let count = (bytes / Table::BUCKET_BYTES).max(1);
        let mut buckets: Vec<Bucket> = Vec::new();
        buckets.try_reserve_exact(count).ok()?;
        super::huge_pages::advise(&mut buckets);
        buckets.resize_with(count, Bucket::default);
        Some(Table { buckets })
    }

    /// The two words that key `stones` with `mover` to move: Black's
    /// stones, and White's with the side to move and a mark of use.
    pub(crate) fn key(stones: Stones, mover: usize) -> [u64; 2] {
        [stones[0], stones[1] | (mover as u64) << 55 | USED]
    }

    fn bucket(&self, key: [u64; 2]) -> &Bucket {
        &self.buckets[Table::place(key, self.buckets.len())]
    }

    /// Where of `count` places `key` belongs: a hash of it, scaled.
    pub(crate) fn place(key: [u64; 2], count: usize) -> usize {
        let mixed = (key[0] ^ key[1].rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        // The high bits of the product, scaled to the count.
        ((u128::from(mixed) * count as u128) >> 64) as usize
    }

    /// Starts fetching the bucket of `stones` with `mover` to move into the
    /// cache, for a [`Table::get`] soon after.
    pub fn prefetch(&self, stones: Stones, mover: usize) {
        let bucket: *const Bucket = self.bucket(Table::key(stones, mover));
        super::prefetch::prefetch(bucket.cast());
    }

    /// Whether `mover` wins `stones`, if proven before and still kept.
    pub fn get(&self, stones: Stones, mover: usize) -> Option<bool> {
        let key = Table::key(stones, mover);
        let bucket = self.bucket(key);
        let before = bucket.sequence.load(Ordering::Acquire);
        if before & 1 != 0 {
            return None;
        }
        let mut found = None;
        for slot in bucket.words.chunks_exact(2) {
            let (first, second) = (
                slot[0].load(Ordering::Relaxed),
                slot[1].load(Ordering::Relaxed),
            );
            if first == key[0] && second & KEY == key[1] {
                found = Some(second & WON != 0);
            }
        }
        // The words read before the sequence is read again (see the module).
        fence(Ordering::Acquire);
        if bucket.sequence.load(Ordering::Relaxed) != before {
            return None;
        }
        found
    }

    /// Keeps a proven result; `nodes` is what proving it cost.
    pub fn put(&self, stones: Stones, mover: usize, won: bool, nodes: u64) {
        let key = Table::key(stones, mover);
        let work = u64::from(64 - nodes.leading_zeros()).min(63);
        let result = if won { WON } else { 0 };
        self.store([key[0], key[1] | result | work << WORK_SHIFT]);
    }

    /// Every result kept, each as an entry's two words (see
    /// [`Table::restore`]), while other threads may go on writing: a bucket
    /// being written is read again, and left out if it never settles.
    pub fn entries(&self) -> impl Iterator<Item = [u64; 2]> + '_ {
        self.buckets
            .iter()
            .flat_map(|bucket| {
                let mut slots = [None; SLOTS];
                for _ in 0..8 {
                    let before = bucket.sequence.load(Ordering::Acquire);
                    if before & 1 != 0 {
                        std::hint::spin_loop();
                        continue;
                    }
                    for (slot, words) in slots.iter_mut().zip(bucket.words.chunks_exact(2)) {
                        let entry = [
                            words[0].load(Ordering::Relaxed),
                            words[1].load(Ordering::Relaxed),
                        ];
                        *slot = (entry[1] & USED != 0).then_some(entry);
                    }
                    fence(Ordering::Acquire);
                    if bucket.sequence.load(Ordering::Relaxed) == before {
                        return slots;
                    }
                }
                [None; SLOTS]
            })
            .flatten()
    }

    /// Keeps an entry that [`Table::entries`] gave, from this table or
    /// another's (of any size); `false`, keeping nothing, when the words
    /// are not an entry: no mark of use, bits outside the board's squares
    /// and the entry's own, or a square of both colours.
    pub fn restore(&self, entry: [u64; 2]) -> bool {
        let [black, white] = entry;
        let valid = black & !Table::SQUARES == 0
            && white & USED != 0
            && white & Table::SQUARES & black == 0
            && white & !(Table::SQUARES | MOVER | WON | USED | 63 << WORK_SHIFT) == 0;
        if valid {
            self.store(entry);
        }
        valid
    }

    /// Puts an entry in its bucket (its key's place), keeping the costliest
    /// proof there and the latest ones.
    fn store(&self, entry: [u64; 2]) {
        let work = entry[1] >> WORK_SHIFT;
        let bucket = self.bucket([entry[0], entry[1] & KEY]);
        let before = bucket.sequence.load(Ordering::Relaxed);
        if before & 1 != 0
            || bucket
                .sequence
                .compare_exchange(before, before + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        let words = &bucket.words;
        let read = |slot: usize| {
            [
                words[2 * slot].load(Ordering::Relaxed),
                words[2 * slot + 1].load(Ordering::Relaxed),
            ]
        };
        let write = |slot: usize, entry: [u64; 2]| {
            words[2 * slot].store(entry[0], Ordering::Relaxed);
            words[2 * slot + 1].store(entry[1], Ordering::Relaxed);
        };
        // The costlier proof takes the first slot; the latest the next,
        // the one before it the last.
        let costliest = read(0);
        let (first, rest) = if work >= costliest[1] >> WORK_SHIFT {
            (entry, costliest)
        } else {
            (costliest, entry)
        };
        let latest = read(1);
        write(0, first);
        write(1, rest);
        write(2, latest);
        bucket.sequence.store(before + 2, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_is_one_cache_line() {
        assert_eq!(Table::BUCKET_BYTES, 64);
    }

    #[test]
    fn results_are_found_under_their_whole_key() {
        let table = Table::new(1 << 12).expect("memory");
        table.put([0b101, 0b10], 0, true, 100);
        table.put([0b101, 0b10], 1, false, 100);
        assert_eq!(table.get([0b101, 0b10], 0), Some(true));
        assert_eq!(table.get([0b101, 0b10], 1), Some(false));
        assert_eq!(table.get([0b101, 0b11], 0), None);
        assert_eq!(table.get([0b100, 0b10], 0), None);
    }

    #[test]
    fn a_costly_proof_survives_a_flood_of_cheap_ones_in_its_bucket() {
        // One bucket: every entry lands in it.
        let table = Table::new(1).expect("memory");
        table.put([1, 0], 0, true, 1 << 30);
        for i in 2..100 {
            table.put([i, 0], 0, false, 10);
        }
        assert_eq!(table.get([1, 0], 0), Some(true));
        assert_eq!(table.get([99, 0], 0), Some(false));
        assert_eq!(table.get([98, 0], 0), Some(false));
        assert_eq!(table.get([97, 0], 0), None);
    }

    #[test]
    fn entries_restored_in_a_table_of_another_size_give_the_same_results() {
        let table = Table::new(1 << 12).expect("memory");
        let positions: Vec<Stones> = (1..40u64).map(|i| [i << 3, i & 0b111]).collect();
        for (i, &stones) in positions.iter().enumerate() {
            table.put(stones, i % 2, i % 3 == 0, 1 << i);
        }
        let copy = Table::new(1 << 16).expect("memory");
        for entry in table.entries() {
            assert!(copy.restore(entry), "{entry:x?}");
        }
        for (i, &stones) in positions.iter().enumerate() {
            assert_eq!(copy.get(stones, i % 2), Some(i % 3 == 0));
            assert_eq!(copy.get(stones, 1 - i % 2), None);
        }
        assert_eq!(copy.entries().count(), positions.len());
    }

    #[test]
    fn words_that_are_not_an_entry_are_not_restored() {
        let table = Table::new(1 << 12).expect("memory");
        let unused = [1, 2];
        let both_colours = [3, 2 | USED];
        let off_the_squares = [1 << MAX_AREA, 2 | USED];
        let stray_bit = [1, 2 | USED | 1 << 50];
        for words in [unused, both_colours, off_the_squares, stray_bit] {
            assert!(!table.restore(words), "{words:x?}");
        }
        assert_eq!(table.entries().count(), 0);
        assert!(table.restore([1, 2 | USED | WON]));
        assert_eq!(table.get([1, 2], 0), Some(true));
    }

    #[test]
    fn threads_writing_one_bucket_never_read_a_mixed_entry() {
        // Each thread keeps putting entries whose two words agree (Black's
        // stones = White's) into one bucket; the entries rotate through its
        // slots, so a read that mixed the words of two writes would find a
        // key whose words differ.
        let table = Table::new(1).expect("memory");
        std::thread::scope(|scope| {
            for thread in 0..2u64 {
                let table = &table;
                scope.spawn(move || {
                    for i in 0..50_000u64 {
                        let x = 1 + 2 * (i % 3) + thread;
                        table.put([x, x], 0, x % 2 == 0, i % 7);
                        for black in 1..=6 {
                            for white in 1..=6 {
                                let found = table.get([black, white], 0);
                                if black != white {
                                    assert_eq!(found, None, "{black} {white}");
                                } else if let Some(won) = found {
                                    assert_eq!(won, black % 2 == 0);
                                }
                            }
                        }
                    }
                });
            }
        });
    }
}
