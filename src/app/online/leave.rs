//! Leaving the lobby server by choice, for `App`: from the Online screen,
//! to connect again or to another server (the connect form opens). A game
//! on the clock is finished or resigned first; a correspondence game waits
//! at the server, listed under My games at the next connection.

use super::page::{PageForm, Tab};
use super::state::Online;
use crate::app::action::Action;
use crate::app::message::Tone;
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::online::protocol::Pace;

impl App {
    /// Whether the Online page's key for `action` does something now (its
    /// hint shown): the rules on the leaderboard, withdrawing with a seek
    /// of one's own, disconnecting while connected.
    pub(in crate::app) fn online_page_offers(&self, action: Action) -> bool {
        let Screen::Online(page) = &self.screen else {
            return true;
        };
        let me = self.online.me.as_deref();
        match action {
            Action::NextValue => page.tab == Tab::Leaderboard,
            Action::CancelSeek => self.online.seeks.iter().any(|s| Some(s.by.as_str()) == me),
            Action::Disconnect => self.online.is_active(),
            Action::RenameOnline => self.online.is_up() && me.is_some(),
            _ => true,
        }
    }

    /// The Online screen's key: the connection closed, the connect form
    /// open on the server's field.
    pub(in crate::app) fn disconnect_online(&mut self) {
        let Some(server) = self.online.server().map(str::to_string) else {
            return self.say(Tone::Warning, "Not connected.");
        };
        let on_clock = self.online.game.as_ref().is_some_and(|g| {
            g.me.is_some() && !g.is_over() && matches!(g.state.terms.pace, Pace::Clock { .. })
        });
        if on_clock {
            let resign = self.key(Action::Resign);
            let text = format!(
                "Your game on the clock goes on: finish it first, or resign ({resign} on the board)."
            );
            return self.say(Tone::Warning, text);
        }
        let waits = self
            .online
            .game
            .as_ref()
            .is_some_and(|g| !g.is_over() && g.me.is_some());
        // The server's game leaves the board (no move is made here in it).
        let on_board = self.online_on_board();
        self.leave_online_game();
        // Dropping the client closes the connection; nothing of it is kept.
        self.online = Online::default();
        if on_board {
            self.start_new_game();
        }
        let mut form = self.connect_form();
        form.focus = 0;
        if let Screen::Online(page) = &mut self.screen {
            page.form = Some(PageForm::Connect(form));
        }
        let text = if waits {
            format!("Disconnected: your game waits at {server}.")
        } else {
            format!("Disconnected from {server}.")
        };
        self.say(Tone::Info, text);
    }
}
