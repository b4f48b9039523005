//! A remote game's clocks as the panel shows them: the other end's last
//! readings, the one running counted down here since they came.

use std::time::Instant;

use super::{Readings, RemoteGame};
use crate::app::game::clock::ClockFace;
use crate::core::{Color, Game};

impl RemoteGame {
    /// The clocks as the panel shows them, Black's holder first: the
    /// readings last heard, the one running counted down since.
    pub(in crate::app) fn clock_faces(
        &self,
        game: &Game,
        readings: Readings,
        now: Instant,
    ) -> [ClockFace; 2] {
        let since = self.since_heard(now);
        Color::ALL.map(|color| {
            let player = game.holder(color);
            ClockFace::followed(
                color,
                player,
                readings.left[player.index()],
                since,
                readings.running == Some(player),
                readings.flag == Some(player),
            )
        })
    }
}
