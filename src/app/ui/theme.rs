//! Colours and glyphs. Every distinction the board makes is carried by a glyph
//! as well as by colour, so the monochrome theme (and `NO_COLOR`) loses nothing.

use ratatui::style::{Color as Tint, Modifier, Style};

use super::contrast::{contrast_on, rgb_of};
use super::palette::fit;
use super::sixteen::{Sixteen, scheme};
use crate::app::config::{BoardColours, Colour, DisplayConfig, ThemeName};
use crate::app::terminal::capabilities::{Depth, TermCaps};
use crate::core::{Color, Shade};

/// How the screen is drawn: with or without colour, Unicode or ASCII glyphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub colour: bool,
    pub ascii: bool,
    /// The terminal it is drawn on, whose colours every tint is fitted to.
    pub terminal: TermCaps,
    /// The stones' and the squares' colours.
    pub colours: BoardColours,
}

/// What a square's marker cell (right of the stone) can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// The stone placed by the last move.
    LastPlaced,
    /// Filled by the last move's escort rule.
    LastFilled,
    /// Filled by the last move, capturing the stone that stood there.
    LastCaptured,
    /// Would be filled if a stone were placed at the cursor.
    PreviewFill,
    /// Would be captured if a stone were placed at the cursor.
    PreviewCapture,
    /// The engine's hint.
    Hint,
    /// An escort of the cursor's square (the relation is symmetric: also a
    /// square the cursor's square escorts).
    Escort,
    /// A stone the side to move could capture with one placement.
    Threatened,
}

/// A square's background emphasis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Highlight {
    Cursor,
    /// Part of the winning chain.
    Chain,
}

/// Parts of the screen outside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ui {
    Text,
    Dim,
    Title,
    Accent,
    Good,
    Warning,
    Error,
    Selected,
    Key,
}

// 256-colour palette indices: understood by nearly every terminal, unlike RGB.
const FRAME: Tint = Tint::Indexed(94);
/// The heat map's figures.
const INK: Tint = Tint::Indexed(16);
const CURSOR: Tint = Tint::Indexed(75);
/// A green that both stones stand out on (149, paler, hid White's).
const CHAIN: Tint = Tint::Indexed(71);
/// The marks, each dark and light: the one that stands out more on the
/// square is drawn (dark on tan, light on the high-contrast slate).
const LAST_MARK: [Tint; 2] = [Tint::Indexed(88), Tint::Indexed(217)];
const PREVIEW_MARK: [Tint; 2] = [Tint::Indexed(19), Tint::Indexed(153)];
const HINT_MARK: [Tint; 2] = [Tint::Indexed(22), Tint::Indexed(157)];
const ESCORT_MARK: [Tint; 2] = [Tint::Indexed(54), Tint::Indexed(183)];
/// Darker than a vivid red, which hardly showed on the brown squares.
const THREAT_MARK: [Tint; 2] = [Tint::Indexed(124), Tint::Indexed(210)];
/// The heat map, from a little to the most favoured square: pale yellow to red.
const HEAT: [Tint; 5] = [
    Tint::Indexed(230),
    Tint::Indexed(222),
    Tint::Indexed(215),
    Tint::Indexed(209),
    Tint::Indexed(203),
];

impl Theme {
    /// The theme for a setting, in the default colours on a 256-colour
    /// terminal; `no_color` (the `NO_COLOR` variable) wins.
    pub fn new(name: ThemeName, no_color: bool) -> Theme {
        let display = DisplayConfig {
            theme: name,
            ..DisplayConfig::default()
        };
        Theme::on(&display, TermCaps::FULL.without_colour(no_color))
    }

    /// The `[display]` settings on a terminal: no colour where it has none,
    /// ASCII where its font lacks the glyphs, and its `--theme` over all.
    pub fn on(display: &DisplayConfig, terminal: TermCaps) -> Theme {
        let name = terminal.theme.unwrap_or(display.theme);
        Theme {
            colour: name != ThemeName::Mono && terminal.depth != Depth::Mono,
            ascii: name == ThemeName::Ascii || !terminal.unicode,
            terminal,
            colours: display.colours,
        }
    }

    /// A colour as this terminal shows it.
    fn tint(self, tint: Tint) -> Tint {
        fit(tint, self.terminal.depth)
    }

    fn rgb(self, colour: Colour) -> Tint {
        let (r, g, b) = colour.rgb;
        self.tint(Tint::Rgb(r, g, b))
    }

    /// The 16-colour scheme, on a 16-colour terminal, for the palettes
    /// of the settings (colours of your own are fitted as they are).
    fn sixteen(self) -> Option<&'static Sixteen> {
        scheme(self.terminal).filter(|_| self.colours.palette_name().is_some())
    }

    /// A colour: the 16-colour scheme's `pick` on such a terminal, else
    /// `tint` as near as the terminal shows it.
    fn chosen(self, pick: impl Fn(&Sixteen) -> u8, tint: Tint) -> Tint {
        match self.sixteen() {
            Some(sixteen) => Tint::Indexed(pick(sixteen)),
            None => self.tint(tint),
        }
    }

    fn stone_tint(self, color: Color) -> Tint {
        if let Some(sixteen) = self.sixteen() {
            return Tint::Indexed(match color {
                Color::Black => sixteen.black,
                Color::White => sixteen.white,
            });
        }
        self.rgb(match color {
            Color::Black => self.colours.black_stones,
            Color::White => self.colours.white_stones,
        })
    }

    fn pick(self, unicode: char, ascii: char) -> char {
        if self.ascii { ascii } else { unicode }
    }

    pub fn stone(self, color: Color) -> char {
        match color {
            Color::Black => self.pick('●', 'B'),
            Color::White => self.pick('○', 'W'),
        }
    }

    /// A stone on a small square (one cell), `upright` when it joins a
    /// stone of its colour above or below. There a stone of the chain
    /// becomes a bar that meets its neighbours' (the rows touch), a block
    /// in colour, by shape without (heavy for Black, double for White, as
    /// their bonds and edges). In colour White's is `◉`, which shows more
    /// than the thin `○`.
    pub fn small_stone(self, color: Color, upright: bool) -> char {
        match (color, upright, self.colour) {
            _ if self.ascii => self.stone(color),
            (_, true, true) => '█',
            (Color::Black, true, false) => '┃',
            (Color::White, true, false) => '║',
            (Color::White, false, true) => '◉',
            _ => self.stone(color),
        }
    }

    /// A stone that is not there yet (the preview).
    pub fn ghost(self, color: Color) -> char {
        match color {
            Color::Black => self.pick('◌', 'b'),
            Color::White => self.pick('◌', 'w'),
        }
    }

    pub fn marker(self, marker: Marker) -> char {
        match marker {
            Marker::LastPlaced => self.pick('◂', '<'),
            Marker::LastFilled | Marker::PreviewFill => '+',
            Marker::LastCaptured | Marker::PreviewCapture => self.pick('×', 'x'),
            Marker::Hint => '!',
            Marker::Escort => self.pick('◇', ':'),
            Marker::Threatened => self.pick('‼', '?'),
        }
    }

    /// What fills an empty square; without colour, dark squares need a pattern.
    pub fn empty(self, shade: Shade) -> char {
        match (shade, self.colour) {
            (Shade::Light, _) | (Shade::Dark, true) => ' ',
            (Shade::Dark, false) => self.pick('░', '.'),
        }
    }

    /// Black's edges (top and bottom): `(top, bottom)` glyphs.
    pub fn black_edges(self) -> (char, char) {
        (self.pick('▄', '='), self.pick('▀', '='))
    }

    /// White's edges (left and right).
    pub fn white_edge(self) -> char {
        self.pick('║', '|')
    }

    pub fn square(self, shade: Shade) -> Style {
        if !self.colour {
            return Style::new();
        }
        let colours = self.colours;
        let tint = match (shade, self.sixteen()) {
            (Shade::Light, Some(sixteen)) => Tint::Indexed(sixteen.light),
            (Shade::Dark, Some(sixteen)) => Tint::Indexed(sixteen.dark),
            (Shade::Light, None) => self.rgb(colours.light_squares),
            (Shade::Dark, None) => self.rgb(colours.dark_squares),
        };
        Style::new().bg(tint)
    }

    /// A square's style with a highlight on top of it.
    pub fn highlighted(self, base: Style, highlight: Highlight) -> Style {
        let chain = self
            .sixteen()
            .map_or(Some(CHAIN), |s| s.chain.map(Tint::Indexed));
        match (highlight, self.colour) {
            (Highlight::Cursor, true) => base.bg(self.chosen(|s| s.cursor, CURSOR)),
            (Highlight::Chain, true) => match chain {
                Some(chain) => base.bg(self.tint(chain)).add_modifier(Modifier::BOLD),
                None => base.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            },
            (Highlight::Cursor, false) => base.add_modifier(Modifier::REVERSED),
            (Highlight::Chain, false) => base.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        }
    }

    pub fn stone_style(self, base: Style, color: Color) -> Style {
        let style = base.add_modifier(Modifier::BOLD);
        match (self.colour, self.sixteen()) {
            // Bold black shows as grey on many 16-colour terminals.
            (true, Some(_)) => style
                .remove_modifier(Modifier::BOLD)
                .fg(self.stone_tint(color)),
            (true, None) => style.fg(self.stone_tint(color)),
            (false, _) => style,
        }
    }

    /// One cell of a stone that fills its square (scale 2 and up), given
    /// which of its halves (top, bottom) the stone covers: half blocks in
    /// colour; without colour, or in ASCII, a fill glyph per colour on every
    /// cell the stone touches. `None` for a cell it leaves empty.
    pub fn stone_cell(
        self,
        base: Style,
        color: Color,
        halves: (bool, bool),
    ) -> Option<(char, Style)> {
        let tint = self.stone_tint(color);
        match (halves, self.colour && !self.ascii) {
            ((false, false), _) => None,
            ((true, true), true) => Some(('█', base.fg(tint).bg(tint))),
            ((true, false), true) => Some(('▀', base.fg(tint))),
            ((false, true), true) => Some(('▄', base.fg(tint))),
            (_, false) => {
                // By shape, not brightness: a block is bright on a dark
                // terminal, and a shade reads as the dark squares' `░`.
                let glyph = match color {
                    Color::Black => self.pick('●', '#'),
                    Color::White => self.pick('○', 'O'),
                };
                Some((glyph, self.stone_style(base, color)))
            }
        }
    }

    /// The glyph between two joined stones side by side at the smallest scale.
    pub fn bond(self) -> char {
        self.pick('━', '-')
    }

    pub fn ghost_style(self, base: Style, color: Color) -> Style {
        match (self.colour, self.sixteen()) {
            (true, Some(_)) => base.fg(self.stone_tint(color)),
            (true, None) => base.fg(self.stone_tint(color)).add_modifier(Modifier::BOLD),
            (false, _) => base,
        }
    }

    /// The style of a cell inside a big stone of `stone`'s colour, for marks
    /// written over it; `base` where there is no stone.
    pub fn on_stone(self, base: Style, stone: Option<Color>) -> Style {
        match stone {
            Some(color) if self.colour && !self.ascii => base.bg(self.stone_tint(color)),
            _ => base,
        }
    }

    /// A marker's style over `base`; over a big stone (`on_stone`) in the
    /// other stone's colour, which stands out on it.
    pub fn marker_style(self, base: Style, marker: Marker, on_stone: Option<Color>) -> Style {
        let style = base.add_modifier(Modifier::BOLD);
        if !self.colour {
            return style;
        }
        if let Some(color) = on_stone {
            return style.fg(self.stone_tint(color.other()));
        }
        let (pick, pair): (fn(&Sixteen) -> u8, _) = match marker {
            Marker::LastPlaced | Marker::LastFilled | Marker::LastCaptured => {
                (|s| s.last, LAST_MARK)
            }
            Marker::PreviewFill | Marker::PreviewCapture => (|s| s.preview, PREVIEW_MARK),
            Marker::Hint => (|s| s.hint, HINT_MARK),
            Marker::Escort => (|s| s.escort, ESCORT_MARK),
            Marker::Threatened => (|s| s.threat, THREAT_MARK),
        };
        let [dark, light] = pair.map(|tint| self.tint(tint));
        let standing_out = match base.bg.and_then(rgb_of) {
            Some(on) if contrast_on(light, on) > contrast_on(dark, on) => light,
            _ => dark,
        };
        style.fg(self.chosen(pick, standing_out))
    }

    /// A square of the heat map, `warmth` 0 to `Heat::WARMEST`. Without
    /// colour the square's share, written on it, says it all.
    pub fn heat(self, base: Style, warmth: u8) -> Style {
        if !self.colour {
            return base;
        }
        let warmth = usize::from(warmth).min(HEAT.len() - 1);
        base.bg(self.chosen(|s| s.heat[warmth], HEAT[warmth]))
    }

    /// The share written on a square of the heat map.
    pub fn heat_digits(self, base: Style) -> Style {
        let style = base.add_modifier(Modifier::BOLD);
        if self.colour {
            style.fg(self.chosen(|s| s.ink, INK))
        } else {
            style
        }
    }

    /// The frame around the board, on which the edge marks are drawn.
    pub fn frame(self, edge_of: Option<Color>) -> Style {
        if !self.colour {
            return Style::new().add_modifier(Modifier::BOLD);
        }
        let style = Style::new().bg(self.chosen(|s| s.frame, FRAME));
        match edge_of {
            Some(color) => style.fg(self.stone_tint(color)),
            None => style,
        }
    }

    /// The small stone shown beside a player's name.
    pub fn badge(self, color: Color) -> Style {
        if self.colour {
            Style::new()
                .fg(self.stone_tint(color))
                .bg(self.chosen(|s| s.frame, FRAME))
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    pub fn ui(self, part: Ui) -> Style {
        let style = Style::new();
        match part {
            Ui::Text => style,
            Ui::Dim if self.colour => style.fg(Tint::DarkGray),
            Ui::Dim => style,
            Ui::Title => style.add_modifier(Modifier::BOLD),
            Ui::Selected => style.add_modifier(Modifier::REVERSED),
            Ui::Key if self.colour => style.fg(Tint::Cyan).add_modifier(Modifier::BOLD),
            Ui::Key => style.add_modifier(Modifier::BOLD),
            Ui::Accent if self.colour => style.fg(Tint::Yellow).add_modifier(Modifier::BOLD),
            Ui::Good if self.colour => style.fg(Tint::Green).add_modifier(Modifier::BOLD),
            Ui::Warning if self.colour => style.fg(Tint::Yellow),
            Ui::Error if self.colour => style.fg(Tint::Red).add_modifier(Modifier::BOLD),
            Ui::Accent | Ui::Good | Ui::Error => style.add_modifier(Modifier::BOLD),
            Ui::Warning => style,
        }
    }

    /// A short text in Unicode, or its ASCII spelling in the ASCII theme.
    pub fn sym(self, unicode: &'static str, ascii: &'static str) -> &'static str {
        if self.ascii { ascii } else { unicode }
    }

    /// A separator dot between short items.
    pub fn dot(self) -> &'static str {
        self.sym(" · ", " - ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::VariantArray;

    #[test]
    fn no_color_wins_and_monochrome_has_no_colours() {
        assert!(!Theme::new(ThemeName::Color, true).colour);
        assert!(Theme::new(ThemeName::Ascii, false).colour);
        let mono = Theme::new(ThemeName::Mono, false);
        for shade in [Shade::Light, Shade::Dark] {
            let style = mono.stone_style(mono.square(shade), Color::Black);
            assert_eq!((style.fg, style.bg), (None, None));
        }
    }

    #[test]
    fn stones_differ_by_glyph_in_every_theme() {
        for &name in ThemeName::VARIANTS {
            let theme = Theme::new(name, false);
            assert_ne!(theme.stone(Color::Black), theme.stone(Color::White));
            assert_ne!(theme.stone(Color::Black), theme.ghost(Color::Black));
        }
    }

    #[test]
    fn ascii_theme_is_ascii() {
        let t = Theme::new(ThemeName::Ascii, true);
        let glyphs = [
            t.stone(Color::Black),
            t.stone(Color::White),
            t.ghost(Color::Black),
            t.marker(Marker::LastPlaced),
            t.marker(Marker::LastCaptured),
            t.empty(Shade::Dark),
            t.white_edge(),
            t.black_edges().0,
        ];
        assert!(glyphs.iter().all(char::is_ascii), "{glyphs:?}");
    }

    #[test]
    fn without_colour_stones_and_squares_differ_by_shape_not_brightness() {
        // A block is bright on a dark terminal and dark on a light one; a
        // shade reads as the dark squares' pattern.
        let shades = ['░', '▒', '▓', '█'];
        for theme in [
            Theme::new(ThemeName::Mono, false),
            Theme::new(ThemeName::Color, true),
        ] {
            let big = |c| theme.stone_cell(Style::new(), c, (true, true)).unwrap().0;
            let stones = [
                big(Color::Black),
                big(Color::White),
                theme.small_stone(Color::Black, true),
                theme.small_stone(Color::White, true),
                theme.small_stone(Color::Black, false),
                theme.small_stone(Color::White, false),
            ];
            assert!(stones.iter().all(|g| !shades.contains(g)), "{stones:?}");
            let apart = [
                big(Color::Black),
                big(Color::White),
                theme.empty(Shade::Light),
                theme.empty(Shade::Dark),
            ];
            for (i, a) in apart.iter().enumerate() {
                assert!(!apart[i + 1..].contains(a), "{apart:?}");
            }
            assert_ne!(stones[2], stones[3]);
        }
    }
}
