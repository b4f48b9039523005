//! The core layer: the game's rules on hand-made positions, and properties over
//! random games.
//!
//! One test binary per layer, each file a module: one link instead of one per file.

mod positions;
mod props;
