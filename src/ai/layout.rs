//! Per board size and variant tables the playout board reads instead of
//! computing geometry: neighbours, the fills a placement can make, and edge
//! contacts, all as dense square indices.

use std::sync::OnceLock;

use crate::core::{BoardSize, Color, MAX_SQUARES, Square, Variant, escorts};

/// A dense square index, `0..area`; `area` itself is the off-board sentinel,
/// whose cell always reads [`OFF`] so neighbour loops need no bounds checks.
pub(crate) type Sq = u16;

/// Cell contents of the playout board.
pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const OFF: u8 = 3;

/// The cell value of a stone of `color`.
pub(crate) const fn cell_of(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The colour of a stone cell (`BLACK` or `WHITE`).
pub(crate) const fn color_of(cell: u8) -> Color {
    if cell == BLACK {
        Color::Black
    } else {
        Color::White
    }
}

/// Counts of stones on a colour's two edges, packed in one number (low edge
/// in the low byte) so that a group's counts are read and written at once.
pub(crate) type Edges = u16;

pub(crate) const fn edges(low: u8, high: u8) -> Edges {
    low as Edges | (high as Edges) << 8
}

/// Whether counts (or an or of counts) touch both edges.
#[inline(always)]
pub(crate) const fn spans(edges: Edges) -> bool {
    (edges & 0xff != 0) & (edges >> 8 != 0)
}

/// A square a placement may fill: `target` is filled when `guard` (the
/// target's other escort, or the placed square itself when the target has only
/// one) holds the mover's stone too.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FillRule {
    pub target: Sq,
    pub guard: Sq,
    /// The target's neighbours other than the placed square and the guard
    /// (both of which hold the mover's stones when it is filled), padded
    /// with the sentinel.
    pub others: [Sq; 3],
}

/// Table length: every square and the sentinel, a power of two so that a
/// masked square index needs no bounds check.
pub(crate) const CELLS: usize = 1024;
const _: () = assert!(MAX_SQUARES + 3 <= CELLS);

/// A square index as a table index (the mask only proves it is in range).
#[inline(always)]
pub(crate) fn at(sq: Sq) -> usize {
    sq as usize & (CELLS - 1)
}

#[derive(Debug)]
pub(crate) struct Layout {
    pub size: BoardSize,
    pub area: usize,
    /// Whether the colour connected on a full board is always the first to
    /// connect (the revised rules: no capture removes an edge contact), so a
    /// playout may fill the board and read the winner once.
    pub full_board_decides: bool,
    /// Four neighbours per square; missing ones are the sentinel `area`.
    pub neighbours: [[Sq; 4]; CELLS],
    /// Two fill rules per square; a square with fewer has rules whose
    /// target and guard are the sentinel `area`, which never fire (its cell
    /// holds no stone), so loops need no count.
    pub fills: [[FillRule; 2]; CELLS],
    /// Edge contacts per square and cell colour: `contact[sq][cell]` is
    /// [`Edges`] with a 1 for each edge of that colour the square touches.
    pub contact: [[Edges; 4]; CELLS],
    /// The six squares around each square that a group reaches in one step
    /// (the four neighbours and the two on the rising diagonal, joined by
    /// fills), in circular order. Off the board: the sentinels
    /// [`Layout::black_edge`] beyond the top and bottom rows,
    /// [`Layout::white_edge`] beyond the side columns, `area` elsewhere.
    pub ring: [[Sq; 6]; CELLS],
}

impl Layout {
    fn build(size: BoardSize, variant: Variant) -> Box<Layout> {
        let area = size.area();
        let sentinel = area as Sq;
        let mut layout = Box::new(Layout {
            size,
            area,
            full_board_decides: variant == Variant::Revised,
            neighbours: [[sentinel; 4]; CELLS],
            fills: [[FillRule {
                target: sentinel,
                guard: sentinel,
                others: [sentinel; 3],
            }; 2]; CELLS],
            contact: [[0; 4]; CELLS],
            ring: [[sentinel; 6]; CELLS],
        });
        let black_edge = layout.black_edge();
        let white_edge = layout.white_edge();
        let Layout {
            neighbours,
            fills,
            contact,
            ring,
            ..
        } = &mut *layout;
        for sq in size.squares() {
            let i = size.index(sq);
            for (k, n) in size.neighbours(sq).enumerate() {
                neighbours[i][k] = size.index(n) as Sq;
            }
            let fillable = escorts(size, sq)
                .iter()
                .filter(|&target| variant.can_fill(escorts(size, target).len()));
            for (rule, target) in fills[i].iter_mut().zip(fillable) {
                let guard = escorts(size, target)
                    .iter()
                    .find(|&g| g != sq)
                    .unwrap_or(sq);
                let mut others = [sentinel; 3];
                let rest = size.neighbours(target).filter(|&n| n != sq && n != guard);
                for (other, n) in others.iter_mut().zip(rest) {
                    *other = size.index(n) as Sq;
                }
                *rule = FillRule {
                    target: size.index(target) as Sq,
                    guard: size.index(guard) as Sq,
                    others,
                };
            }
            for color in Color::ALL {
                let (low, high) = size.edge_contact(sq, color);
                contact[i][cell_of(color) as usize] = edges(u8::from(low), u8::from(high));
            }
            const AROUND: [(i8, i8); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];
            let n = i16::from(size.get());
            for (k, (dc, dr)) in AROUND.into_iter().enumerate() {
                let c = i16::from(sq.col()) + i16::from(dc);
                let r = i16::from(sq.row()) + i16::from(dr);
                let column_in = (0..n).contains(&c);
                let row_in = (0..n).contains(&r);
                ring[i][k] = match (column_in, row_in) {
                    (true, true) => size.index(Square::new(c as u8, r as u8)) as Sq,
                    (true, false) => black_edge,
                    (false, true) => white_edge,
                    (false, false) => sentinel,
                };
            }
        }
        layout
    }

    /// Pseudo-squares standing for Black's and White's edges in `ring`; their
    /// cells hold a stone of that colour.
    pub(crate) fn black_edge(&self) -> Sq {
        self.area as Sq + 1
    }

    pub(crate) fn white_edge(&self) -> Sq {
        self.area as Sq + 2
    }

    /// The shared table for a size and variant, built on first use.
    pub(crate) fn get(size: BoardSize, variant: Variant) -> &'static Layout {
        const SIZES: usize = (BoardSize::MAX.get() - BoardSize::ANALYSIS_MIN.get() + 1) as usize;
        static TABLES: [[OnceLock<Box<Layout>>; 2]; SIZES] =
            [const { [const { OnceLock::new() }, const { OnceLock::new() }] }; SIZES];
        let s = (size.get() - BoardSize::ANALYSIS_MIN.get()) as usize;
        let v = match variant {
            Variant::Original => 0,
            Variant::Revised => 1,
        };
        TABLES[s][v].get_or_init(|| Layout::build(size, variant))
    }
}
