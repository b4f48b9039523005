//! A time control: minutes each, plus seconds added after every move (a
//! Fischer increment), written `10+5`, and the one rule by which every
//! clock of the program counts ([`PlayerClocks`]). Pure: reading a clock
//! (measuring how long a turn took) is the program's business.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::Player;

/// Minutes each and seconds added per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    minutes: u16,
    increment: u16,
}

/// Why a time control was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError(String);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TimeControlError {}

impl TimeControl {
    /// The most minutes each: a day.
    pub const MAX_MINUTES: u16 = 1440;
    /// The most seconds added per move: an hour.
    pub const MAX_INCREMENT: u16 = 3600;

    /// `minutes` each and `increment` seconds per move; `None` out of range
    /// or with no time at all (`0+0`).
    pub const fn new(minutes: u16, increment: u16) -> Option<TimeControl> {
        if minutes > Self::MAX_MINUTES
            || increment > Self::MAX_INCREMENT
            || (minutes == 0 && increment == 0)
        {
            return None;
        }
        Some(TimeControl { minutes, increment })
    }

    pub const fn minutes(self) -> u16 {
        self.minutes
    }

    /// Each player's time at the start.
    pub const fn base(self) -> Duration {
        Duration::from_secs(self.minutes as u64 * 60)
    }

    /// The time added to a player's clock after each of their moves.
    pub const fn increment(self) -> Duration {
        Duration::from_secs(self.increment as u64)
    }
}

/// `10+5`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.minutes, self.increment)
    }
}

/// Reads `10+5` (spaces around the numbers allowed).
///
/// ```
/// use brique_core::TimeControl;
/// let control: TimeControl = "0+2".parse().unwrap();
/// assert_eq!(control.increment().as_secs(), 2);
/// assert!("0+0".parse::<TimeControl>().is_err());
/// ```
impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let refuse = || {
            TimeControlError(format!(
                "expected minutes each + seconds per move, such as \"10+5\" or \"0+2\", \
                 at most {}+{} and not 0+0",
                Self::MAX_MINUTES,
                Self::MAX_INCREMENT
            ))
        };
        let (minutes, increment) = text.split_once('+').ok_or_else(refuse)?;
        let number = |s: &str| {
            let s = s.trim();
            (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse::<u16>().ok())
                .flatten()
        };
        match (number(minutes), number(increment)) {
            (Some(m), Some(i)) => TimeControl::new(m, i).ok_or_else(refuse),
            _ => Err(refuse()),
        }
    }
}

/// Both players' clocks under a time control, kept as what each move was
/// charged: the one clock rule of the program, the same for a game on one
/// machine (against a friend or the computer), between friends over the
/// network and on the lobby (docs/protocol.md, "The clock rule").
///
/// - **Each side's clock starts with that side's own first move.** A
///   player's clock does not run before they have moved, and their first
///   move is charged nothing. Players alternate (the pie rule's swap is the
///   second player's move, their first), so the first two moves of a game
///   are free and, from the third on, the player to move counts down from
///   the moment the move before was made.
/// - A player's time left is the base, plus the increment for each of
///   their moves and one more (the increment counts from the first move:
///   `0+2` gives two seconds a move, time saved carrying over), less what
///   their moves were charged and, on their turn once their clock runs, the
///   turn so far.
/// - Clocks belong to players, not colours: the swap exchanges the
///   colours, and each player keeps their clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerClocks {
    control: TimeControl,
    /// The player who makes the first move (who holds Black at the start).
    first: Player,
    /// What each move was charged, in the game's order.
    charged: Vec<Duration>,
}

impl PlayerClocks {
    /// The clocks of a game `first` begins, before any move.
    pub const fn new(control: TimeControl, first: Player) -> PlayerClocks {
        PlayerClocks {
            control,
            first,
            charged: Vec::new(),
        }
    }

    /// The clocks after moves whose turns took `times`, each charged by the
    /// rule (a time kept for a first move, by an older copy, is not).
    pub fn replayed(
        control: TimeControl,
        first: Player,
        times: impl IntoIterator<Item = Duration>,
    ) -> PlayerClocks {
        let mut clocks = PlayerClocks::new(control, first);
        for turn in times {
            clocks.moved(turn);
        }
        clocks
    }

    pub const fn control(&self) -> TimeControl {
        self.control
    }

    /// What each move was charged, in order.
    pub fn charged(&self) -> &[Duration] {
        &self.charged
    }

    /// The player whose turn it is.
    pub fn to_move(&self) -> Player {
        Self::mover(self.first, self.charged.len())
    }

    /// Whether `player`'s clock has started: they have made a move.
    pub fn started(&self, player: Player) -> bool {
        Self::started_after(self.first, self.charged.len(), player)
    }

    /// `player`'s time left, `turn` being the time the turn under way has
    /// taken so far: it counts only on `player`'s turn once their clock runs.
    pub fn left(&self, player: Player, turn: Duration) -> Duration {
        let mut moves: u32 = 0;
        let mut used = Duration::ZERO;
        for (ply, &spent) in self.charged.iter().enumerate() {
            if Self::mover(self.first, ply) == player {
                moves = moves.saturating_add(1);
                used = used.saturating_add(spent);
            }
        }
        let increments = self
            .control
            .increment()
            .checked_mul(moves.saturating_add(1))
            .unwrap_or(Duration::MAX);
        let credit = self.control.base().saturating_add(increments);
        let turn = if player == self.to_move() && moves > 0 {
            turn
        } else {
            Duration::ZERO
        };
        credit.saturating_sub(used.saturating_add(turn))
    }

    /// What a move made now, after a turn of `turn`, is charged: nothing
    /// for the mover's first move, the turn otherwise.
    pub fn charge(&self, turn: Duration) -> Duration {
        if self.started(self.to_move()) {
            turn
        } else {
            Duration::ZERO
        }
    }

    /// The player to move moved after a turn of `turn`: the move is
    /// charged by the rule ([`charge`](Self::charge)); returns what it was.
    pub fn moved(&mut self, turn: Duration) -> Duration {
        let charged = self.charge(turn);
        self.charged.push(charged);
        charged
    }

    /// The last move taken back: its player's clock as before it; returns
    /// what it was charged.
    pub fn undone(&mut self) -> Option<Duration> {
        self.charged.pop()
    }

    /// The player who makes move `ply` (from 0) of a game that `first`
    /// began: players alternate, the swap included (the second player
    /// swaps, then the first moves, now with White).
    pub const fn mover(first: Player, ply: usize) -> Player {
        if ply.is_multiple_of(2) {
            first
        } else {
            first.other()
        }
    }

    /// Whether `player`'s clock runs after `plies` moves of a game that
    /// `first` began: once they have made their first move. The rule for a
    /// program that shows clocks kept elsewhere (a lobby game's).
    pub fn started_after(first: Player, plies: usize, player: Player) -> bool {
        let first_move = usize::from(player != first);
        plies > first_move
    }
}

/// A move's time in a record, `{12.3}`: seconds, to a tenth.
pub(crate) fn write_move_time(spent: Duration) -> String {
    format!("{{{:.1}}}", spent.as_secs_f64())
}

/// A move's time token, `{…}`, that holds no time in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveTimeError;

impl fmt::Display for MoveTimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a move's time in seconds, such as {12.3}")
    }
}

impl std::error::Error for MoveTimeError {}

/// Reads a move's time token, `{12.3}`: `None` when the token is not one,
/// `Some(Err)` when it is one that cannot be read.
pub(crate) fn read_move_time(token: &str) -> Option<Result<Duration, MoveTimeError>> {
    let inner = token.strip_prefix('{')?;
    let seconds = inner
        .strip_suffix('}')
        .map(str::trim)
        .filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|&s| s.is_finite() && s <= 1e7);
    Some(match seconds {
        Some(s) => Ok(Duration::from_millis((s * 1000.0).round() as u64)),
        None => Err(MoveTimeError),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_write_as_minutes_plus_seconds() {
        let control: TimeControl = " 10 + 5 ".parse().unwrap();
        assert_eq!(control.base(), Duration::from_secs(600));
        assert_eq!(control.increment(), Duration::from_secs(5));
        assert_eq!(control.to_string(), "10+5");
        assert_eq!("0+2".parse::<TimeControl>().unwrap().base(), Duration::ZERO);
        assert_eq!(
            read_move_time("{2.5}"),
            Some(Ok(Duration::from_millis(2500)))
        );
        assert_eq!(write_move_time(Duration::from_millis(2549)), "{2.5}");
        assert_eq!(read_move_time("e5"), None);
        for bad in ["{}", "{-1}", "{1e3}", "{x}", "{2.5"] {
            assert!(matches!(read_move_time(bad), Some(Err(_))), "{bad}");
        }
        for bad in [
            "0+0", "10", "+5", "10+", "-1+5", "1.5+2", "1441+0", "0+3601", "a+b",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn each_sides_clock_starts_with_its_own_first_move_and_the_swap_is_one() {
        use Player::{One, Two};
        let mut clocks = PlayerClocks::new("1+2".parse().unwrap(), One);
        assert_eq!(clocks.left(One, secs(50)), secs(62), "not started");
        assert!(!clocks.started(One));
        assert_eq!(
            clocks.moved(secs(50)),
            Duration::ZERO,
            "a first move is free"
        );
        assert_eq!(
            clocks.left(Two, secs(40)),
            secs(62),
            "Two's has not started"
        );
        assert_eq!(clocks.left(One, secs(40)), secs(64), "not One's turn");
        // Two swaps: their first move, free too; One (now White) runs.
        assert_eq!(clocks.moved(secs(40)), Duration::ZERO);
        assert!(clocks.started(One) && clocks.started(Two));
        assert_eq!(clocks.left(One, secs(3)), secs(61));
        assert_eq!(clocks.left(Two, secs(3)), secs(64));
        assert_eq!(clocks.moved(secs(3)), secs(3));
        assert_eq!(clocks.left(One, secs(9)), secs(63), "60 + 3 × 2 - 3");
        assert_eq!(clocks.left(Two, secs(9)), secs(55));
        assert_eq!(clocks.undone(), Some(secs(3)));
        assert_eq!(clocks.left(One, Duration::ZERO), secs(64));
        // Stored times are charged by the same rule.
        let replayed = PlayerClocks::replayed(clocks.control(), One, [secs(50), secs(40), secs(3)]);
        assert_eq!(
            replayed.charged(),
            [Duration::ZERO, Duration::ZERO, secs(3)]
        );
        assert_eq!(PlayerClocks::mover(Two, 3), One);
        assert!(
            !PlayerClocks::started_after(Two, 1, One),
            "One moves second"
        );
        assert!(PlayerClocks::started_after(Two, 2, One));
        assert!(PlayerClocks::started_after(Two, 1, Two));
    }
}
