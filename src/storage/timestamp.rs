//! Points in time as the files show them: UTC, ISO 8601, to the second.
//!
//! A few lines of calendar arithmetic (Howard Hinnant's `civil_from_days`)
//! are all the files need, so no date crate is pulled in for them.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

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

    /// `(year, month, day, hour, minute, second)` in UTC.
    pub fn civil(self) -> (i64, u8, u8, u8, u8, u8) {
        let days = self.0.div_euclid(86_400);
        let secs = self.0.rem_euclid(86_400);
        let (y, m, d) = civil_from_days(days);
        // Each part is below 60 (or 24) here, so the casts are exact.
        (
            y,
            m,
            d,
            (secs / 3600) as u8,
            (secs / 60 % 60) as u8,
            (secs % 60) as u8,
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
        let num = |range: std::ops::Range<usize>| -> Result<i64, TimestampError> {
            b[range].iter().try_fold(0i64, |n, &c| {
                if c.is_ascii_digit() {
                    Ok(n * 10 + i64::from(c - b'0'))
                } else {
                    Err(fail())
                }
            })
        };
        let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
        let (h, mi, sec) = (num(11..13)?, num(14..16)?, num(17..19)?);
        if !(1..=12).contains(&mo) || d < 1 || d > days_in_month(y, mo) {
            return Err(fail());
        }
        if h > 23 || mi > 59 || sec > 59 {
            return Err(fail());
        }
        Ok(Timestamp(
            days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + sec,
        ))
    }
}

fn is_leap(y: i64) -> bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date `days` after 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m as u8, d as u8)
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
