//! The lessons and puzzles screen: its state, the answers the keys give, and
//! how it is drawn.

pub(super) mod answers;
pub(super) mod state;
pub(super) mod view;
