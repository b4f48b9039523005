//! Leaving the lobby server by choice, from the Online screen, to connect
//! again or to another server (the connect form opens). A game on the
//! clock is finished or resigned first; a correspondence game waits at the
//! server, listed under My games at the next connection.

use super::connect::connect_form;
use super::desk::Desk;
use super::page::{OnlinePage, PageForm, Tab};
use super::state::Online;
use crate::app::action::Action;
use crate::app::keys::keymap::Context;
use crate::app::message::Tone;
use crate::app::remote_game::deed::{Deed, Deeds};
use crate::online::protocol::Pace;

impl Online {
    /// Whether the Online page's key for `action` does something now (its
    /// hint shown): the rules on the leaderboard, withdrawing with a seek
    /// of one's own, disconnecting while connected, a bot while one is online.
    pub(in crate::app) fn page_offers(&self, page: &OnlinePage, action: Action) -> bool {
        let me = self.me.as_deref();
        match action {
            Action::NextValue => page.tab == Tab::Leaderboard,
            Action::CancelSeek => self.seeks.iter().any(|s| Some(s.by.as_str()) == me),
            Action::Disconnect => self.is_active(),
            Action::RenameOnline => self.is_up() && me.is_some(),
            // Offered while a bot is online to be played.
            Action::PlayBot => self.is_up() && me.is_some() && !self.bots.is_empty(),
            _ => true,
        }
    }

    /// The Online screen's key: the connection closed, the connect form
    /// open on the server's field.
    pub(super) fn disconnect(&mut self, page: &mut OnlinePage, desk: &Desk<'_>, deeds: &mut Deeds) {
        let Some(server) = self.server().map(str::to_string) else {
            return deeds.say(Tone::Warning, "Not connected.");
        };
        let on_clock = self.game.as_ref().is_some_and(|g| {
            g.me().is_some() && !g.is_over() && matches!(g.state.terms.pace, Pace::Clock { .. })
        });
        if on_clock {
            let resign = desk.key(Context::Board, Action::Resign);
            let text = format!(
                "Your game on the clock goes on: finish it first, or resign ({resign} on the board)."
            );
            return deeds.say(Tone::Warning, text);
        }
        let waits = self
            .game
            .as_ref()
            .is_some_and(|g| !g.is_over() && g.me().is_some());
        // The server's game leaves the board (no move is made here in it).
        let on_board = self.on_board();
        self.leave(deeds);
        // Dropping the client closes the connection; nothing of it is kept.
        *self = Online::default();
        if on_board {
            deeds.push(Deed::NewGame);
        }
        let mut form = connect_form(desk.config, desk.fixed);
        form.focus = 0;
        page.form = Some(PageForm::Connect(form));
        let text = if waits {
            format!("Disconnected: your game waits at {server}.")
        } else {
            format!("Disconnected from {server}.")
        };
        deeds.say(Tone::Info, text);
    }
}
