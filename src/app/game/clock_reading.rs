//! The game screen's clocks: what the panel shows of them, a flag falling
//! (announced once, and kept in the record), and the computer's time. The
//! clocks run whatever is open over the board, as a chess clock does not
//! stop for a glance at the rules; they stand between runs of the program
//! (a resumed game goes on from the clocks after its last move).

use std::time::Duration;

use crate::app::game::clock::ClockFace;
use crate::app::message::{Tone, on_time_text};
use crate::app::remote_game::either::Remote;
use crate::app::state::App;
use crate::core::{Color, Player, TimeControl};

/// How long past the change of the clock shown the event loop wakes, so
/// that the face it draws has moved on.
const PAST_THE_CHANGE: Duration = Duration::from_millis(1);

impl App {
    /// The time control of the game on the board.
    pub fn clock_control(&self) -> Option<TimeControl> {
        self.session.clock().map(|c| c.control())
    }

    /// Both clocks, Black's holder first, while the game has them.
    pub fn clock_faces(&self) -> Option<[ClockFace; 2]> {
        if let Some(faces) = Remote::of(&self.network, &self.online).clock_faces(&self.session) {
            return Some(faces);
        }
        let clock = self.session.clock()?;
        let game = self.game();
        let to_move = game.player_to_move();
        let now = self.session.now();
        Some(Color::ALL.map(|color| {
            let player = game.holder(color);
            ClockFace {
                color,
                player,
                left: clock.left(player, to_move, now),
                running: player == to_move && clock.counts_for(player),
                out_of_time: clock.flag() == Some(player),
            }
        }))
    }

    /// The player who ran out of time, ending the game.
    pub fn lost_on_time(&self) -> Option<Player> {
        self.session.out_of_time()
    }

    /// How long the event loop may sleep before the clock shown changes
    /// (the next second, or tenth under ten seconds; a flag falls at a
    /// change): `None` while no clock counts down.
    pub fn clock_interval(&self) -> Option<Duration> {
        let faces = self.clock_faces()?;
        let running = faces.iter().find(|f| f.running && !f.out_of_time)?;
        Some(until_the_face_changes(running.left))
    }

    /// Moves the clocks' time on by `by`, and from then on only when told
    /// (tests drive the clocks with this instead of waiting).
    pub fn pass_time(&mut self, by: Duration) {
        self.session.pass_time(by);
    }

    /// Looks at the clock of the player to move; announces a flag falling.
    pub(in crate::app) fn check_clock(&mut self) {
        if let Some(loser) = self.session.check_clock() {
            let names = [Player::One, Player::Two].map(|p| self.name(p));
            let text = on_time_text(self.game(), names, loser);
            self.say(Tone::Warning, text);
        }
    }
}

/// How long until a clock with `left` on it shows another time (see
/// `clock::clock_face`: seconds, tenths under ten seconds).
fn until_the_face_changes(left: Duration) -> Duration {
    let step = if left < Duration::from_secs(10) {
        Duration::from_millis(100)
    } else {
        Duration::from_secs(1)
    };
    // The face truncates: `left` shows its step until it falls below it.
    let into_step = left.as_nanos() % step.as_nanos();
    u64::try_from(into_step).map_or(step, Duration::from_nanos) + PAST_THE_CHANGE
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::game::clock::clock_face;

    #[test]
    fn a_running_clock_wakes_the_loop_just_after_the_face_it_shows_changes() {
        let ms = Duration::from_millis;
        for (left, wait) in [
            (ms(65_400), ms(401)),
            (ms(61_000), ms(1)),
            (ms(10_250), ms(251)),
            (ms(9_950), ms(51)),
            (ms(3_000), ms(1)),
            (Duration::ZERO, ms(1)),
        ] {
            assert_eq!(until_the_face_changes(left), wait, "{left:?}");
            // Just before the wake the face is the same, at it another.
            let before = left.saturating_sub(wait - PAST_THE_CHANGE);
            let after = left.saturating_sub(wait);
            assert_eq!(clock_face(before), clock_face(left), "{left:?}");
            if !left.is_zero() {
                assert_ne!(clock_face(after), clock_face(left), "{left:?}");
            }
        }
    }
}
