//! The core layer: the game's rules on hand-made positions, and properties over
//! random games.
//!
//! One test binary per layer, each file a module: one link instead of one per file.

// Test code: its helpers outside #[test] may unwrap, expect and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod positions;
mod props;
