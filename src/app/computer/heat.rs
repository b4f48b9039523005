//! How warm a square is in the analysis heat map, and how that is written.

use crate::app::ui::theme::Theme;

/// How warm a square is in the heat map, and what is written on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heat {
    /// The square's share of the search in percent, 1 to 99.
    pub share: u8,
    /// The side to move's chance of winning after playing there, in
    /// percent, 0 to 99: the figure written on the square.
    pub win: u8,
    /// 0 (a little) to [`Heat::WARMEST`] (as much as the favourite square).
    pub warmth: u8,
}

impl Heat {
    pub const WARMEST: u8 = 4;

    /// The heat of a square with `share` of the search and `win` chance
    /// after it, `top` being the largest share; `None` below half a
    /// percent. Warmth falls a step each time the share is four times
    /// smaller than the top's, so that the second and third choices show
    /// beside a favourite that takes nearly all the search.
    pub fn of(share: f32, top: f32, win: f32) -> Option<Heat> {
        let percent = (100.0 * share).round();
        if percent < 1.0 || top <= 0.0 {
            return None;
        }
        let steps_down = -(share / top).min(1.0).log(4.0);
        let warmth = (f32::from(Heat::WARMEST) - steps_down).round().max(0.0);
        Some(Heat {
            // All in range: percent is 1 to 100, warmth 0 to WARMEST.
            share: percent.min(99.0) as u8,
            win: (100.0 * win).round().clamp(0.0, 99.0) as u8,
            warmth: warmth as u8,
        })
    }
}

impl Heat {
    /// What is written over the stone's and the marker's cells: the chance
    /// of winning in percent; on the smallest scale, where squares are two cells wide
    /// and numbers would run together, in tenths (`*` for all of it, a dot
    /// for under 5%).
    pub fn label(self, scale: u16, theme: Theme) -> String {
        if scale > 1 {
            return format!("{:<2}", self.win);
        }
        let tenths = match (u16::from(self.win) + 5) / 10 {
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
            Heat::of(0.4, 0.4, 0.55),
            Some(Heat {
                share: 40,
                win: 55,
                warmth: Heat::WARMEST
            })
        );
        let warmth = |share| Heat::of(share, 0.95, 0.5).map(|h| h.warmth);
        // A quarter of the top's share is a step cooler, a sixteenth two.
        assert_eq!(warmth(0.95 / 4.0), Some(3));
        assert_eq!(warmth(0.95 / 16.0), Some(2));
        // The second and third choices beside a 95% favourite still show.
        assert_eq!(warmth(0.03), Some(2));
        assert_eq!(warmth(0.01), Some(1));
        assert_eq!(
            Heat::of(1.0, 1.0, 1.0).map(|h| (h.share, h.win)),
            Some((99, 99))
        );
        assert_eq!(Heat::of(0.004, 0.4, 0.5), None);
        assert_eq!(Heat::of(0.2, 0.0, 0.5), None);
    }

    #[test]
    fn small_squares_show_tenths() {
        let theme = Theme::new(crate::app::ThemeName::Ascii, true);
        let label = |win| {
            Heat {
                share: 1,
                win,
                warmth: 0,
            }
            .label(1, theme)
        };
        assert_eq!(label(4), ": ");
        assert_eq!(label(5), "1 ");
        assert_eq!(label(62), "6 ");
        assert_eq!(label(96), "* ");
        assert_eq!(
            Heat {
                share: 1,
                win: 7,
                warmth: 0
            }
            .label(2, theme),
            "7 "
        );
    }
}
