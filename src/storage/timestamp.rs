//! Points in time as the files show them: UTC, ISO 8601, to the second.
//!
//! The calendar is the `time` crate's (already built for ratatui's calendar
//! widget); only the one text shape the files use is read and written here.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use time::{Date, Month, Time, UtcDateTime};

use crate::core::Quoted;

/// Whole seconds since 1970-01-01T00:00:00Z.
///
/// ```
/// use brique::storage::Timestamp;
/// let t: Timestamp = "2024-02-29T13:05:09Z".parse().unwrap();
/// assert_eq!(t.to_string(), "2024-02-29T13:05:09Z");
/// assert_eq!(t.file_stamp(), "2024-02-29-1305");
/// assert!("2023-02-29T00:00:00Z".parse::<Timestamp>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timestamp(i64);

impl Timestamp {
    pub const fn from_unix_seconds(seconds: i64) -> Timestamp {
        Timestamp(seconds)
    }

    pub const fn unix_seconds(self) -> i64 {
        self.0
    }

    /// The clock's time now; a clock set before 1970 reads as 1970.
    pub fn now() -> Timestamp {
        Timestamp::from_system_time(SystemTime::now())
    }

    /// Truncated to the second; times before 1970 count as 1970.
    pub fn from_system_time(time: SystemTime) -> Timestamp {
        let seconds = time
            .duration_since(UNIX_EPOCH)
            .unwrap_or(Duration::ZERO)
            .as_secs();
        Timestamp(i64::try_from(seconds).unwrap_or(i64::MAX))
    }

    /// `(year, month, day, hour, minute, second)` in UTC. Instants beyond
    /// the years -9999 to 9999 read as the nearest end of that range.
    pub fn civil(self) -> (i64, u8, u8, u8, u8, u8) {
        let at = UtcDateTime::from_unix_timestamp(self.0).unwrap_or(if self.0 < 0 {
            UtcDateTime::MIN
        } else {
            UtcDateTime::MAX
        });
        (
            i64::from(at.year()),
            u8::from(at.month()),
            at.day(),
            at.hour(),
            at.minute(),
            at.second(),
        )
    }

    /// `YYYY-MM-DD-HHMM`, for file names.
    pub fn file_stamp(self) -> String {
        let (y, mo, d, h, mi, _) = self.civil();
        format!("{y:04}-{mo:02}-{d:02}-{h:02}{mi:02}")
    }
}

impl fmt::Display for Timestamp {
    /// `YYYY-MM-DDTHH:MM:SSZ`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, mo, d, h, mi, s) = self.civil();
        write!(f, "{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
    }
}

/// A text that is not `YYYY-MM-DDTHH:MM:SSZ` or not a real date and time.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a UTC date and time like 2024-02-29T13:05:09Z, found {}", Quoted(&self.0))]
pub struct TimestampError(pub String);

impl FromStr for Timestamp {
    type Err = TimestampError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fail = || TimestampError(s.to_string());
        let b = s.as_bytes();
        let shape_ok = b.len() == 20
            && [4, 7].iter().all(|&i| b[i] == b'-')
            && b[10] == b'T'
            && [13, 16].iter().all(|&i| b[i] == b':')
            && b[19] == b'Z';
        if !shape_ok {
            return Err(fail());
        }
        // Works on bytes: a multi-byte character must not split a slice.
        let num = |range: std::ops::Range<usize>| -> Result<u16, TimestampError> {
            b[range].iter().try_fold(0u16, |n, &c| {
                if c.is_ascii_digit() {
                    Ok(n * 10 + u16::from(c - b'0'))
                } else {
                    Err(fail())
                }
            })
        };
        // Four digits at most, so each part fits its type.
        let part = |range| num(range).and_then(|n| u8::try_from(n).map_err(|_| fail()));
        let month = Month::try_from(part(5..7)?).map_err(|_| fail())?;
        let date = Date::from_calendar_date(i32::from(num(0..4)?), month, part(8..10)?)
            .map_err(|_| fail())?;
        let time =
            Time::from_hms(part(11..13)?, part(14..16)?, part(17..19)?).map_err(|_| fail())?;
        Ok(Timestamp(UtcDateTime::new(date, time).unix_timestamp()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_instants() {
        let cases = [
            (0, "1970-01-01T00:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (1_700_000_000, "2023-11-14T22:13:20Z"),
            (4_107_542_399, "2100-02-28T23:59:59Z"),
            (4_107_542_400, "2100-03-01T00:00:00Z"),
        ];
        for (secs, text) in cases {
            let t = Timestamp::from_unix_seconds(secs);
            assert_eq!(t.to_string(), text);
            assert_eq!(text.parse::<Timestamp>(), Ok(t));
        }
    }

    /// Beyond the calendar's years -9999 to 9999 a time reads as the
    /// nearest end of it, and still as a date and time.
    #[test]
    fn far_instants_read_as_the_calendar_s_ends() {
        let last = "9999-12-31T23:59:59Z";
        assert_eq!(Timestamp::from_unix_seconds(i64::MAX).to_string(), last);
        assert_eq!(
            Timestamp::from_unix_seconds(i64::MIN).civil(),
            (-9999, 1, 1, 0, 0, 0)
        );
        let parsed: Timestamp = last.parse().unwrap();
        assert_eq!(parsed.to_string(), last);
        assert_eq!(parsed.file_stamp(), "9999-12-31-2359");
    }

    #[test]
    fn before_the_epoch_reads_as_the_epoch() {
        let early = UNIX_EPOCH - Duration::from_secs(10);
        assert_eq!(Timestamp::from_system_time(early).unix_seconds(), 0);
    }

    #[test]
    fn refuses_what_is_not_a_time() {
        for bad in [
            "",
            "2024-02-29 13:05:09Z",
            "2024-02-29T13:05:09",
            "2024-13-01T00:00:00Z",
            "2024-00-01T00:00:00Z",
            "2024-04-31T00:00:00Z",
            "2024-01-01T24:00:00Z",
            "2024-01-01T00:60:00Z",
            "2024-01-01T00:00:60Z",
            "+024-01-01T00:00:00Z",
            "2024-01-01T00:00:00Zx",
            "２０２4-01-01T00:00:00Z",
            "2024-01-01T00:00:éZ",
        ] {
            assert!(bad.parse::<Timestamp>().is_err(), "{bad:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn text_round_trips(secs in 0i64..253_402_300_800) {
            let t = Timestamp::from_unix_seconds(secs);
            prop_assert_eq!(t.to_string().parse::<Timestamp>(), Ok(t));
        }
    }
}
