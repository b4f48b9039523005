//! A time control: minutes each, plus seconds added after every move (a
//! Fischer increment), written `10+5`. Pure data: reading a clock is the
//! program's business.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

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

/// A move's time in a record, `{12.3}`: seconds, to a tenth.
pub(crate) fn write_move_time(spent: Duration) -> String {
    format!("{{{:.1}}}", spent.as_secs_f64())
}

/// Reads a move's time token, `{12.3}`: `None` when the token is not one,
/// `Some(Err)` when it is one that cannot be read.
pub(crate) fn read_move_time(token: &str) -> Option<Result<Duration, String>> {
    let inner = token.strip_prefix('{')?;
    let seconds = inner
        .strip_suffix('}')
        .map(str::trim)
        .filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|&s| s.is_finite() && s <= 1e7);
    Some(match seconds {
        Some(s) => Ok(Duration::from_millis((s * 1000.0).round() as u64)),
        None => Err("expected a move's time in seconds, such as {12.3}".to_string()),
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
}
