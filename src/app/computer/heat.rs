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
    /// Whether its figure is written on small squares, where only the top
    /// candidates' fit (see [`Heat::label`]).
    pub named: bool,
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
            named: true,
        })
    }
}

impl Heat {
    /// What is written over the stone's and the marker's cells: the chance
    /// of winning in percent. On the smallest scale, where a square is two
    /// cells wide, only the top candidates (`named`, never side by side)
    /// get their figure: a tenth on every square read "5" everywhere. The
    /// others show their warmth alone; without colour, a dot.
    pub fn label(self, scale: u16, theme: Theme) -> String {
        if scale > 1 || self.named {
            return format!("{:<2}", self.win);
        }
        // The marker's cell is cleared: a pattern beside it would read as
        // part of the mark.
        if theme.colour {
            "  ".to_string()
        } else {
            format!("{} ", theme.sym("·", "."))
        }
    }

    /// How many candidates are named on small squares.
    pub const NAMED: usize = 3;
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
                warmth: Heat::WARMEST,
                named: true,
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
    fn small_squares_name_the_top_candidates_alone() {
        let heat = |win, named| Heat {
            share: 1,
            win,
            warmth: 0,
            named,
        };
        let ascii = Theme::new(crate::app::ThemeName::Ascii, true);
        let colour = Theme::new(crate::app::ThemeName::Color, false);
        // A named candidate's figure in full, never a lone tenth.
        assert_eq!(heat(54, true).label(1, colour), "54");
        assert_eq!(heat(7, true).label(1, ascii), "7 ");
        // The others: their warmth alone, a dot without colour.
        assert_eq!(heat(54, false).label(1, colour), "  ");
        assert_eq!(heat(54, false).label(1, ascii), ". ");
        // Big squares have room for every figure.
        assert_eq!(heat(7, false).label(2, ascii), "7 ");
    }
}
