//! The proof-number solver's table: for each position met, its proof and
//! disproof numbers (see [`super::proof_number`]) and the work spent on
//! it, so that depth-first proof-number search finds again what it learnt
//! about a subtree when it comes back to it.
//!
//! Keyed like [`super::transposition::Table`] by the whole position (both
//! colours' stones and the side to move), so two positions never share an
//! entry. A key may go to any of the four entries of its cluster; a new one
//! takes the place of the one that cost least to reach its numbers, so the
//! numbers of large subtrees, the costliest to learn again, survive a
//! flood of small ones. One table per thread: no sharing, no locks.

use super::bitboard::Stones;
use super::transposition::Table;

/// Entries a key may go to.
const CLUSTER: usize = 4;

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

#[derive(Clone, Copy, Default)]
struct Entry {
    /// [`Table::key`]'s two words; zero when the entry is free.
    key: [u64; 2],
    phi: u32,
    delta: u32,
    work: u64,
}

/// A key's entries, on cache lines of their own: a cluster read costs two
/// lines, not three.
#[repr(align(64))]
#[derive(Clone, Copy, Default)]
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
        super::huge_pages::advise(&mut clusters);
        clusters.resize(count, Cluster::default());
        Some(NumberTable { clusters })
    }

    /// Bytes the table takes.
    pub fn bytes(&self) -> usize {
        self.clusters.len() * NumberTable::CLUSTER_BYTES
    }

    fn cluster(&self, key: [u64; 2]) -> usize {
        Table::place(key, self.clusters.len())
    }

    /// Starts fetching the cluster of `stones` with `mover` to move into
    /// the cache, for a [`NumberTable::get`] soon after.
    pub fn prefetch(&self, stones: Stones, mover: usize) {
        let cluster = &self.clusters[self.cluster(Table::key(stones, mover))].0;
        super::prefetch::prefetch(cluster.as_ptr().cast());
        super::prefetch::prefetch(cluster[CLUSTER / 2..].as_ptr().cast());
    }

    /// The numbers of `stones` with `mover` to move, if kept.
    pub fn get(&self, stones: Stones, mover: usize) -> Option<Numbers> {
        let key = Table::key(stones, mover);
        self.clusters[self.cluster(key)]
            .0
            .iter()
            .find(|entry| entry.key == key)
            .map(|entry| Numbers {
                phi: entry.phi,
                delta: entry.delta,
                work: entry.work,
            })
    }

    /// Keeps the numbers of `stones` with `mover` to move: in its own
    /// entry if it has one, else in place of the cheapest of its cluster.
    pub fn put(&mut self, stones: Stones, mover: usize, numbers: Numbers) {
        let key = Table::key(stones, mover);
        let place = self.cluster(key);
        let cluster = &mut self.clusters[place].0;
        let at = match cluster.iter().position(|entry| entry.key == key) {
            Some(at) => at,
            None => (0..CLUSTER)
                .min_by_key(|&at| (cluster[at].key != [0, 0], cluster[at].work))
                .unwrap_or(0),
        };
        cluster[at] = Entry {
            key,
            phi: numbers.phi,
            delta: numbers.delta,
            work: numbers.work,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(phi: u32, delta: u32, work: u64) -> Numbers {
        Numbers { phi, delta, work }
    }

    #[test]
    fn a_cluster_is_two_whole_cache_lines() {
        assert_eq!(NumberTable::CLUSTER_BYTES, 128);
        assert_eq!(std::mem::align_of::<Cluster>(), 64);
    }

    #[test]
    fn numbers_are_found_under_their_whole_key() {
        let mut table = NumberTable::new(1 << 12).expect("memory");
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
        let mut table = NumberTable::new(1).expect("memory");
        table.put([1, 0], 0, numbers(2, 2, 1 << 30));
        for i in 2..100 {
            table.put([i, 0], 0, numbers(1, 1, 10));
        }
        assert_eq!(table.get([1, 0], 0), Some(numbers(2, 2, 1 << 30)));
        assert_eq!(table.get([99, 0], 0), Some(numbers(1, 1, 10)));
        assert_eq!(table.get([2, 0], 0), None);
    }
}
