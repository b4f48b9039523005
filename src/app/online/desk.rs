//! What the online part reads of the rest of the screen while it takes in
//! what the server sent or a key on the Online screen: borrowed for the
//! call, so that the part acts on its own state and says the rest as deeds.

use super::page::OnlinePage;
use crate::app::action::Action;
use crate::app::config::Config;
use crate::app::game::session::Session;
use crate::app::keys::keymap::{Context, key_for};
use crate::app::ui::theme::Theme;

pub(in crate::app) struct Desk<'a> {
    /// The Online screen's page, when it is open.
    pub page: Option<&'a mut OnlinePage>,
    /// The game on the board, its names and clocks: a lobby move that
    /// arrives is played on it at once (`incoming.rs`).
    pub session: &'a mut Session,
    pub config: &'a Config,
    pub theme: Theme,
    /// The one server a remote session's player connects to.
    pub fixed: Option<&'a str>,
    /// What wakes the event loop: the lobby's reader rings it.
    pub bell: &'a crate::bell::Bell,
    /// What the keyboard talks to now: a notice names the key from there.
    pub context: Context,
}

impl Desk<'_> {
    /// How the key for `action` is written where `context` has the keyboard.
    pub(in crate::app) fn key(&self, context: Context, action: Action) -> String {
        key_for(&self.config.keys, context, action, self.theme)
    }
}
