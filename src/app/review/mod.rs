//! The game review: the engine rates every move of the game on its own
//! threads ([`crate::reviewer::Reviewer`]) while the screen keeps drawing,
//! then a chart of Black's winning chance over the moves, the moves marked
//! `?!`, `?` or `??` in the move list, keys to the next and previous
//! mistake, and at a marked move the played and the better move on the
//! board with both chances. The review is kept in the record's `x-review`
//! line (`files/screen_lines.rs`), so a reopened game shows it at once.
//!
//! `state.rs` holds the review and its thread, `keys.rs` what the keys and
//! clicks do (and the effects that start and stop the thread), `view.rs`
//! the chart, the progress and the notes of the side panel, `summary.rs`
//! the players' marks and losses in words.

pub(super) mod keys;
pub(super) mod state;
mod summary;
pub(super) mod view;
