//! How far apart two colours look: the contrast ratio of WCAG 2 (1 to 21),
//! on the colours a terminal really shows (xterm's palette, or the VGA one
//! of the Linux console, whose backgrounds are the eight first colours).
//! The board's colours are checked with it on every terminal.

use ratatui::style::Color as Tint;

use super::palette::rgb_of_index;

/// The Linux console's 16 colours (the VGA text palette).
#[cfg(test)]
const VGA: [(u8, u8, u8); 16] = [
    (0, 0, 0),
    (170, 0, 0),
    (0, 170, 0),
    (170, 85, 0),
    (0, 0, 170),
    (170, 0, 170),
    (0, 170, 170),
    (170, 170, 170),
    (85, 85, 85),
    (255, 85, 85),
    (85, 255, 85),
    (255, 255, 85),
    (85, 85, 255),
    (255, 85, 255),
    (85, 255, 255),
    (255, 255, 255),
];

/// The red, green and blue a terminal shows for a tint, as text (`fg`) or
/// as background; `console`: the Linux console. `None` for the terminal's
/// own colours (`Reset`, named colours), which are not known.
#[cfg(test)]
pub fn shown(tint: Tint, console: bool, fg: bool) -> Option<(u8, u8, u8)> {
    match tint {
        Tint::Rgb(r, g, b) => Some((r, g, b)),
        Tint::Indexed(i) if console && i < 16 => {
            let i = if fg { i } else { i % 8 };
            Some(VGA[usize::from(i)])
        }
        Tint::Indexed(i) => Some(rgb_of_index(i)),
        _ => None,
    }
}

/// The red, green and blue of a colour of the board (not the terminal's
/// own named colours, which are unknown).
pub fn rgb_of(tint: Tint) -> Option<(u8, u8, u8)> {
    match tint {
        Tint::Rgb(r, g, b) => Some((r, g, b)),
        Tint::Indexed(i) => Some(rgb_of_index(i)),
        _ => None,
    }
}

/// How much `tint` stands out on `on` (1 when unknown).
pub fn contrast_on(tint: Tint, on: (u8, u8, u8)) -> f64 {
    rgb_of(tint).map_or(1.0, |rgb| ratio(rgb, on))
}

/// A colour's relative luminance (0 black to 1 white).
fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// The contrast ratio of two colours, 1 (the same) to 21.
pub fn ratio(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// How far apart two colours are in hue and brightness together (0 to 441).
#[cfg(test)]
pub fn distance(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
    let d = |x: u8, y: u8| (f64::from(x) - f64::from(y)).powi(2);
    (d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)).sqrt()
}

#[cfg(test)]
mod tests {
    use ratatui::style::Style;

    use super::*;
    use crate::app::config::{BoardColours, DisplayConfig, PALETTES, ThemeName};
    use crate::app::terminal::capabilities::{TermCaps, detect};
    use crate::app::ui::sixteen::eight_backgrounds;
    use crate::app::ui::theme::{Highlight, Marker, Theme};
    use crate::core::{Color, Shade};

    /// WCAG 2 asks 3:1 of graphics; the classic wooden board's white
    /// stones on tan reach 2 (as on a real one), so 2 is the floor. Fitted
    /// to 16 colours they had 1.3.
    const MIN_CONTRAST: f64 = 2.0;
    /// Squares, cursor and chain differ at least this much in colour.
    const MIN_DISTANCE: f64 = 48.0;

    const MARKERS: [Marker; 8] = [
        Marker::LastPlaced,
        Marker::LastFilled,
        Marker::LastCaptured,
        Marker::PreviewFill,
        Marker::PreviewCapture,
        Marker::Hint,
        Marker::Escort,
        Marker::Threatened,
    ];

    /// Every theme with colours on every terminal that has them.
    fn cases() -> Vec<(String, Theme)> {
        let terminals = [
            ("truecolor", "xterm-256color", "truecolor"),
            ("256", "xterm-256color", ""),
            ("TERM=xterm", "xterm", ""),
            ("TERM=linux", "linux", ""),
        ];
        let mut cases = Vec::new();
        for (palette, names) in PALETTES {
            for theme in [ThemeName::Color, ThemeName::Ascii] {
                for (depth, term, colorterm) in terminals {
                    let display = DisplayConfig {
                        theme,
                        colours: BoardColours::palette(names),
                        ..DisplayConfig::default()
                    };
                    let caps = detect(Some(term), Some(colorterm), false).unwrap();
                    let name = format!("{palette} {theme:?} {depth}");
                    cases.push((name, Theme::on(&display, caps)));
                }
            }
        }
        cases
    }

    fn rgb(theme: Theme, tint: Option<Tint>, fg: bool, what: &str) -> (u8, u8, u8) {
        let console = eight_backgrounds(theme.terminal);
        tint.and_then(|t| shown(t, console, fg))
            .unwrap_or_else(|| panic!("{what}: no colour of the board's own ({tint:?})"))
    }

    #[test]
    fn every_stone_mark_and_square_stands_out_in_every_theme_and_depth() {
        let mut failures = Vec::new();
        for (name, theme) in cases() {
            let squares = [Shade::Light, Shade::Dark].map(|shade| theme.square(shade));
            let mut backgrounds: Vec<(String, Style)> = Vec::new();
            for (shade, square) in ["light", "dark"].iter().zip(squares) {
                backgrounds.push((format!("{shade} square"), square));
                for (h, label) in [(Highlight::Cursor, "cursor"), (Highlight::Chain, "chain")] {
                    let style = theme.highlighted(square, h);
                    backgrounds.push((format!("{label} on {shade}"), style));
                }
            }
            for (label, bg) in &backgrounds {
                let under = rgb(theme, bg.bg, false, label);
                let mut fgs: Vec<(String, Style)> = Vec::new();
                for color in [Color::Black, Color::White] {
                    fgs.push((format!("{color:?} stone"), theme.stone_style(*bg, color)));
                }
                for marker in MARKERS {
                    fgs.push((format!("{marker:?}"), theme.marker_style(*bg, marker, None)));
                }
                for (what, fg) in fgs {
                    let over = rgb(theme, fg.fg, true, &what);
                    let r = ratio(over, under);
                    if r < MIN_CONTRAST {
                        failures.push(format!("{name}: {what} on {label}: {r:.2}"));
                    }
                }
            }
            // Marks over a big stone, in the other stone's colour.
            for color in [Color::Black, Color::White] {
                let bg = theme.on_stone(squares[0], Some(color));
                let fg = theme.marker_style(bg, Marker::Threatened, Some(color));
                let r = ratio(
                    rgb(theme, fg.fg, true, "mark on a stone"),
                    rgb(theme, bg.bg, false, "stone"),
                );
                if r < MIN_CONTRAST {
                    failures.push(format!("{name}: a mark on a {color:?} stone: {r:.2}"));
                }
                let edge = theme.frame(Some(color));
                let r = ratio(
                    rgb(theme, edge.fg, true, "edge"),
                    rgb(theme, edge.bg, false, "frame"),
                );
                if r < MIN_CONTRAST {
                    failures.push(format!("{name}: {color:?}'s edge on the frame: {r:.2}"));
                }
            }
            // The squares, the cursor and the chain are told apart.
            let distinct: Vec<(String, (u8, u8, u8))> = backgrounds
                .iter()
                .filter(|(label, bg)| {
                    !label.starts_with("chain") || squares.iter().all(|s| s.bg != bg.bg)
                })
                .map(|(label, bg)| (label.clone(), rgb(theme, bg.bg, false, label)))
                .collect();
            for (i, (a, ca)) in distinct.iter().enumerate() {
                for (b, cb) in &distinct[i + 1..] {
                    let same_kind =
                        a.split(' ').next() == b.split(' ').next() && !a.ends_with("square");
                    if !same_kind && distance(*ca, *cb) < MIN_DISTANCE {
                        failures.push(format!("{name}: {a} and {b} look alike"));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn sixteen_colour_terminals_get_their_own_board() {
        let xterm = Theme::on(
            &DisplayConfig::default(),
            detect(Some("xterm"), None, false).unwrap(),
        );
        // White's stones were bright white (15) on light grey (7).
        let square = xterm.square(Shade::Light).bg;
        assert_ne!(square, Some(Tint::Indexed(7)));
        assert_ne!(square, xterm.stone_style(Style::new(), Color::White).fg);
        let full = Theme::on(&DisplayConfig::default(), TermCaps::FULL);
        assert_eq!(full.square(Shade::Light).bg, Some(Tint::Indexed(180)));
    }
}
