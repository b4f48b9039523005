//! The proof-number solver's table: for each position met, its proof and
//! disproof numbers (see [`super`]) and the work spent on
//! it, so that depth-first proof-number search finds again what it learnt
//! about a subtree when it comes back to it.
//!
//! Keyed like [`crate::ai::transposition::Table`] by the whole position (both
//! colours' stones and the side to move), so two positions never share an
//! entry. A key may go to any of the four entries of its cluster; a new one
//! takes the place of the one that cost least to reach its numbers, so the
//! numbers of large subtrees, the costliest to learn again, survive a
//! flood of small ones.
//!
//! One table serves every thread of a solve, so that `--memory` bounds the
//! whole and a position one thread searched is not searched again by
//! another from nothing (each thread's own table took as much memory again,
//! 51 GB on 16 threads for `--memory 4096`, and the threads searched twice
//! the positions one did). Threads share it without a lock: each entry's
//! last word holds a sequence number that a writer makes odd while it
//! writes and even again after (a seqlock, as the table of proven results
//! has per bucket). A reader that sees it odd, or changed while it read,
//! takes the entry for absent, and a writer that finds it odd skips its
//! write: numbers missed are only learnt again, while a torn entry, the
//! words of two writes mixed, could claim a proof that was never made.

use std::sync::atomic::{AtomicU64, Ordering, fence};

use crate::ai::bitboard::Stones;
use crate::ai::transposition::Table;

/// Entries a key may go to.
const CLUSTER: usize = 4;

/// The bits of an entry's last word that hold its sequence number; the
/// rest hold its work.
const SEQUENCE_BITS: u32 = 24;
const SEQUENCE: u64 = (1 << SEQUENCE_BITS) - 1;
/// The most work an entry records (2^40 positions, far beyond any solve
/// yet: 6×6 revised took 1.4 × 2^33); more is kept as this.
const MAX_WORK: u64 = (1 << (64 - SEQUENCE_BITS)) - 1;

/// What the table knows of a position: its numbers, from the side to
/// move's view, and what they cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Numbers {
    /// The proof number: how hard it looks to prove the side to move wins.
    pub phi: u32,
    /// The disproof number: how hard it looks to prove it loses.
    pub delta: u32,
    /// Positions searched below it, by every visit.
    pub work: u64,
}

/// Four words: [`Table::key`]'s two (zero when the entry is free), φ and δ,
/// and the work with the sequence number.
#[derive(Default)]
struct Entry([AtomicU64; 4]);

impl Entry {
    fn key(&self) -> [u64; 2] {
        [
            self.0[0].load(Ordering::Relaxed),
            self.0[1].load(Ordering::Relaxed),
        ]
    }

    fn work(&self) -> u64 {
        self.0[3].load(Ordering::Relaxed) >> SEQUENCE_BITS
    }

    /// The numbers kept here for `key`, unless another key's, or being
    /// written (see the module).
    fn read(&self, key: [u64; 2]) -> Option<Numbers> {
        let before = self.0[3].load(Ordering::Acquire);
        if before & 1 != 0 || self.key() != key {
            return None;
        }
        let numbers = self.0[2].load(Ordering::Relaxed);
        // The words read before the sequence is read again.
        fence(Ordering::Acquire);
        let after = self.0[3].load(Ordering::Relaxed);
        (after == before && self.key() == key).then_some(Numbers {
            phi: (numbers >> 32) as u32,
            delta: numbers as u32,
            work: before >> SEQUENCE_BITS,
        })
    }

    /// Writes `key` with `numbers` here, unless another thread is writing
    /// it.
    fn write(&self, key: [u64; 2], numbers: Numbers) {
        let last = &self.0[3];
        let before = last.load(Ordering::Relaxed);
        if before & 1 != 0
            || last
                .compare_exchange(before, before | 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        // The words below written after the odd sequence is.
        fence(Ordering::Release);
        self.0[0].store(key[0], Ordering::Relaxed);
        self.0[1].store(key[1], Ordering::Relaxed);
        let packed = u64::from(numbers.phi) << 32 | u64::from(numbers.delta);
        self.0[2].store(packed, Ordering::Relaxed);
        let sequence = (before + 2) & SEQUENCE;
        let work = numbers.work.min(MAX_WORK);
        last.store(work << SEQUENCE_BITS | sequence, Ordering::Release);
    }
}

/// A key's entries, on cache lines of their own: a cluster read costs two
/// lines, not three.
#[repr(align(64))]
#[derive(Default)]
struct Cluster([Entry; CLUSTER]);

pub(crate) struct NumberTable {
    clusters: Vec<Cluster>,
}

impl NumberTable {
    /// Bytes a cluster takes.
    const CLUSTER_BYTES: usize = std::mem::size_of::<Cluster>();

    /// A table in about `bytes` of memory (at least one cluster); `None`
    /// when the memory cannot be had.
    pub fn new(bytes: usize) -> Option<NumberTable> {
        let count = (bytes / NumberTable::CLUSTER_BYTES).max(1);
        let mut clusters: Vec<Cluster> = Vec::new();
        clusters.try_reserve_exact(count).ok()?;
        crate::ai::huge_pages::advise(&mut clusters);
        clusters.resize_with(count, Cluster::default);
        Some(NumberTable { clusters })
    }

    fn cluster(&self, key: [u64; 2]) -> &[Entry; CLUSTER] {
        &self.clusters[Table::place(key, self.clusters.len())].0
    }

    /// Starts fetching the cluster of `stones` with `mover` to move into
    /// the cache, for a [`NumberTable::get`] soon after.
    pub fn prefetch(&self, stones: Stones, mover: usize) {
        let cluster = self.cluster(Table::key(stones, mover));
        crate::ai::prefetch::prefetch(cluster.as_ptr().cast());
        crate::ai::prefetch::prefetch(cluster[CLUSTER / 2..].as_ptr().cast());
    }

    /// The numbers of `stones` with `mover` to move, if kept.
    pub fn get(&self, stones: Stones, mover: usize) -> Option<Numbers> {
        let key = Table::key(stones, mover);
        let cluster = self.cluster(key);
        cluster
            .iter()
            .find(|entry| entry.key() == key)
            .and_then(|entry| entry.read(key))
    }

    /// Keeps the numbers of `stones` with `mover` to move: in its own
    /// entry if it has one, else in place of the cheapest of its cluster.
    pub fn put(&self, stones: Stones, mover: usize, numbers: Numbers) {
        let key = Table::key(stones, mover);
        let cluster = self.cluster(key);
        let at = match cluster.iter().position(|entry| entry.key() == key) {
            Some(at) => at,
            None => (0..CLUSTER)
                .min_by_key(|&at| (cluster[at].key() != [0, 0], cluster[at].work()))
                .unwrap_or(0),
        };
        cluster[at].write(key, numbers);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(phi: u32, delta: u32, work: u64) -> Numbers {
        Numbers { phi, delta, work }
    }

    #[test]
    fn work_beyond_what_an_entry_records_is_kept_as_the_most() {
        let table = NumberTable::new(1 << 12).expect("memory");
        table.put([1, 0], 0, numbers(0, INFINITE_FOR_TEST, u64::MAX));
        assert_eq!(
            table.get([1, 0], 0),
            Some(numbers(0, INFINITE_FOR_TEST, MAX_WORK))
        );
    }

    const INFINITE_FOR_TEST: u32 = u32::MAX;

    #[test]
    fn threads_writing_one_cluster_never_read_a_mixed_entry() {
        // Each thread keeps putting entries whose words agree (Black's
        // stones = White's = φ = δ = work) into one cluster, so a read that
        // mixed the words of two writes would find numbers that differ
        // from its key.
        let table = NumberTable::new(1).expect("memory");
        std::thread::scope(|scope| {
            for thread in 0..2u64 {
                let table = &table;
                scope.spawn(move || {
                    for i in 0..50_000u64 {
                        let x = 1 + 2 * (i % 5) + thread;
                        let n = x as u32;
                        table.put([x, x], 0, numbers(n, n, x));
                        for black in 1..=10u64 {
                            if let Some(found) = table.get([black, black], 0) {
                                let n = black as u32;
                                assert_eq!(found, numbers(n, n, black));
                            }
                            assert_eq!(table.get([black, black + 1], 0), None);
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn a_cluster_is_two_whole_cache_lines() {
        assert_eq!(NumberTable::CLUSTER_BYTES, 128);
        assert_eq!(std::mem::align_of::<Cluster>(), 64);
    }

    #[test]
    fn numbers_are_found_under_their_whole_key() {
        let table = NumberTable::new(1 << 12).expect("memory");
        table.put([0b101, 0b10], 0, numbers(3, 4, 10));
        table.put([0b101, 0b10], 1, numbers(5, 6, 10));
        assert_eq!(table.get([0b101, 0b10], 0), Some(numbers(3, 4, 10)));
        assert_eq!(table.get([0b101, 0b10], 1), Some(numbers(5, 6, 10)));
        assert_eq!(table.get([0b101, 0b11], 0), None);
        table.put([0b101, 0b10], 0, numbers(7, 8, 20));
        assert_eq!(table.get([0b101, 0b10], 0), Some(numbers(7, 8, 20)));
    }

    #[test]
    fn costly_numbers_survive_a_flood_of_cheap_ones_in_their_cluster() {
        // One cluster: every key lands in it.
        let table = NumberTable::new(1).expect("memory");
        table.put([1, 0], 0, numbers(2, 2, 1 << 30));
        for i in 2..100 {
            table.put([i, 0], 0, numbers(1, 1, 10));
        }
        assert_eq!(table.get([1, 0], 0), Some(numbers(2, 2, 1 << 30)));
        assert_eq!(table.get([99, 0], 0), Some(numbers(1, 1, 10)));
        assert_eq!(table.get([2, 0], 0), None);
    }
}
