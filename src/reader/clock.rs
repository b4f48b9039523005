//! The game's clocks in the line mode: the core's one rule
//! ([`PlayerClocks`]), read against this machine's clock. Nothing ticks
//! aloud: the clocks are told when asked, when a player is under ten
//! seconds after a move, and when a flag falls.

use std::time::{Duration, Instant};

use crate::core::{Player, PlayerClocks, TimeControl};

/// Under this, the time left is told after every move.
pub const LOW_TIME: Duration = Duration::from_secs(10);

pub struct Clocks {
    clocks: PlayerClocks,
    turn_began: Instant,
}

impl Clocks {
    pub fn new(control: TimeControl, first: Player) -> Clocks {
        Clocks {
            clocks: PlayerClocks::new(control, first),
            turn_began: Instant::now(),
        }
    }

    pub fn control(&self) -> TimeControl {
        self.clocks.control()
    }

    /// The player to move moved now.
    pub fn moved(&mut self) {
        self.clocks.moved(self.turn_began.elapsed());
        self.turn_began = Instant::now();
    }

    /// The last move taken back; the turn starts again.
    pub fn undone(&mut self) {
        self.clocks.undone();
        self.turn_began = Instant::now();
    }

    pub fn left(&self, player: Player) -> Duration {
        self.clocks.left(player, self.turn_began.elapsed())
    }

    /// The player to move, if their time has run out.
    pub fn flagged(&self) -> Option<Player> {
        let mover = self.clocks.to_move();
        (self.clocks.started(mover) && self.left(mover).is_zero()).then_some(mover)
    }

    /// The player to move, if their clock runs and shows under ten seconds.
    pub fn low(&self) -> Option<(Player, Duration)> {
        let mover = self.clocks.to_move();
        let left = self.left(mover);
        (self.clocks.started(mover) && left < LOW_TIME).then_some((mover, left))
    }
}

/// `4 minutes 5 seconds`, `9 seconds`.
pub fn spoken(time: Duration) -> String {
    let seconds = time.as_secs();
    let (minutes, seconds) = (seconds / 60, seconds % 60);
    let unit = |n: u64, one: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {one}s")
        }
    };
    match minutes {
        0 => unit(seconds, "second"),
        _ if seconds == 0 => unit(minutes, "minute"),
        _ => format!("{} {}", unit(minutes, "minute"), unit(seconds, "second")),
    }
}
