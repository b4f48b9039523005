//! The board widget: any position, with marks per square laid over it (cursor,
//! last move, preview, winning chain; later hints and heat maps).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::stones::{Joins, cover};
use crate::app::computer::heat::Heat;
use crate::app::ui::cells::{put, text};
use crate::app::ui::layout::BoardGeometry;
use crate::app::ui::theme::{Highlight, Marker, Theme, Ui};
use crate::core::{BoardSize, Color, Position, Square};

/// What is drawn over one square besides its stone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SquareMarks {
    /// A stone that would be there (shown on an empty or captured square).
    pub ghost: Option<Color>,
    /// The sign right of the stone.
    pub marker: Option<Marker>,
    pub highlight: Option<Highlight>,
    /// The engine's interest in an empty square (analysis).
    pub heat: Option<Heat>,
}

/// Marks for every square of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardOverlay {
    size: BoardSize,
    marks: Vec<SquareMarks>,
}

impl BoardOverlay {
    pub fn new(size: BoardSize) -> BoardOverlay {
        BoardOverlay {
            size,
            marks: vec![SquareMarks::default(); size.area()],
        }
    }

    pub fn get(&self, sq: Square) -> SquareMarks {
        if self.size.contains(sq) {
            self.marks[self.size.index(sq)]
        } else {
            SquareMarks::default()
        }
    }

    /// The marks of a square to change; `None` off the board.
    pub fn at(&mut self, sq: Square) -> Option<&mut SquareMarks> {
        if self.size.contains(sq) {
            self.marks.get_mut(self.size.index(sq))
        } else {
            None
        }
    }

    pub fn set_marker(&mut self, sq: Square, marker: Marker) {
        if let Some(m) = self.at(sq) {
            m.marker = Some(marker);
        }
    }

    pub fn set_ghost(&mut self, sq: Square, color: Color) {
        if let Some(m) = self.at(sq) {
            m.ghost = Some(color);
        }
    }

    pub fn set_highlight(&mut self, sq: Square, highlight: Highlight) {
        if let Some(m) = self.at(sq) {
            m.highlight = Some(highlight);
        }
    }

    pub fn set_heat(&mut self, sq: Square, heat: Heat) {
        if let Some(m) = self.at(sq) {
            m.heat = Some(heat);
        }
    }
}

/// Draws a position at the largest scale that fits the area, centred, with
/// coordinates on all four sides and each colour's edges marked.
pub struct BoardWidget<'a> {
    pub position: &'a Position,
    pub overlay: &'a BoardOverlay,
    pub theme: Theme,
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let Some(geo) = BoardGeometry::fit(area, self.position.size()) else {
            return;
        };
        self.coordinates(&geo, buf);
        self.frame(&geo, buf);
        for sq in self.position.size().squares() {
            self.square(&geo, sq, buf);
        }
    }
}

impl BoardWidget<'_> {
    fn coordinates(&self, geo: &BoardGeometry, buf: &mut Buffer) {
        let style = self.theme.ui(Ui::Dim);
        let size = self.position.size();
        let n = size.get();
        for col in 0..n {
            let (x, _) = geo.glyph_cell(Square::new(col, 0));
            let letter = Square::new(col, 0).file_char().to_string();
            for y in [geo.area.y, geo.area.bottom() - 1] {
                text(buf, x, y, &letter, style);
            }
        }
        let label = geo.label_width() - 1;
        for row in 0..n {
            let (_, y) = geo.glyph_cell(Square::new(0, row));
            let number = (row + 1).to_string();
            let width = usize::from(label);
            text(buf, geo.area.x, y, &format!("{number:>width$}"), style);
            text(buf, geo.frame().right() + 1, y, &number, style);
        }
    }

    fn frame(&self, geo: &BoardGeometry, buf: &mut Buffer) {
        let frame = geo.frame();
        let grid = geo.grid();
        let (top, bottom) = self.theme.black_edges();
        let black = self.theme.frame(Some(Color::Black));
        let white = self.theme.frame(Some(Color::White));
        let corner = self.theme.frame(None);
        for x in frame.x..frame.right() {
            let inner = x >= grid.x && x < grid.right();
            let (top, bottom, style) = if inner {
                (top, bottom, black)
            } else {
                (' ', ' ', corner)
            };
            put(buf, x, frame.y, top, style);
            put(buf, x, frame.bottom() - 1, bottom, style);
        }
        for y in grid.y..grid.bottom() {
            put(buf, frame.x, y, self.theme.white_edge(), white);
            put(buf, frame.right() - 1, y, self.theme.white_edge(), white);
        }
    }

    fn square(&self, geo: &BoardGeometry, sq: Square, buf: &mut Buffer) {
        let theme = self.theme;
        let marks = self.overlay.get(sq);
        let mut base = theme.square(sq.shade());
        if let Some(heat) = marks.heat {
            base = theme.heat(base, heat.warmth);
        }
        if let Some(h) = marks.highlight {
            base = theme.highlighted(base, h);
        }
        let stone = self.position.get(sq);
        let joins = stone.map(|color| Joins::of(self.position, sq, color));
        let rect = geo.square_rect(sq);
        let empty = theme.empty(sq.shade());
        for y in rect.y..rect.bottom() {
            for x in rect.x..rect.right() {
                let cell = match (stone, joins) {
                    (Some(color), Some(joins)) if geo.scale > 1 => {
                        let halves = cover(geo.scale, joins, x - rect.x, y - rect.y);
                        theme.stone_cell(base, color, halves)
                    }
                    _ => None,
                };
                let (ch, style) = cell.unwrap_or((empty, base));
                put(buf, x, y, ch, style);
            }
        }
        let (x, y) = geo.glyph_cell(sq);
        // Marks written over a big stone take its colour as background.
        let on_stone = stone.filter(|_| geo.scale > 1);
        let under = theme.on_stone(base, on_stone);
        match (marks.ghost, stone) {
            (Some(ghost), _) => put(
                buf,
                x,
                y,
                theme.ghost(ghost),
                theme.ghost_style(under, ghost),
            ),
            // A big stone under the cursor or in the winning chain shows its
            // glyph on the highlight, which would hardly show around it.
            (None, Some(stone)) if geo.scale == 1 || marks.highlight.is_some() => {
                // Under the cursor a bar would hide the cursor's colour.
                let upright = joins.is_some_and(|j| j.up || j.down)
                    && marks.highlight != Some(Highlight::Cursor);
                let glyph = if geo.scale == 1 {
                    theme.small_stone(stone, upright)
                } else {
                    theme.stone(stone)
                };
                put(buf, x, y, glyph, theme.stone_style(base, stone));
                // The marker cell bridges two stones side by side.
                let joined = joins.is_some_and(|j| j.right);
                if geo.scale == 1 && joined && marks.marker.is_none() {
                    put(buf, x + 1, y, theme.bond(), theme.stone_style(base, stone));
                }
            }
            (None, Some(_)) => {}
            (None, None) => {
                if let Some(heat) = marks.heat.filter(|_| marks.marker.is_none()) {
                    let label = heat.label(geo.scale, theme);
                    text(buf, x, y, &label, theme.heat_digits(base));
                }
            }
        }
        // The swap's heat on the stone that would change hands (the last
        // one placed) stands in for its marker.
        if let (Some(heat), Some(_)) = (marks.heat, stone) {
            heat_on_stone(buf, (x, y), heat, geo.scale, theme, (base, on_stone));
        } else if let Some(marker) = marks.marker {
            let style = theme.marker_style(under, marker, on_stone);
            put(buf, x + 1, y, theme.marker(marker), style);
        }
    }
}

/// The swap's heat written on the stone that would change hands: over a big
/// stone in the other stone's colour; beside a small one, in its marker's
/// one cell, the tenths alone, if it is one of the top candidates.
fn heat_on_stone(
    buf: &mut Buffer,
    (x, y): (u16, u16),
    heat: Heat,
    scale: u16,
    theme: Theme,
    (base, on_stone): (Style, Option<Color>),
) {
    if scale > 1 {
        let label = heat.label(scale, theme);
        let under = theme.on_stone(base, on_stone);
        let style = theme.marker_style(under, Marker::Hint, on_stone);
        text(buf, x, y, &label, style);
    } else if heat.named {
        let tenths = match (heat.win + 5) / 10 {
            10.. => '*',
            tenths => char::from(b'0' + tenths),
        };
        put(buf, x + 1, y, tenths, theme.heat_digits(base));
    }
}
