//! How warm a square is in the analysis heat map, and how that is written.

use crate::app::theme::Theme;

/// How warm a square is in the heat map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heat {
    /// The square's share of the search in percent, 1 to 99 (shown as is).
    pub percent: u8,
    /// 0 (a little) to [`Heat::WARMEST`] (as much as the favourite square).
    pub warmth: u8,
}

impl Heat {
    pub const WARMEST: u8 = 4;

    /// The heat of a square with `share` of the search, `top` being the
    /// largest share; `None` below half a percent.
    pub fn of(share: f32, top: f32) -> Option<Heat> {
        let percent = (100.0 * share).round();
        if percent < 1.0 || top <= 0.0 {
            return None;
        }
        let warmth = (f32::from(Heat::WARMEST) * (share / top).min(1.0)).round();
        Some(Heat {
            // Both in range: percent is 1 to 100, warmth 0 to WARMEST.
            percent: percent.min(99.0) as u8,
            warmth: warmth as u8,
        })
    }
}

impl Heat {
    /// What is written over the stone's and the marker's cells: the share
    /// in percent; on the smallest scale, where squares are two cells wide
    /// and numbers would run together, in tenths (`*` for all of it, a dot
    /// for under 5%).
    pub fn label(self, scale: u16, theme: Theme) -> String {
        if scale > 1 {
            return format!("{:<2}", self.percent);
        }
        let tenths = match (u16::from(self.percent) + 5) / 10 {
            0 => theme.sym("·", ":").to_string(),
            10.. => "*".to_string(),
            tenths => tenths.to_string(),
        };
        // The marker's cell is cleared: a pattern beside the digit would
        // read as part of it.
        format!("{tenths} ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heat_is_relative_to_the_favourite_and_hides_crumbs() {
        assert_eq!(
            Heat::of(0.4, 0.4),
            Some(Heat {
                percent: 40,
                warmth: Heat::WARMEST
            })
        );
        assert_eq!(Heat::of(0.1, 0.4).map(|h| h.warmth), Some(1));
        assert_eq!(Heat::of(1.0, 1.0).map(|h| h.percent), Some(99));
        assert_eq!(Heat::of(0.004, 0.4), None);
        assert_eq!(Heat::of(0.2, 0.0), None);
    }

    #[test]
    fn small_squares_show_tenths() {
        let theme = Theme::new(crate::app::ThemeName::Ascii, true);
        let label = |percent| Heat { percent, warmth: 0 }.label(1, theme);
        assert_eq!(label(4), ": ");
        assert_eq!(label(5), "1 ");
        assert_eq!(label(62), "6 ");
        assert_eq!(label(96), "* ");
        assert_eq!(
            Heat {
                percent: 7,
                warmth: 0
            }
            .label(2, theme),
            "7 "
        );
    }
}
