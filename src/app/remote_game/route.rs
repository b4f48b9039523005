//! `App`'s side of a remote game: one entry per thing the screen asks of
//! either kind (the board's keys, the question's answer, a resignation, a
//! chat line, the game kept in line after every update), routed to the
//! friend's game or the lobby's; what they ask back is carried out by
//! [`App::carry_out`]. What needs no more of `App` than the two games is
//! asked of them alone (`either.rs`).

use crate::app::action::{Action, HistoryStep};
use crate::app::config::engine::Mode;
use crate::app::flow::effect::Effect;
use crate::app::remote_game::Shown;
use crate::app::state::App;

impl App {
    /// The board's keys in a remote game; `None` for what works as usual
    /// (the cursor, browsing the moves, help).
    pub(in crate::app) fn remote_board(&mut self, action: Action) -> Option<Vec<Effect>> {
        // A click on a square is a move there, as at the cursor.
        let action = match action {
            Action::Click { column, row } => {
                match self.board.square_at(column, row, self.game().size()) {
                    Some(sq) => {
                        self.board.set_cursor(sq);
                        Action::Place
                    }
                    None => action,
                }
            }
            action => action,
        };
        let (latest_key, new_key, online_key) = (
            self.key(Action::History(HistoryStep::Latest)),
            self.key(Action::NewGame),
            self.key(Action::OpenOnline),
        );
        let over = match &self.network {
            Some(_) => self.game().is_over() || self.session.out_of_time().is_some(),
            None => self.online.game.as_ref().is_some_and(|g| g.is_over()),
        };
        let shown = Shown {
            game: self.session.game(),
            names: self.session.names(),
            cursor: self.board.cursor(),
            browsing: self.board.viewing().is_some(),
            over,
            latest_key,
            new_key,
        };
        let deeds = match &mut self.network {
            Some(net) => net.board_key(action, &shown)?,
            None => {
                let (deeds, taken) = self.online.board_key(action, &shown, &online_key);
                let effects = self.carry_out(deeds);
                return taken.then_some(effects);
            }
        };
        Some(self.carry_out(deeds))
    }

    /// Takes in what came from the friend's game's link (the one entry
    /// that reads it).
    pub(in crate::app) fn take_network_events(&mut self) -> Vec<Effect> {
        let Some(net) = &mut self.network else {
            return Vec::new();
        };
        let now = self.session.now();
        let relay = self.config.network.server.as_ref();
        let deeds = net.take_events(self.session.game(), now, relay);
        self.carry_out(deeds)
    }

    /// After every update (and at the start): the remote game on the
    /// board is the other end's, and nobody else plays in it (whatever the
    /// settings say).
    pub(in crate::app) fn sync_remote(&mut self) {
        if (self.network.is_some() || self.online.game.is_some())
            && self.computer.mode() != Mode::HumanVsHuman
        {
            self.computer.set_mode(Mode::HumanVsHuman);
        }
        let deeds = match &mut self.network {
            Some(net) => net.sync(&mut self.session),
            None => self.online.sync(&self.session),
        };
        self.carry_out(deeds);
    }
}
