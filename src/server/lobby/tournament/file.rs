//! The operator's tournaments file (`brique server --lobby --tournaments
//! FILE`, docs/server.md, "Tournaments"): TOML, one `[[tournament]]` table
//! each. Read here into checked [`Scheduled`] tournaments, or refused with
//! the line at fault; nothing is read from the clock (a start such as
//! `+3s` is kept relative).

use serde::Deserialize;
use toml::Spanned;

use super::Kind;
use crate::core::Variant;
use crate::online::protocol::{Pace, Terms};

/// Tournaments in one file, at most.
pub const MAX_SCHEDULED: usize = 100;
pub use crate::online::tournaments::{MAX_ARENA_MINUTES, MAX_NAME, MAX_ROUNDS};
/// A recurring tournament comes back at most this often (ms: 10 minutes).
pub const MIN_EVERY_MS: i64 = 10 * 60 * 1000;

/// When a scheduled tournament starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// This long (ms) after the server starts.
    After(i64),
    /// At this time (ms since 1970).
    At(i64),
}

/// One tournament of the file, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheduled {
    pub name: String,
    pub kind: Kind,
    pub terms: Terms,
    pub rounds: Option<u32>,
    pub minutes: Option<u32>,
    pub start: Start,
    /// Made again this long (ms) after each start.
    pub every_ms: Option<i64>,
    /// The server's bots enter it.
    pub bots: bool,
}

/// Why the file is refused: what, and on which line (1 first).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line}: {what}")]
pub struct FileError {
    pub line: usize,
    pub what: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    tournament: Vec<Spanned<RawTournament>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTournament {
    name: Spanned<String>,
    kind: Spanned<String>,
    size: Spanned<u8>,
    #[serde(default)]
    variant: Option<Spanned<String>>,
    #[serde(default)]
    pie: bool,
    #[serde(default)]
    clock: Option<Spanned<String>>,
    #[serde(default)]
    days: Option<Spanned<u8>>,
    #[serde(default)]
    rounds: Option<Spanned<u32>>,
    #[serde(default)]
    minutes: Option<Spanned<u32>>,
    start: Spanned<String>,
    #[serde(default)]
    every: Option<Spanned<String>>,
    #[serde(default)]
    bots: bool,
    #[serde(default)]
    rated: bool,
}

/// The line (1 first) of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(1, |before| before.matches('\n').count() + 1)
}

/// Reads the tournaments file's `text`.
pub fn parse(text: &str) -> Result<Vec<Scheduled>, FileError> {
    let raw: RawFile = toml::from_str(text).map_err(|e| FileError {
        line: e.span().map_or(1, |span| line_of(text, span.start)),
        what: e.message().trim().to_string(),
    })?;
    if raw.tournament.len() > MAX_SCHEDULED {
        return Err(FileError {
            line: line_of(text, raw.tournament[MAX_SCHEDULED].span().start),
            what: format!("more than {MAX_SCHEDULED} tournaments in one file"),
        });
    }
    raw.tournament
        .into_iter()
        .map(|t| check(text, t.into_inner()))
        .collect()
}

fn check(text: &str, t: RawTournament) -> Result<Scheduled, FileError> {
    let at = |span: std::ops::Range<usize>, what: String| FileError {
        line: line_of(text, span.start),
        what,
    };
    let name = t.name.get_ref().trim().to_string();
    if name.is_empty() || name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
        return Err(at(
            t.name.span(),
            format!("a name is 1 to {MAX_NAME} characters, none of them a control"),
        ));
    }
    let kind: Kind = t
        .kind
        .get_ref()
        .parse()
        .map_err(|e: super::UnknownWord| at(t.kind.span(), format!("kind {e}")))?;
    let variant = match &t.variant {
        Some(v) => v
            .get_ref()
            .parse::<Variant>()
            .map_err(|e| at(v.span(), e.to_string()))?,
        None => Variant::default(),
    };
    let pace = match (&t.clock, &t.days) {
        (Some(clock), None) => {
            let parsed = clock.get_ref().split_once('+').and_then(|(m, i)| {
                Some(Pace::Clock {
                    minutes: m.trim().parse().ok()?,
                    increment: i.trim().parse().ok()?,
                })
            });
            parsed.ok_or_else(|| {
                at(
                    clock.span(),
                    "a clock is minutes+seconds, such as \"1+1\"".into(),
                )
            })?
        }
        (None, Some(days)) => Pace::Days(*days.get_ref()),
        (Some(clock), Some(_)) => {
            return Err(at(clock.span(), "a clock or days, not both".into()));
        }
        (None, None) => {
            return Err(at(
                t.kind.span(),
                "a clock (\"1+1\") or days (3) is missing".into(),
            ));
        }
    };
    let terms = Terms {
        size: *t.size.get_ref(),
        variant,
        pie: t.pie,
        pace,
        rated: t.rated,
    };
    terms
        .check()
        .map_err(|e| at(t.size.span(), e.to_string()))?;
    match (kind, pace) {
        (Kind::Arena, Pace::Days(_)) => {
            return Err(at(
                t.kind.span(),
                "an arena is played on a clock, not in days".into(),
            ));
        }
        (Kind::League, Pace::Clock { .. }) => {
            return Err(at(
                t.kind.span(),
                "a league is played in days a move, not on a clock".into(),
            ));
        }
        _ => {}
    }
    let rounds = match (kind, &t.rounds) {
        (Kind::Swiss, Some(r)) if (1..=MAX_ROUNDS).contains(r.get_ref()) => Some(*r.get_ref()),
        (Kind::Swiss, Some(r)) => {
            return Err(at(
                r.span(),
                format!("a swiss has 1 to {MAX_ROUNDS} rounds"),
            ));
        }
        (Kind::Swiss, None) => return Err(at(t.kind.span(), "a swiss needs rounds".into())),
        (_, Some(r)) => return Err(at(r.span(), "only a swiss has rounds".into())),
        (_, None) => None,
    };
    let minutes = match (kind, &t.minutes) {
        (Kind::Arena, Some(m)) if (1..=MAX_ARENA_MINUTES).contains(m.get_ref()) => {
            Some(*m.get_ref())
        }
        (Kind::Arena, Some(m)) => {
            return Err(at(
                m.span(),
                format!("an arena lasts 1 to {MAX_ARENA_MINUTES} minutes"),
            ));
        }
        (Kind::Arena, None) => return Err(at(t.kind.span(), "an arena needs minutes".into())),
        (_, Some(m)) => return Err(at(m.span(), "only an arena has minutes".into())),
        (_, None) => None,
    };
    let start = start(t.start.get_ref()).ok_or_else(|| {
        at(
            t.start.span(),
            "a start is \"+3s\", \"+10m\", \"+2h\", \"+1d\" or a time such as \
             \"2026-12-01T18:00:00Z\""
                .into(),
        )
    })?;
    let every_ms = match &t.every {
        Some(every) => match duration(every.get_ref()) {
            Some(ms) if ms >= MIN_EVERY_MS => Some(ms),
            _ => {
                return Err(at(
                    every.span(),
                    "every is a duration of at least 10 minutes, such as \"1d\" or \"12h\"".into(),
                ));
            }
        },
        None => None,
    };
    Ok(Scheduled {
        name,
        kind,
        terms,
        rounds,
        minutes,
        start,
        every_ms,
        bots: t.bots,
    })
}

/// "3s", "10m", "2h", "1d" in ms.
fn duration(text: &str) -> Option<i64> {
    let text = text.trim();
    let unit = text.chars().last()?;
    let n: i64 = text.get(..text.len() - unit.len_utf8())?.parse().ok()?;
    let ms = match unit {
        's' => 1_000,
        'm' => 60_000,
        'h' => 3_600_000,
        'd' => 86_400_000,
        _ => return None,
    };
    (n > 0).then(|| n.checked_mul(ms)).flatten()
}

/// "+DURATION", or an RFC 3339 time in UTC or with an offset
/// ("2026-12-01T18:00:00Z", "2026-12-01T19:00:00+01:00").
fn start(text: &str) -> Option<Start> {
    if let Some(after) = text.trim().strip_prefix('+') {
        return duration(after).map(Start::After);
    }
    rfc3339(text.trim()).map(Start::At)
}

fn rfc3339(text: &str) -> Option<i64> {
    let number = |range: std::ops::Range<usize>| -> Option<u32> {
        let digits = text.get(range)?;
        digits
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| digits.parse().ok())?
    };
    let sep =
        |i: usize, allowed: &[u8]| text.as_bytes().get(i).is_some_and(|b| allowed.contains(b));
    if !(sep(4, b"-") && sep(7, b"-") && sep(10, b"Tt ") && sep(13, b":") && sep(16, b":")) {
        return None;
    }
    let year = i32::try_from(number(0..4)?).ok()?;
    let month = time::Month::try_from(u8::try_from(number(5..7)?).ok()?).ok()?;
    let day = u8::try_from(number(8..10)?).ok()?;
    let (h, m, s) = (number(11..13)?, number(14..16)?, number(17..19)?);
    let date = time::Date::from_calendar_date(year, month, day).ok()?;
    let clock = time::Time::from_hms(
        u8::try_from(h).ok()?,
        u8::try_from(m).ok()?,
        u8::try_from(s).ok()?,
    )
    .ok()?;
    let offset_s: i64 = match text.get(19..)? {
        "Z" | "z" => 0,
        zone if zone.len() == 6
            && (zone.starts_with('+') || zone.starts_with('-'))
            && zone.as_bytes()[3] == b':' =>
        {
            let hours: i64 = zone.get(1..3)?.parse().ok()?;
            let minutes: i64 = zone.get(4..6)?.parse().ok()?;
            let sign = if zone.starts_with('-') { -1 } else { 1 };
            sign * (hours * 3600 + minutes * 60)
        }
        _ => return None,
    };
    let utc = time::PrimitiveDateTime::new(date, clock).assume_utc();
    Some((utc.unix_timestamp() - offset_s) * 1000)
}

#[cfg(test)]
#[path = "file_tests.rs"]
mod tests;
