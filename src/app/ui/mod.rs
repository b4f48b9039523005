//! What every screen draws with: the theme and palette, the layout, word wrap
//! and text width, the one-line text field and its caret, dialogs, scrolling pages and the
//! status line.

pub(super) mod caret;
pub(super) mod cells;
mod contrast;
pub(super) mod dialog;
pub mod layout;
pub(super) mod page;
pub(super) mod pages;
pub(super) mod palette;
pub(super) mod scene;
pub(super) mod shorten;
pub(super) mod sixteen;
pub(super) mod status_line;
pub(super) mod text_input;
pub(super) mod text_width;
pub(super) mod theme;
pub(super) mod too_small;
pub(super) mod wrap;
