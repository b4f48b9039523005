//! A network game's clocks. The host's are the game's: they count only
//! while the guest is connected (no one loses on time because the other's
//! network dropped), they decide a loss on time, and their readings go to
//! the guest with every state. A guest's clocks follow the host's: the time
//! control and a fallen flag for its record, the readings for its panel,
//! counted down between two states for display only.

use std::time::Instant;

use super::state::{LinkState, Network};
use crate::app::game::clock::ClockFace;
use crate::app::game::session::Session;
use crate::app::remote_game::Readings;
use crate::app::remote_game::deed::Deed;
use crate::core::{Game, Player};
use crate::net::Clocks;

impl Network {
    /// A guest's clocks are the host's last sent (before the host's first
    /// state, a resumed game's clocks wait).
    pub(super) fn guest_clocks(&self) -> Deed {
        match self.table.as_ref() {
            Some(table) => Deed::FollowClocks {
                control: table.clocks.map(|c| c.control),
                flag: table.clocks.and_then(|c| c.flag),
            },
            None => Deed::HoldClocks(true),
        }
    }

    /// A guest's clocks as its panel shows them: the host's readings, the
    /// running one counted down since they came while the link is up.
    pub(in crate::app) fn clock_faces(&self, game: &Game, now: Instant) -> Option<[ClockFace; 2]> {
        if self.is_host() {
            return None;
        }
        let clocks = self.table.as_ref()?.clocks?;
        let counting = self.link == LinkState::Connected;
        let readings = Readings {
            left: clocks.left,
            running: clocks.running.filter(|_| counting),
            flag: clocks.flag,
        };
        Some(self.remote.clock_faces(game, readings, now))
    }
}

/// The host's clocks as its state carries them.
pub(super) fn clocks_to_send(session: &Session) -> Option<Clocks> {
    let clock = session.clock()?;
    let to_move = session.game().player_to_move();
    let now = session.now();
    Some(Clocks {
        control: clock.control(),
        left: [Player::One, Player::Two].map(|player| clock.left(player, to_move, now)),
        running: clock.counts_for(to_move).then_some(to_move),
        flag: clock.flag(),
    })
}
