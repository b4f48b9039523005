//! The host's clocks as a `state` message carries them: the time control,
//! each player's time left when the state was sent, whose clock counts and
//! who ran out of time. The host's clocks are the ones that count; a guest
//! shows these readings, counting down between two states for display.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::wire_player::{self, NoPlayer};
use crate::core::{Player, TimeControl, TimeControlError};

/// More time left than any time control gives (a day, plus an hour's
/// increment for a thousand moves) is no reading of a real clock.
const MOST_LEFT: Duration = Duration::from_secs(24 * 3600 + 1000 * 3600);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    pub control: TimeControl,
    /// Player 1's and Player 2's time left when the state was sent.
    pub left: [Duration; 2],
    /// The player whose clock counts (none while the clocks stand).
    pub running: Option<Player>,
    /// The player who ran out of time.
    pub flag: Option<Player>,
}

impl Clocks {
    /// What the clocks are doing, apart from the time left: two states that
    /// agree on this and on the game differ only by the time passed.
    pub fn course(&self) -> (TimeControl, Option<Player>, Option<Player>) {
        (self.control, self.running, self.flag)
    }
}

/// The wire form: `{"control": "0+2", "left_ms": [1500, 2000], "running":
/// 2, "flag": null}`, players by number.
#[derive(Serialize, Deserialize)]
pub(super) struct WireClocks {
    control: String,
    left_ms: [u64; 2],
    running: Option<u8>,
    flag: Option<u8>,
}

impl From<&Clocks> for WireClocks {
    fn from(clocks: &Clocks) -> WireClocks {
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        WireClocks {
            control: clocks.control.to_string(),
            left_ms: clocks.left.map(ms),
            running: clocks.running.map(wire_player::number),
            flag: clocks.flag.map(wire_player::number),
        }
    }
}

/// Why a clock reading is not one of a real clock.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadClock {
    #[error(transparent)]
    Control(#[from] TimeControlError),
    #[error("more time left than a clock holds")]
    TooMuchLeft,
    #[error(transparent)]
    Player(#[from] NoPlayer),
    #[error("a clock counts after a flag fell")]
    RunsAfterFlag,
}

impl TryFrom<WireClocks> for Clocks {
    type Error = BadClock;

    fn try_from(wire: WireClocks) -> Result<Clocks, BadClock> {
        let control = wire.control.parse()?;
        let left = wire.left_ms.map(Duration::from_millis);
        if left.iter().any(|&l| l > MOST_LEFT) {
            return Err(BadClock::TooMuchLeft);
        }
        let player = |n: Option<u8>| n.map(wire_player::player).transpose();
        let (running, flag) = (player(wire.running)?, player(wire.flag)?);
        if running.is_some() && flag.is_some() {
            return Err(BadClock::RunsAfterFlag);
        }
        Ok(Clocks {
            control,
            left,
            running,
            flag,
        })
    }
}
