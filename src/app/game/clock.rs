//! The game's clocks: each player's time under a [`TimeControl`], counting
//! down for the player to move. Every reading of the time comes in as `now`
//! (the app reads `Instant`), so tests drive the clocks without waiting.
//!
//! The rule they count by is the core's [`PlayerClocks`], the same on the
//! lobby: each side's clock starts with its first move (as on lichess), a
//! first move takes no time, and nobody runs out of time before moving.
//! Here the turns are timed, paused and stopped, and a flag falls. Undo
//! takes the last move's time back into its player's clock and starts the
//! turn again: the clocks are as they were before the move (the time spent
//! since is forgiven too). Redo puts the move's own time back.

use std::time::{Duration, Instant};

use crate::core::{Color, Player, PlayerClocks, TimeControl};

/// Where the clocks read the time: the machine's clock, or a time that
/// moves only when told (for tests).
#[derive(Clone, Copy, Debug, Default)]
pub enum TimeSource {
    #[default]
    Real,
    Set(Instant),
}

impl TimeSource {
    pub fn now(self) -> Instant {
        match self {
            TimeSource::Real => Instant::now(),
            TimeSource::Set(at) => at,
        }
    }

    /// The time `by` later, from now on standing still.
    pub fn passed(self, by: Duration) -> TimeSource {
        TimeSource::Set(self.now() + by)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    /// What each move was charged, by the one rule.
    clocks: PlayerClocks,
    /// Undone moves' times, the next to redo last.
    undone: Vec<Duration>,
    /// When the turn under way began; `None` while the clocks stand (the
    /// game is over, a player is out of time, or they are paused).
    turn_began: Option<Instant>,
    /// The turn's time so far while the clocks are paused.
    paused: Option<Duration>,
    /// The player who ran out of time.
    flag: Option<Player>,
}

impl GameClock {
    /// Clocks for a game `first` began, whose moves took `times`, the turn
    /// under way beginning `now`.
    pub fn new(
        control: TimeControl,
        first: Player,
        times: impl IntoIterator<Item = Duration>,
        now: Instant,
    ) -> GameClock {
        GameClock {
            clocks: PlayerClocks::replayed(control, first, times),
            undone: Vec::new(),
            turn_began: Some(now),
            paused: None,
            flag: None,
        }
    }

    pub const fn control(&self) -> TimeControl {
        self.clocks.control()
    }

    /// The time each move took, in order.
    pub fn move_times(&self) -> impl Iterator<Item = Duration> + '_ {
        self.clocks.charged().iter().copied()
    }

    /// The player who ran out of time.
    pub const fn flag(&self) -> Option<Player> {
        self.flag
    }

    pub const fn running(&self) -> bool {
        self.turn_began.is_some()
    }

    /// Whether `player`'s clock counts down on their turn: the clocks run
    /// and `player` has made a first move (each clock starts with it).
    pub fn counts_for(&self, player: Player) -> bool {
        self.running() && self.clocks.started(player)
    }

    /// `player`'s time left at `now`, `to_move` being the player whose
    /// turn it is.
    pub fn left(&self, player: Player, to_move: Player, now: Instant) -> Duration {
        if self.flag == Some(player) {
            return Duration::ZERO;
        }
        let turn = if player == to_move {
            self.turn_so_far(now)
        } else {
            Duration::ZERO
        };
        self.clocks.left(player, turn)
    }

    /// The time the turn under way has taken, pauses left out.
    fn turn_so_far(&self, now: Instant) -> Duration {
        match (self.turn_began, self.paused) {
            (Some(began), _) => now.saturating_duration_since(began),
            (None, Some(spent)) => spent,
            (None, None) => Duration::ZERO,
        }
    }

    /// The clocks stop counting at `now`, to go on from there when
    /// [`resumed`](Self::resumed).
    pub fn paused(&mut self, now: Instant) {
        if self.turn_began.is_some() {
            self.paused = Some(self.turn_so_far(now));
            self.turn_began = None;
        }
    }

    /// Paused clocks count again from `now`, the turn's time kept.
    pub fn resumed(&mut self, now: Instant) {
        if let Some(spent) = self.paused.take() {
            self.turn_began = Some(now.checked_sub(spent).unwrap_or(now));
        }
    }

    /// The player to move moved at `now`: the move's time is kept (nothing
    /// for their first move) and the next turn begins. Returns the time it
    /// took.
    pub fn moved(&mut self, now: Instant) -> Duration {
        let spent = self.clocks.moved(self.turn_so_far(now));
        self.undone.clear();
        self.start_turn(now);
        spent
    }

    /// The last move was taken back at `now`.
    pub fn undone(&mut self, now: Instant) {
        if let Some(spent) = self.clocks.undone() {
            self.undone.push(spent);
        }
        self.flag = None;
        self.start_turn(now);
    }

    /// The last move undone was played again at `now`, with its own time.
    pub fn redone(&mut self, now: Instant) {
        if let Some(spent) = self.undone.pop() {
            self.clocks.moved(spent);
        }
        self.start_turn(now);
    }

    fn start_turn(&mut self, now: Instant) {
        self.turn_began = Some(now);
        self.paused = None;
    }

    /// The clocks stand: the game is over.
    pub fn stop(&mut self) {
        self.turn_began = None;
        self.paused = None;
    }

    /// Whether `to_move` has run out of time at `now`: the clocks then
    /// stand, and it is said once (`Some` the first time).
    pub fn check(&mut self, to_move: Player, now: Instant) -> Option<Player> {
        if !self.running() || !self.left(to_move, to_move, now).is_zero() {
            return None;
        }
        self.flag = Some(to_move);
        self.stop();
        Some(to_move)
    }

    /// A player whose clock ran out, as a game record says.
    pub fn flag_fell(&mut self, player: Player) {
        self.flag = Some(player);
        self.stop();
    }
}

/// How long the computer may think for a move at a timed level: its
/// level's budget, but at most a twentieth of its time left plus the
/// increment, and never more than half of what is left.
pub fn thinking_limit(level_ms: u64, left: Duration, increment: Duration) -> u64 {
    let share = left / 20 + increment;
    let ms = share.min(left / 2).as_millis();
    level_ms.min(u64::try_from(ms).unwrap_or(u64::MAX))
}

/// `9:58`, `1:02:03`; under ten seconds to the tenth, `0:07.3`.
pub fn clock_face(left: Duration) -> String {
    let secs = left.as_secs();
    if secs < 10 {
        let tenths = left.subsec_millis() / 100;
        return format!("0:{secs:02}.{tenths}");
    }
    let (hours, minutes, seconds) = (secs / 3600, secs / 60 % 60, secs % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

/// One player's clock as the panel shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockFace {
    pub color: Color,
    pub player: Player,
    pub left: Duration,
    /// Counting down now.
    pub running: bool,
    pub out_of_time: bool,
}

impl ClockFace {
    /// A clock kept elsewhere (a network host's, a lobby server's): read
    /// `left` at a moment `since` ago, counted down since if `running`.
    pub fn followed(
        color: Color,
        player: Player,
        left: Duration,
        since: Duration,
        running: bool,
        out_of_time: bool,
    ) -> ClockFace {
        ClockFace {
            color,
            player,
            left: if running {
                left.saturating_sub(since)
            } else {
                left
            },
            running,
            out_of_time,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: Player = Player::One;
    const TWO: Player = Player::Two;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn clock(control: &str, start: Instant) -> GameClock {
        GameClock::new(control.parse().unwrap(), ONE, [], start)
    }

    /// Clocks after each side's first move, both made at `start`.
    fn started(control: &str, start: Instant) -> GameClock {
        let first = [Duration::ZERO, Duration::ZERO];
        GameClock::new(control.parse().unwrap(), ONE, first, start)
    }

    #[test]
    fn each_clock_starts_with_its_sides_first_move() {
        let t0 = Instant::now();
        let mut c = clock("0+2", t0);
        assert_eq!(c.check(ONE, t0 + secs(100)), None, "no flag before moving");
        assert_eq!(c.left(ONE, ONE, t0 + secs(100)), secs(2));
        assert_eq!(c.moved(t0 + secs(100)), Duration::ZERO);
        assert_eq!(c.check(TWO, t0 + secs(200)), None);
        assert_eq!(c.moved(t0 + secs(200)), Duration::ZERO);
        // From now on One's clock runs: 2 s a move and the first move's 2 s.
        assert_eq!(c.check(ONE, t0 + secs(203)), None);
        assert_eq!(c.check(ONE, t0 + secs(204)), Some(ONE));
    }

    #[test]
    fn the_player_to_move_counts_down_and_gains_the_increment_per_move() {
        let t0 = Instant::now();
        let mut c = started("1+5", t0);
        assert_eq!(c.left(ONE, ONE, t0 + secs(10)), secs(60), "60 + 2 × 5 - 10");
        assert_eq!(c.left(TWO, ONE, t0 + secs(10)), secs(70), "not to move");
        assert_eq!(c.moved(t0 + secs(10)), secs(10));
        assert_eq!(c.left(ONE, TWO, t0 + secs(30)), secs(65), "60 + 3 × 5 - 10");
        assert_eq!(c.left(TWO, TWO, t0 + secs(30)), secs(50));
        assert_eq!(
            c.move_times().collect::<Vec<_>>(),
            vec![Duration::ZERO, Duration::ZERO, secs(10)]
        );
    }

    #[test]
    fn a_flag_falls_once_and_the_clocks_stand() {
        let t0 = Instant::now();
        let mut c = started("0+2", t0);
        assert_eq!(c.check(ONE, t0 + Duration::from_millis(3_999)), None);
        assert_eq!(c.check(ONE, t0 + secs(4)), Some(ONE));
        assert_eq!(c.check(ONE, t0 + secs(3)), None, "said once");
        assert_eq!(c.flag(), Some(ONE));
        assert!(!c.running());
        assert_eq!(c.left(ONE, ONE, t0 + secs(9)), Duration::ZERO);
        assert_eq!(
            c.left(TWO, ONE, t0 + secs(9)),
            secs(4),
            "the first move's 2 s and the next's"
        );
        // A player who moves in time keeps what is left, and the increment.
        let mut c = started("0+2", t0);
        c.moved(t0 + secs(1));
        assert_eq!(c.left(ONE, TWO, t0 + secs(5)), secs(5));
        assert_eq!(c.check(TWO, t0 + secs(4)), None);
        assert_eq!(c.check(TWO, t0 + secs(5)), Some(TWO));
    }

    #[test]
    fn undo_puts_the_clocks_back_as_they_were_before_the_move_and_redo_replays_it() {
        let t0 = Instant::now();
        let mut c = started("1+0", t0);
        c.moved(t0 + secs(20));
        // Two thinks 15 s, then One's move is taken back.
        c.undone(t0 + secs(35));
        assert_eq!(c.left(ONE, ONE, t0 + secs(35)), secs(60), "One's 20 s back");
        assert_eq!(
            c.left(TWO, ONE, t0 + secs(35)),
            secs(60),
            "Two's 15 s forgiven"
        );
        assert_eq!(
            c.left(ONE, ONE, t0 + secs(40)),
            secs(55),
            "One's turn again"
        );
        c.redone(t0 + secs(40));
        assert_eq!(c.left(ONE, TWO, t0 + secs(40)), secs(40), "its own 20 s");
        // A flag that fell is taken back with the move before it.
        let mut c = started("0+2", t0);
        c.moved(t0 + secs(1));
        assert_eq!(c.check(TWO, t0 + secs(5)), Some(TWO));
        c.undone(t0 + secs(6));
        assert_eq!(c.flag(), None);
        assert!(c.running());
        assert_eq!(
            c.left(ONE, ONE, t0 + secs(6)),
            secs(4),
            "as before its move"
        );
    }

    #[test]
    fn paused_clocks_keep_the_turns_time_and_go_on_from_it() {
        let t0 = Instant::now();
        let mut c = started("1+0", t0);
        c.paused(t0 + secs(10));
        assert!(!c.running());
        assert_eq!(c.left(ONE, ONE, t0 + secs(500)), secs(50));
        assert_eq!(c.check(ONE, t0 + secs(500)), None, "no flag while paused");
        c.resumed(t0 + secs(500));
        assert_eq!(c.left(ONE, ONE, t0 + secs(505)), secs(45));
        // A move made while paused takes the turn's time up to the pause.
        c.paused(t0 + secs(510));
        assert_eq!(c.moved(t0 + secs(600)), secs(20));
        assert!(c.running(), "the next turn counts");
        assert_eq!(c.left(TWO, TWO, t0 + secs(601)), secs(59));
    }

    #[test]
    fn stopped_clocks_stand() {
        let t0 = Instant::now();
        let mut c = started("1+0", t0);
        c.moved(t0 + secs(5));
        c.stop();
        assert_eq!(c.left(TWO, TWO, t0 + secs(50)), secs(60));
        assert_eq!(c.check(TWO, t0 + secs(500)), None);
    }

    #[test]
    fn the_computer_thinks_within_its_time() {
        let strongest = 10_000;
        assert_eq!(thinking_limit(strongest, secs(600), secs(5)), 10_000);
        assert_eq!(
            thinking_limit(strongest, secs(60), secs(0)),
            3_000,
            "a twentieth"
        );
        assert_eq!(
            thinking_limit(strongest, secs(60), secs(2)),
            5_000,
            "plus the increment"
        );
        assert_eq!(
            thinking_limit(strongest, secs(2), secs(2)),
            1_000,
            "at most half"
        );
        assert_eq!(thinking_limit(1_000, Duration::ZERO, secs(2)), 0);
    }

    #[test]
    fn clock_faces_read_as_minutes_and_seconds() {
        assert_eq!(clock_face(secs(598)), "9:58");
        assert_eq!(clock_face(secs(3723)), "1:02:03");
        assert_eq!(clock_face(Duration::from_millis(7_340)), "0:07.3");
        assert_eq!(clock_face(Duration::ZERO), "0:00.0");
    }
}
