//! Where things go on the screen. Pure arithmetic on the terminal size, shared
//! by drawing and by the mouse (a click is mapped back to a square here).

use ratatui::layout::Rect;

use crate::core::{BoardSize, Square};

/// Width of the side panel, borders included.
pub const PANEL_WIDTH: u16 = 34;
/// Columns between the board and the panel.
const GAP: u16 = 2;
/// The panel needs this many rows to show players, turn and prompts.
const PANEL_MIN_HEIGHT: u16 = 18;
/// The largest square: 2·4 columns by 4 rows.
const MAX_SCALE: u16 = 4;

/// A board drawn at a fixed scale: each square is `2·scale` columns by `scale`
/// rows, which looks square in a terminal whose cells are twice as tall as wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGeometry {
    /// The whole widget: coordinates, frame and squares.
    pub area: Rect,
    pub size: BoardSize,
    pub scale: u16,
}

impl BoardGeometry {
    /// Width and height of the widget for a board size at a scale.
    pub fn dimensions(size: BoardSize, scale: u16) -> (u16, u16) {
        let n = u16::from(size.get());
        let label = label_width(size);
        (2 * (label + 1) + 2 + n * 2 * scale, n * scale + 4)
    }

    /// The largest scale whose board fits in `area`, centred in it.
    pub fn fit(area: Rect, size: BoardSize) -> Option<BoardGeometry> {
        (1..=MAX_SCALE).rev().find_map(|scale| {
            let (w, h) = Self::dimensions(size, scale);
            (w <= area.width && h <= area.height).then(|| BoardGeometry {
                area: Rect::new(
                    area.x + (area.width - w) / 2,
                    area.y + (area.height - h) / 2,
                    w,
                    h,
                ),
                size,
                scale,
            })
        })
    }

    /// Columns taken by the row numbers on each side, plus a space.
    pub fn label_width(&self) -> u16 {
        label_width(self.size) + 1
    }

    /// The squares' area, inside the frame.
    pub fn grid(&self) -> Rect {
        let n = u16::from(self.size.get());
        Rect::new(
            self.area.x + self.label_width() + 1,
            self.area.y + 2,
            n * 2 * self.scale,
            n * self.scale,
        )
    }

    /// The frame: the grid with one cell more on every side.
    pub fn frame(&self) -> Rect {
        let g = self.grid();
        Rect::new(g.x - 1, g.y - 1, g.width + 2, g.height + 2)
    }

    /// The cells of a square (row 1 at the bottom).
    pub fn square_rect(&self, sq: Square) -> Rect {
        let g = self.grid();
        let n = u16::from(self.size.get());
        let (w, h) = (2 * self.scale, self.scale);
        let col = u16::from(sq.col());
        let row_from_top = n - 1 - u16::from(sq.row());
        Rect::new(g.x + col * w, g.y + row_from_top * h, w, h)
    }

    /// The cell holding a square's stone; the marker cell is right of it.
    pub fn glyph_cell(&self, sq: Square) -> (u16, u16) {
        let r = self.square_rect(sq);
        (r.x + self.scale - 1, r.y + (self.scale - 1) / 2)
    }

    /// The square under a screen cell.
    pub fn square_at(&self, column: u16, row: u16) -> Option<Square> {
        let g = self.grid();
        if !g.contains(ratatui::layout::Position::new(column, row)) {
            return None;
        }
        let n = u16::from(self.size.get());
        let col = (column - g.x) / (2 * self.scale);
        let row = n - 1 - (row - g.y) / self.scale;
        let sq = Square::new(u8::try_from(col).ok()?, u8::try_from(row).ok()?);
        self.size.contains(sq).then_some(sq)
    }
}

fn label_width(size: BoardSize) -> u16 {
    if size.get() >= 10 { 2 } else { 1 }
}

/// The main screen's parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScreenLayout {
    pub board: BoardGeometry,
    /// The side panel: right of the board, else below it, else (in a small
    /// terminal) left out, the bottom line then saying what it would.
    pub panel: Option<Rect>,
    /// The bottom line: messages, prompts and key hints.
    pub status: Rect,
}

/// The smallest terminal that shows a board of this size: the board and the
/// bottom line. The side panel needs more room.
pub fn minimum_size(size: BoardSize) -> (u16, u16) {
    let (w, h) = BoardGeometry::dimensions(size, 1);
    (w, h + 1)
}

/// Lays out the main screen, or says how large the terminal must be.
pub fn screen(area: Rect, size: BoardSize) -> Result<ScreenLayout, (u16, u16)> {
    let need = minimum_size(size);
    if area.width < need.0 || area.height < need.1 {
        return Err(need);
    }
    let (board_width, board_height) = BoardGeometry::dimensions(size, 1);
    let body_height = area.height - 1;
    let status = Rect::new(area.x, area.y + body_height, area.width, 1);
    if area.width >= board_width + GAP + PANEL_WIDTH && body_height >= PANEL_MIN_HEIGHT {
        return beside(area, size, status, need);
    }
    // A narrow terminal: the panel below the board if it fits, else none.
    let below = body_height >= board_height + PANEL_MIN_HEIGHT && area.width >= PANEL_WIDTH;
    let panel_height = if below { PANEL_MIN_HEIGHT } else { 0 };
    let board_room = Rect::new(area.x, area.y, area.width, body_height - panel_height);
    let mut board = BoardGeometry::fit(board_room, size).ok_or(need)?;
    if below {
        // At the top, the panel taking all the rows left.
        board.area.y = area.y;
    }
    let panel = below.then(|| {
        let top = board.area.bottom();
        Rect::new(
            area.x + (area.width - PANEL_WIDTH) / 2,
            top,
            PANEL_WIDTH,
            area.y + body_height - top,
        )
    });
    Ok(ScreenLayout {
        board,
        panel,
        status,
    })
}

/// The board with the panel on its right, the pair centred.
fn beside(
    area: Rect,
    size: BoardSize,
    status: Rect,
    need: (u16, u16),
) -> Result<ScreenLayout, (u16, u16)> {
    let body_height = status.y - area.y;
    // The widest board that leaves room for the panel, then the pair is centred.
    let board_room = Rect::new(0, area.y, area.width - GAP - PANEL_WIDTH, body_height);
    let fitted = BoardGeometry::fit(board_room, size).ok_or(need)?;
    let total = fitted.area.width + GAP + PANEL_WIDTH;
    let left = area.x + (area.width - total) / 2;
    let board = BoardGeometry::fit(
        Rect::new(left, area.y, fitted.area.width, body_height),
        size,
    )
    .ok_or(need)?;
    Ok(ScreenLayout {
        board,
        panel: Some(Rect::new(
            left + board.area.width + GAP,
            area.y,
            PANEL_WIDTH,
            body_height,
        )),
        status,
    })
}

/// A rectangle of at most `width` × `height`, centred in `area`.
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(n: u8) -> BoardSize {
        BoardSize::new(n).unwrap()
    }

    #[test]
    fn squares_map_to_cells_and_back() {
        let area = Rect::new(0, 0, 200, 80);
        for n in [5, 10, 15, 25] {
            let geo = BoardGeometry::fit(area, size(n)).unwrap();
            for sq in size(n).squares() {
                let r = geo.square_rect(sq);
                assert!(
                    geo.frame()
                        .contains(ratatui::layout::Position::new(r.x, r.y))
                );
                for (x, y) in [(r.x, r.y), (r.right() - 1, r.bottom() - 1)] {
                    assert_eq!(geo.square_at(x, y), Some(sq), "{sq} on {n}");
                }
            }
            let f = geo.frame();
            assert_eq!(geo.square_at(f.x, f.y + 1), None);
        }
    }

    #[test]
    fn picks_the_largest_scale_that_fits() {
        let n = size(15);
        assert_eq!(BoardGeometry::dimensions(n, 1), (38, 19));
        let geo = BoardGeometry::fit(Rect::new(0, 0, 70, 36), n).unwrap();
        assert_eq!(geo.scale, 2);
        assert!(BoardGeometry::fit(Rect::new(0, 0, 37, 50), n).is_none());
    }

    #[test]
    fn the_screen_says_how_large_it_must_be() {
        let n = size(15);
        let need = minimum_size(n);
        assert_eq!(need, (38, 20));
        assert!(screen(Rect::new(0, 0, need.0, need.1), n).is_ok());
        assert_eq!(screen(Rect::new(0, 0, need.0 - 1, need.1), n), Err(need));
        assert_eq!(screen(Rect::new(0, 0, need.0, need.1 - 1), n), Err(need));
    }

    #[test]
    fn the_panel_goes_beside_the_board_else_below_it_else_nowhere() {
        let n = size(15);
        let l = screen(Rect::new(0, 0, 120, 40), n).unwrap();
        let panel = l.panel.unwrap();
        assert!(l.board.area.right() + GAP <= panel.x);
        assert!(panel.right() <= 120);
        assert_eq!(l.status.y, 39);
        // The smallest terminal with the panel beside the board.
        assert!(screen(Rect::new(0, 0, 74, 20), n).unwrap().panel.is_some());
        // Too narrow for both side by side, but tall: the panel below.
        let l = screen(Rect::new(0, 0, 60, 40), n).unwrap();
        let panel = l.panel.unwrap();
        assert_eq!(l.board.area.y, 0);
        assert_eq!(panel.y, l.board.area.bottom());
        assert!(panel.bottom() <= l.status.y);
        assert!(panel.height >= PANEL_MIN_HEIGHT);
        // Too small for the panel anywhere: the board and the bottom line.
        for (w, h) in [(73, 24), (60, 30), (38, 20)] {
            let l = screen(Rect::new(0, 0, w, h), n).unwrap();
            assert_eq!(l.panel, None, "{w}x{h}");
            assert!(l.board.area.bottom() <= l.status.y);
            assert!(l.board.area.right() <= w);
        }
    }
}
