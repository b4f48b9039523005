//! A network game from the screen: its state, the forms that start it, its
//! clocks, what it does at the board, and its form drawn.

pub(super) mod aids;
pub(super) mod clock;
pub(super) mod events;
pub(super) mod form;
pub(super) mod form_view;
mod kept;
pub(super) mod play;
pub(super) mod relay;
pub(super) mod start;
pub(super) mod start_error;
pub(super) mod state;
