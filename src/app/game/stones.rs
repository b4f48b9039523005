//! The shape of a stone that fills its square, and the bridges that join it
//! to orthogonal neighbours of its colour, so that a chain reads as one shape.
//!
//! A square of scale `s` is `2s` columns by `s` rows; split each cell into a
//! top and a bottom half and it is `2s` by `2s` square "pixels", which the
//! half-block glyphs draw.

use crate::core::{Color, Position, Square};

/// Which sides of a stone touch a stone of its colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Joins {
    pub up: bool,
    pub down: bool,
    pub left: bool,
    pub right: bool,
}

impl Joins {
    /// The sides of the stone on `sq` (of colour `color`) that join another.
    pub fn of(position: &Position, sq: Square, color: Color) -> Joins {
        let same = |dc, dr| {
            sq.offset(dc, dr)
                .filter(|n| position.size().contains(*n))
                .is_some_and(|n| position.get(n) == Some(color))
        };
        Joins {
            up: same(0, 1),
            down: same(0, -1),
            left: same(-1, 0),
            right: same(1, 0),
        }
    }
}

/// Which halves (top, bottom) of the cell (`column`, `row`) of its square,
/// counted from the square's top-left, a stone covers at `scale` ≥ 2.
pub const fn cover(scale: u16, joins: Joins, column: u16, row: u16) -> (bool, bool) {
    (
        pixel(scale, joins, column, 2 * row),
        pixel(scale, joins, column, 2 * row + 1),
    )
}

/// Whether pixel (`px`, `py`) of a square (from its top-left) is stone: a
/// tile inset by one pixel from scale 3 (at scale 2 a margin would leave too
/// small a stone, so the tile's corners are cut instead, which rounds it by
/// half cells), and bridges across the margin towards joined neighbours.
const fn pixel(scale: u16, joins: Joins, px: u16, py: u16) -> bool {
    let side = 2 * scale;
    let margin = if scale >= 3 { 1 } else { 0 };
    let (lo, hi) = (margin, side - margin);
    let in_x = px >= lo && px < hi;
    let in_y = py >= lo && py < hi;
    if in_x && in_y {
        let (left, right) = (px == lo, px + 1 == hi);
        let (top, bottom) = (py == lo, py + 1 == hi);
        let cut = margin == 0
            && ((left && top && !joins.left && !joins.up)
                || (right && top && !joins.right && !joins.up)
                || (left && bottom && !joins.left && !joins.down)
                || (right && bottom && !joins.right && !joins.down));
        return !cut;
    }
    (in_y && ((px < lo && joins.left) || (px >= hi && joins.right)))
        || (in_x && ((py < lo && joins.up) || (py >= hi && joins.down)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn covered(scale: u16, joins: Joins) -> usize {
        let mut n = 0;
        for row in 0..scale {
            for column in 0..2 * scale {
                if cover(scale, joins, column, row) != (false, false) {
                    n += 1;
                }
            }
        }
        n
    }

    #[test]
    fn a_lone_stone_covers_at_least_half_its_cells_at_every_scale() {
        for scale in 2..=4 {
            let cells = usize::from(2 * scale * scale);
            assert!(2 * covered(scale, Joins::default()) >= cells, "{scale}");
        }
    }

    #[test]
    fn a_joined_side_reaches_the_square_edge_and_a_lone_one_does_not() {
        for scale in 2..=4 {
            let right = Joins {
                right: true,
                ..Joins::default()
            };
            let mid = scale / 2;
            let edge = 2 * scale - 1;
            assert_eq!(cover(scale, right, edge, mid), (true, true), "{scale}");
            if scale >= 3 {
                assert_eq!(cover(scale, Joins::default(), edge, mid), (false, false));
            }
            // The top-right corner stays cut without a neighbour there.
            assert_ne!(cover(scale, Joins::default(), edge, 0), (true, true));
        }
    }
}
