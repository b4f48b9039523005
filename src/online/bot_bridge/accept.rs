//! Which challenges a bot takes (`--accept`): a comma list of `key=value`,
//! each narrowing what is taken, everything when empty or `any`:
//! `size=9` or `size=5-13` (board sizes), `variant=original|revised`,
//! `pace=clock|days` (a clock game or correspondence). For example
//! `size=5-13,variant=original,pace=clock`.

use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::core::{BoardSize, Variant};
use crate::online::protocol::{Pace, Terms};

/// A clock game or a correspondence game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaceKind {
    Clock,
    Days,
}

impl PaceKind {
    fn of(pace: Pace) -> PaceKind {
        match pace {
            Pace::Clock { .. } => PaceKind::Clock,
            Pace::Days(_) => PaceKind::Days,
        }
    }

    const fn name(self) -> &'static str {
        match self {
            PaceKind::Clock => "clock",
            PaceKind::Days => "days",
        }
    }
}

/// The terms a bot accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AcceptFilter {
    sizes: RangeInclusive<u8>,
    variant: Option<Variant>,
    pace: Option<PaceKind>,
}

impl Default for AcceptFilter {
    fn default() -> AcceptFilter {
        AcceptFilter {
            sizes: BoardSize::MIN.get()..=BoardSize::MAX.get(),
            variant: None,
            pace: None,
        }
    }
}

/// Why an `--accept` text is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FilterError {
    #[error("expected key=value (size, variant or pace), found {0:?}")]
    NotAPair(String),
    #[error("unknown key {0:?}: the keys are size, variant and pace")]
    UnknownKey(String),
    #[error("{key} is given twice")]
    Twice { key: String },
    #[error(
        "expected a size or sizes like 5-13, from {min} to {max}, found {0:?}",
        min = BoardSize::MIN.get(),
        max = BoardSize::MAX.get()
    )]
    Size(String),
    #[error("expected original or revised, found {0:?}")]
    Variant(String),
    #[error("expected clock or days, found {0:?}")]
    Pace(String),
}

/// Why a challenge is declined, as the bridge prints it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Declined {
    #[error("a {size}x{size} board is outside sizes {min}-{max}")]
    Size { size: u8, min: u8, max: u8 },
    #[error("the {0} rules are not taken")]
    Variant(Variant),
    #[error("{0} games are not taken")]
    Pace(&'static str),
}

impl AcceptFilter {
    /// Whether `terms` pass, or why not.
    pub fn check(&self, terms: &Terms) -> Result<(), Declined> {
        if !self.sizes.contains(&terms.size) {
            return Err(Declined::Size {
                size: terms.size,
                min: *self.sizes.start(),
                max: *self.sizes.end(),
            });
        }
        if self.variant.is_some_and(|v| v != terms.variant) {
            return Err(Declined::Variant(terms.variant));
        }
        let pace = PaceKind::of(terms.pace);
        if self.pace.is_some_and(|p| p != pace) {
            return Err(Declined::Pace(pace.name()));
        }
        Ok(())
    }
}

fn size(text: &str) -> Result<u8, FilterError> {
    text.trim()
        .parse::<BoardSize>()
        .map(BoardSize::get)
        .map_err(|_| FilterError::Size(text.to_string()))
}

impl FromStr for AcceptFilter {
    type Err = FilterError;

    fn from_str(text: &str) -> Result<AcceptFilter, FilterError> {
        let mut filter = AcceptFilter::default();
        let text = text.trim();
        if text.is_empty() || text.eq_ignore_ascii_case("any") {
            return Ok(filter);
        }
        let mut seen: Vec<String> = Vec::new();
        for item in text.split(',') {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| FilterError::NotAPair(item.to_string()))?;
            let key = key.trim().to_ascii_lowercase();
            let value = value.trim();
            if seen.contains(&key) {
                return Err(FilterError::Twice { key });
            }
            match key.as_str() {
                "size" => {
                    let (low, high) = match value.split_once('-') {
                        Some((low, high)) => (size(low)?, size(high)?),
                        None => (size(value)?, size(value)?),
                    };
                    if low > high {
                        return Err(FilterError::Size(value.to_string()));
                    }
                    filter.sizes = low..=high;
                }
                "variant" => {
                    let variant = value
                        .parse::<Variant>()
                        .map_err(|_| FilterError::Variant(value.to_string()))?;
                    filter.variant = Some(variant);
                }
                "pace" => {
                    filter.pace = Some(match value.to_ascii_lowercase().as_str() {
                        "clock" => PaceKind::Clock,
                        "days" | "correspondence" => PaceKind::Days,
                        _ => return Err(FilterError::Pace(value.to_string())),
                    });
                }
                _ => return Err(FilterError::UnknownKey(key)),
            }
            seen.push(key);
        }
        Ok(filter)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(size: u8, variant: Variant, pace: Pace) -> Terms {
        Terms {
            size,
            variant,
            pie: true,
            pace,
            rated: true,
        }
    }

    const CLOCK: Pace = Pace::Clock {
        minutes: 5,
        increment: 0,
    };

    #[test]
    fn a_filter_takes_what_it_names_and_says_why_not() {
        let filter: AcceptFilter = "size=5-13, variant=original,pace=clock".parse().unwrap();
        assert_eq!(filter.check(&terms(9, Variant::Original, CLOCK)), Ok(()));
        let declined = filter
            .check(&terms(19, Variant::Original, CLOCK))
            .unwrap_err();
        assert_eq!(declined.to_string(), "a 19x19 board is outside sizes 5-13");
        assert!(filter.check(&terms(9, Variant::Revised, CLOCK)).is_err());
        assert_eq!(
            filter
                .check(&terms(9, Variant::Original, Pace::Days(3)))
                .unwrap_err()
                .to_string(),
            "days games are not taken"
        );
        let any: AcceptFilter = "any".parse().unwrap();
        assert_eq!(any, AcceptFilter::default());
        assert_eq!(
            any.check(&terms(25, Variant::Revised, Pace::Days(1))),
            Ok(())
        );
        let nine: AcceptFilter = "size=9".parse().unwrap();
        assert!(nine.check(&terms(11, Variant::Original, CLOCK)).is_err());
    }

    #[test]
    fn a_bad_filter_is_refused_with_its_fault() {
        for (text, error) in [
            ("size", FilterError::NotAPair("size".into())),
            ("colour=red", FilterError::UnknownKey("colour".into())),
            ("size=4-9", FilterError::Size("4".into())),
            ("size=13-5", FilterError::Size("13-5".into())),
            ("variant=new", FilterError::Variant("new".into())),
            ("pace=blitz", FilterError::Pace("blitz".into())),
            ("size=9,size=11", FilterError::Twice { key: "size".into() }),
        ] {
            assert_eq!(text.parse::<AcceptFilter>(), Err(error), "{text}");
        }
    }
}
