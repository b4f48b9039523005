//! The game on the board: the session and its clocks, the cursor and how the
//! board is looked at, the moves the keys make, browsing the past, and the
//! board and panel drawn.

pub(super) mod board_view;
pub(super) mod board_widget;
pub(super) mod clock;
pub(super) mod clock_reading;
pub(super) mod history;
pub(super) mod marks;
pub(super) mod panel;
pub(super) mod play;
pub(super) mod session;
pub(super) mod stones;
pub(super) mod summary;
pub(super) mod threats;
