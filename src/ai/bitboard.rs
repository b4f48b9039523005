//! The rules on two bitmasks, for the exact solver on boards up to 7×7: a
//! position is one `u64` of squares per colour (bit `i` is the core's dense
//! index `i`, row-major from `a1`), so copying one costs two words and a
//! position is its own exact transposition-table key.
//!
//! Exact like [`crate::core::Position`]: a placement fills its escorts whose
//! other escort already holds the mover's stone (capturing what stood
//! there), and the mover wins when one of its groups touches both its edges.

use crate::core::{BoardSize, Position, Variant, escorts};

/// The largest side the solver takes: 7×7 is 49 squares, and the bits above
/// the board carry the transposition table's bookkeeping.
pub const MAX_SOLVED_SIDE: u8 = 7;
pub(crate) const MAX_AREA: usize = 49;

/// The stones of each colour, indexed by [`crate::core::Color::index`].
pub(crate) type Stones = [u64; 2];

/// A square a placement may fill: `target` is filled when every bit of
/// `guard` (the target's other escort, or nothing when the placed square is
/// its only one) holds the mover's stone.
#[derive(Clone, Copy, Debug, Default)]
struct FillBits {
    target: u64,
    guard: u64,
}

/// The tables of one board size and variant.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    size: BoardSize,
    pub full: u64,
    not_left: u64,
    not_right: u64,
    fills: [[FillBits; 2]; MAX_AREA],
    /// Per colour, its low and high edge.
    edges: [[u64; 2]; 2],
    /// Per row, the image under [`Geometry::mirror`] of each set of its squares.
    mirror_rows: [[u64; 1 << MAX_SOLVED_SIDE]; MAX_SOLVED_SIDE as usize],
}

impl Geometry {
    /// The tables for `size`, if the solver takes it.
    pub fn new(size: BoardSize, variant: Variant) -> Option<Geometry> {
        let n = u32::from(size.get());
        if size.get() > MAX_SOLVED_SIDE {
            return None;
        }
        let full = (1u64 << (n * n)) - 1;
        let column = |c: u32| (0..n).fold(0u64, |m, r| m | 1 << (r * n + c));
        let row = |r: u32| ((1u64 << n) - 1) << (r * n);
        let bit = |sq| 1u64 << size.index(sq);
        let mut fills = [[FillBits::default(); 2]; MAX_AREA];
        for sq in size.squares() {
            let fillable = escorts(size, sq)
                .iter()
                .filter(|&target| variant.can_fill(escorts(size, target).len()));
            for (rule, target) in fills[size.index(sq)].iter_mut().zip(fillable) {
                // [`Geometry::winning_squares`] counts on a placement
                // taking only squares beside its own.
                debug_assert!(
                    sq.col().abs_diff(target.col()) + sq.row().abs_diff(target.row()) == 1,
                    "an escort is beside its square"
                );
                let guard = escorts(size, target).iter().filter(|&g| g != sq);
                *rule = FillBits {
                    target: bit(target),
                    guard: guard.fold(0, |m, g| m | bit(g)),
                };
            }
        }
        // The reflection in the diagonal from the top left corner to the
        // bottom right one: column c, row r (from 0) goes to column n-1-r,
        // row n-1-c.
        let mut mirror_rows = [[0; 1 << MAX_SOLVED_SIDE]; MAX_SOLVED_SIDE as usize];
        for (r, images) in mirror_rows.iter_mut().enumerate().take(n as usize) {
            for (bits, image) in images.iter_mut().enumerate().take(1 << n) {
                *image = (0..n)
                    .filter(|c| bits & 1 << c != 0)
                    .fold(0, |m, c| m | 1 << ((n - 1 - c) * n + n - 1 - r as u32));
            }
        }
        Some(Geometry {
            size,
            full,
            not_left: full & !column(0),
            not_right: full & !column(n - 1),
            fills,
            edges: [[row(0), row(n - 1)], [column(0), column(n - 1)]],
            mirror_rows,
        })
    }

    /// The squares of `x` reflected in the diagonal from the top left
    /// corner to the bottom right one (a5 to e1 on 5×5). The reflection keeps the escorts (a light square's,
    /// above and left, go to its image's left and above) and exchanges
    /// Black's edges with White's: a position with its colours exchanged
    /// and reflected is the same game for the other side.
    pub fn mirror(&self, x: u64) -> u64 {
        let n = u32::from(self.size.get());
        let row_mask = (1u64 << n) - 1;
        (0..n).fold(0, |m, r| {
            m | self.mirror_rows[r as usize][(x >> (r * n) & row_mask) as usize]
        })
    }

    /// Of `stones` with `mover` to move and its mirror image (see
    /// [`Geometry::mirror`]), the one a transposition table keeps: both are
    /// won or lost alike for their side to move.
    pub fn canonical(&self, stones: Stones, mover: usize) -> (Stones, usize) {
        let image = [self.mirror(stones[1]), self.mirror(stones[0])];
        if (image[0], image[1], 1 - mover) < (stones[0], stones[1], mover) {
            (image, 1 - mover)
        } else {
            (stones, mover)
        }
    }

    /// The squares from the centre out: the solvers' tie-break in move
    /// ordering.
    pub fn centre_first(&self) -> Vec<u8> {
        let size = self.size;
        let n = i32::from(size.get());
        let mut squares: Vec<u8> = (0..size.area() as u8).collect();
        // Twice the distance from the centre, so that even boards stay whole.
        squares.sort_by_key(|&i| {
            let sq = size.square(usize::from(i));
            let (c, r) = (
                2 * i32::from(sq.col()) - n + 1,
                2 * i32::from(sq.row()) - n + 1,
            );
            (c.abs().max(r.abs()), c.abs() + r.abs())
        });
        squares
    }

    pub const fn size(&self) -> BoardSize {
        self.size
    }

    /// `x` and its orthogonal neighbours on the board.
    fn spread(&self, x: u64) -> u64 {
        let n = u32::from(self.size.get());
        (x | (x & self.not_right) << 1 | (x & self.not_left) >> 1 | x << n | x >> n) & self.full
    }

    /// The stones of `stones` joined to `seed` through `stones`.
    fn reach(&self, stones: u64, seed: u64) -> u64 {
        let mut x = seed & stones;
        loop {
            let grown = self.spread(x) & stones;
            if grown == x {
                return x;
            }
            x = grown;
        }
    }

    /// The squares a stone of the mover (whose stones are `mine`) on the
    /// empty square `sq` fills.
    fn fills(&self, sq: usize, mine: u64) -> u64 {
        self.fills[sq].iter().fold(0, |m, rule| {
            let fires = rule.target & mine == 0 && rule.guard & mine == rule.guard;
            if fires { m | rule.target } else { m }
        })
    }

    /// The stones after `mover` places on the empty square `sq`.
    pub fn play(&self, stones: Stones, mover: usize, sq: usize) -> Stones {
        let placed = 1 << sq | self.fills(sq, stones[mover]);
        let mut next = stones;
        next[mover] |= placed;
        next[1 - mover] &= !placed;
        next
    }

    /// The empty squares where `mover` would connect its edges at once.
    pub fn winning_squares(&self, stones: Stones, mover: usize) -> u64 {
        let mine = stones[mover];
        let [low, high] = self.edges[mover];
        let touches_low = low | self.spread(self.reach(mine, low));
        let touches_high = high | self.spread(self.reach(mine, high));
        let mut wins = 0;
        // A placement takes its square and squares beside it, so only the
        // squares next to both sets can win.
        let mut empty = self.full
            & !(stones[0] | stones[1])
            & self.spread(touches_low)
            & self.spread(touches_high);
        while empty != 0 {
            let sq = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            let placed = 1 << sq | self.fills(sq, mine);
            if placed & touches_low != 0 && placed & touches_high != 0 {
                wins |= 1 << sq;
            }
        }
        wins
    }

    /// How many empty squares `colour` must still fill to join its edges
    /// through its own stones, counting no fills or captures; `u32::MAX`
    /// when the opponent's stones cut every path. A guide for ordering the
    /// search, not a rule.
    pub fn distance(&self, stones: Stones, colour: usize) -> u32 {
        let mine = stones[colour];
        let empty = self.full & !(stones[0] | stones[1]);
        let [low, high] = self.edges[colour];
        // The squares `colour` reaches from its low edge having filled
        // `cost` empty ones.
        let mut zone = self.reach(mine, low);
        let mut cost = 0;
        loop {
            if zone & high != 0 {
                return cost;
            }
            let frontier = (self.spread(zone) | low) & empty & !zone;
            if frontier == 0 {
                return u32::MAX;
            }
            zone |= frontier;
            zone |= self.reach(mine, self.spread(zone));
            cost += 1;
        }
    }

    /// The empty squares where a stone of `mover` captures a stone or takes
    /// (itself or by a fill) a square of `squares`.
    pub fn squares_touching(&self, stones: Stones, mover: usize, squares: u64) -> u64 {
        let mut out = 0;
        // A placement takes its square and squares beside it.
        let mut empty =
            self.full & !(stones[0] | stones[1]) & self.spread(stones[1 - mover] | squares);
        while empty != 0 {
            let sq = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            let placed = 1 << sq | self.fills(sq, stones[mover]);
            if placed & (stones[1 - mover] | squares) != 0 {
                out |= 1 << sq;
            }
        }
        out
    }

    /// The stones of a core position of this size.
    pub fn stones_of(&self, position: &Position) -> Stones {
        let mut stones = [0; 2];
        for sq in self.size.squares() {
            if let Some(color) = position.get(sq) {
                stones[color.index()] |= 1 << self.size.index(sq);
            }
        }
        stones
    }
}

#[cfg(test)]
mod tests {
    use rand_xoshiro::rand_core::SeedableRng;

    use super::*;
    use crate::ai::board::{EngineRng, below};
    use crate::core::{Color, Move, Rules};

    /// Pseudo-random placements from `seed`, as (stones, mover) after each.
    fn walk(geometry: &Geometry, variant: Variant, seed: u64) -> Vec<(Stones, usize)> {
        let size = geometry.size();
        let rules = Rules {
            variant,
            pie: false,
        };
        let mut position = Position::new(size, rules);
        let mut rng = EngineRng::seed_from_u64(seed);
        let mut seen = Vec::new();
        while !position.is_over() {
            seen.push((geometry.stones_of(&position), position.to_move().index()));
            let empty: Vec<_> = size
                .squares()
                .filter(|&sq| position.get(sq).is_none())
                .collect();
            let sq = empty[below(&mut rng, empty.len() as u32) as usize];
            position.play(Move::Place(sq)).expect("an empty square");
        }
        seen
    }

    #[test]
    fn distance_counts_the_empty_squares_a_colour_lacks() {
        let size = BoardSize::for_analysis(5).expect("size");
        let geometry = Geometry::new(size, Variant::Revised).expect("small");
        let (black, white) = (Color::Black.index(), Color::White.index());
        let at = |col: u32, row: u32| 1u64 << (row * 5 + col);
        assert_eq!(geometry.distance([0, 0], black), 5);
        assert_eq!(geometry.distance([0, 0], white), 5);
        // Black c1 to c3 lacks c4 and c5; White goes round above them.
        let column = at(2, 0) | at(2, 1) | at(2, 2);
        assert_eq!(geometry.distance([column, 0], black), 2);
        assert_eq!(geometry.distance([column, 0], white), 5);
        // A White stone on c4 sends Black round it: b3, b4 and b5 (stones
        // join only side by side).
        assert_eq!(geometry.distance([column, at(2, 3)], black), 3);
        // Across row 3, Black still lacks two squares on each side of it.
        let row = (0..5).fold(0, |m, col| m | at(col, 2));
        assert_eq!(geometry.distance([row, 0], black), 4);
        // A whole Black column joins Black's edges and cuts White off.
        let column = (0..5).fold(0, |m, row| m | at(2, row));
        assert_eq!(geometry.distance([column, 0], black), 0);
        assert_eq!(geometry.distance([column, 0], white), u32::MAX);
    }

    #[test]
    fn the_mirror_image_with_colours_exchanged_plays_the_same_game() {
        for n in 4..=MAX_SOLVED_SIDE {
            let size = BoardSize::for_analysis(n).expect("size");
            for variant in [Variant::Original, Variant::Revised] {
                let geometry = Geometry::new(size, variant).expect("small");
                for seed in 0..20 {
                    for (stones, mover) in walk(&geometry, variant, seed) {
                        let image = [geometry.mirror(stones[1]), geometry.mirror(stones[0])];
                        assert_eq!(geometry.mirror(geometry.mirror(stones[0])), stones[0]);
                        let wins = geometry.winning_squares(stones, mover);
                        assert_eq!(
                            geometry.mirror(wins),
                            geometry.winning_squares(image, 1 - mover),
                            "{n}x{n} {variant:?}"
                        );
                        let mut empty = geometry.full & !(stones[0] | stones[1]);
                        while empty != 0 {
                            let sq = empty.trailing_zeros() as usize;
                            empty &= empty - 1;
                            let next = geometry.play(stones, mover, sq);
                            let image_sq = geometry.mirror(1 << sq).trailing_zeros() as usize;
                            let image_next = geometry.play(image, 1 - mover, image_sq);
                            assert_eq!(
                                [geometry.mirror(next[1]), geometry.mirror(next[0])],
                                image_next,
                                "{n}x{n} {variant:?}"
                            );
                        }
                        let (canonical, to_move) = geometry.canonical(stones, mover);
                        assert!(
                            (canonical, to_move) == (stones, mover)
                                || (canonical, to_move) == (image, 1 - mover)
                        );
                        assert_eq!(geometry.canonical(image, 1 - mover), (canonical, to_move));
                    }
                }
            }
        }
    }
}
