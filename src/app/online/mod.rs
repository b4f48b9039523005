//! Online play on a lobby server (`brique server --lobby`): the connection
//! (a thread connects, the event loop's ticks take in what the server
//! sends), the Online screen (its pages, the seek and connect forms), the
//! online game on the board (moves the server referees, its clocks) and
//! what is watched, downloaded and rated.

pub(super) mod aids;
mod answers;
pub(super) mod board;
pub(super) mod bot_picker;
mod bot_picker_view;
pub(super) mod connect;
pub(super) mod connect_lobby;
mod desk;
pub(super) mod download;
pub(super) mod form;
pub(super) mod form_view;
pub(super) mod incoming;
pub(super) mod keys;
pub(super) mod leave;
pub(super) mod lists_view;
pub(super) mod page;
mod play_bot;
pub(super) mod rename;
mod rename_view;
pub(super) mod state;
pub(super) mod talk;
mod tournament_form;
mod tournament_form_view;
mod tournament_keys;
mod tournament_view;
mod tournaments;
#[cfg(test)]
mod tournaments_tests;
pub(super) mod view;
