//! The search's settings.

/// The most room threads give a tree: strongest's own.
const MAX_THREADED_NODES: usize = 1 << 23;

/// How the engine searches. Tuned by measurement (`brique arena`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Blend all-moves-as-first (RAVE) statistics into move values; off gives
    /// plain UCT.
    pub rave: bool,
    /// The UCT exploration constant.
    pub exploration: f32,
    /// RAVE bias `b` in β = ñ / (n + ñ + 4b²nñ): smaller trusts RAVE longer.
    pub rave_bias: f32,
    /// Visits a leaf needs before it gets children (the root always has them).
    pub expand_after: u32,
    /// How much that threshold grows as the tree fills: times
    /// `1 + expand_growth * nodes / max_nodes`, so a long search keeps growing
    /// its best lines instead of filling its memory early.
    pub expand_growth: f32,
    /// Playouts answer intrusions into bridges instead of playing at random.
    pub bridges: bool,
    /// The tree stops growing at this many nodes (21 bytes each).
    pub max_nodes: usize,
    /// On boards the exact solver takes (7×7 and smaller), prove the
    /// position between batches of iterations, and play a proven win.
    pub exact: bool,
    pub seed: u64,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            rave: true,
            exploration: 0.0,
            rave_bias: 0.02,
            expand_after: 4,
            expand_growth: 0.0,
            bridges: true,
            max_nodes: 1 << 21,
            exact: false,
            seed: 0,
        }
    }
}

impl SearchConfig {
    /// The settings of a search grown by `threads` threads: as many times
    /// the tree's room, up to strongest's (2^23 nodes, 176 MB), as they fill
    /// it that much faster, and a full tree stops deepening. Measured with
    /// one thread (`brique arena`, 15×15): hard given 2 s won 11 of 19 games
    /// against hard's 1 s in the same room, and 12 of 15 with twice the room.
    /// A tree already larger keeps its room.
    pub fn on_threads(self, threads: usize) -> SearchConfig {
        self.with_room(threads)
    }

    /// The settings of a search that also ponders: it grows its tree on the
    /// opponent's time too, about twice its own budget a move, so it gets
    /// twice the room, as for a second thread. In the room of its own budget
    /// alone, hard's tree was full from the third move on, and hard pondering
    /// won 5 of 15 games against hard not pondering.
    pub fn pondering(self) -> SearchConfig {
        self.with_room(2)
    }

    /// `times` the tree's room, up to strongest's; never less than now.
    fn with_room(self, times: usize) -> SearchConfig {
        let room = self.max_nodes.saturating_mul(times.max(1));
        SearchConfig {
            max_nodes: room.min(MAX_THREADED_NODES).max(self.max_nodes),
            ..self
        }
    }

    /// Plain UCT without RAVE, for comparisons.
    pub fn uct() -> SearchConfig {
        SearchConfig {
            rave: false,
            exploration: 0.5,
            ..SearchConfig::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    #[test]
    fn threads_give_the_tree_room_up_to_the_strongest_levels() {
        let hard = Level::Hard.config(1);
        let strongest = Level::Strongest.config(1);
        assert_eq!(hard.on_threads(1), hard);
        assert_eq!(hard.on_threads(0), hard);
        let two = hard.on_threads(2);
        assert_eq!(two.max_nodes, 2 * hard.max_nodes);
        assert_eq!(
            SearchConfig {
                max_nodes: hard.max_nodes,
                ..two
            },
            hard
        );
        assert_eq!(hard.on_threads(64).max_nodes, strongest.max_nodes);
        assert_eq!(strongest.on_threads(8), strongest);
        let huge = SearchConfig {
            max_nodes: 1 << 25,
            ..hard
        };
        assert_eq!(huge.on_threads(4), huge);
    }

    #[test]
    fn pondering_gives_the_tree_the_room_of_a_second_thread() {
        let hard = Level::Hard.config(1);
        assert_eq!(hard.pondering(), hard.on_threads(2));
        assert_eq!(hard.on_threads(2).pondering(), hard.on_threads(4));
        let strongest = Level::Strongest.config(1);
        assert_eq!(strongest.pondering(), strongest);
    }
}
