//! A network game's clocks. The host's are the game's: they count only
//! while the guest is connected (no one loses on time because the other's
//! network dropped), they decide a loss on time, and their readings go to
//! the guest with every state. A guest's clocks follow the host's: the time
//! control and a fallen flag for its record, the readings for its panel,
//! counted down between two states for display only.

use std::time::Duration;

use super::state::LinkState;
use crate::app::game::clock_reading::ClockFace;
use crate::app::state::App;
use crate::core::{Color, Player};
use crate::net::Clocks;

impl App {
    /// Host: the clocks pause while nobody is connected and count again
    /// when the guest is back. Guest: the clocks are the host's last sent.
    pub(in crate::app) fn sync_network_clocks(&mut self) {
        let Some(net) = &self.network else { return };
        if net.is_host() {
            self.session.hold_clock(net.link != LinkState::Connected);
            return;
        }
        match net.table.as_ref() {
            Some(table) => {
                let clocks = table.clocks;
                let flag = clocks.and_then(|c| c.flag);
                self.session.follow_clocks(clocks.map(|c| c.control), flag);
            }
            // Before the host's first state, a resumed game's clocks wait.
            None => self.session.hold_clock(true),
        }
    }

    /// The host's clocks as its state carries them.
    pub(in crate::app) fn clocks_to_send(&self) -> Option<Clocks> {
        let clock = self.session.clock()?;
        let to_move = self.game().player_to_move();
        let now = self.session.now();
        Some(Clocks {
            control: clock.control(),
            left: [Player::One, Player::Two].map(|player| clock.left(player, to_move, now)),
            running: clock.counts_for(to_move).then_some(to_move),
            flag: clock.flag(),
        })
    }

    /// A guest's clocks as its panel shows them: the host's readings, the
    /// running one counted down since they came while the link is up.
    pub(in crate::app) fn followed_clock_faces(&self) -> Option<[ClockFace; 2]> {
        let net = self.network.as_ref().filter(|n| !n.is_host())?;
        let clocks = net.table.as_ref()?.clocks?;
        let counting = net.link == LinkState::Connected;
        let now = self.session.now();
        let since = net
            .heard_at
            .map_or(Duration::ZERO, |at| now.saturating_duration_since(at));
        let game = self.game();
        Some(Color::ALL.map(|color| {
            let player = game.holder(color);
            let running = counting && clocks.running == Some(player);
            let left = clocks.left[player.index()];
            ClockFace::followed(
                color,
                player,
                left,
                since,
                running,
                clocks.flag == Some(player),
            )
        }))
    }
}
