//! The game's files: the autosave, saved records and results, and their screens
//! (the save prompt, the records screen).

pub(super) mod autosave;
mod autosave_lock;
pub(super) mod naming;
pub(super) mod record_filter;
pub(super) mod records_screen;
pub(super) mod records_view;
pub(super) mod save_prompt;
pub(super) mod saved_games;
pub(super) mod screen_lines;
pub(super) mod state;
pub(super) mod worth_keeping;
pub(super) mod writer;
mod written;
