//! The search's settings.

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
            seed: 0,
        }
    }
}

impl SearchConfig {
    /// Plain UCT without RAVE, for comparisons.
    pub fn uct() -> SearchConfig {
        SearchConfig {
            rave: false,
            exploration: 0.5,
            ..SearchConfig::default()
        }
    }
}
