//! The exact solver checked against an independent exhaustive search: plain
//! negamax over `core::Position` through the public core API only,
//! remembering results by the position's notation.
//!
//! Every first move of 4×4 is checked (about 35 s in the debug profile on a
//! loaded 2-core machine, most of it 4×4 `revised`). A 5×5 first move is out
//! of reach for plain negamax here (one took over a minute in the release
//! profile without finishing), so 5×5 is checked on positions reached by
//! moves drawn from a fixed seed, with 10 squares left to play.

use std::collections::HashMap;

use brique::ai::{EngineRng, Solver};
use brique::core::{BoardSize, Move, Position, Rules, Square, Variant};
use rand::{RngExt, SeedableRng};

/// Whether the side to move wins with best play, by trying every move.
struct Exhaustive {
    known: HashMap<String, bool>,
}

impl Exhaustive {
    fn new() -> Exhaustive {
        Exhaustive {
            known: HashMap::new(),
        }
    }

    fn wins(&mut self, position: &Position) -> bool {
        let key = position.to_string();
        if let Some(&won) = self.known.get(&key) {
            return won;
        }
        let children: Vec<Position> = position
            .size()
            .squares()
            .filter_map(|sq| {
                let mut next = position.clone();
                next.play(Move::Place(sq)).ok().map(|_| next)
            })
            .collect();
        // A connection ends the game at once: look for one before searching.
        let won =
            children.iter().any(Position::is_over) || children.iter().any(|next| !self.wins(next));
        self.known.insert(key, won);
        won
    }

    /// Whether Black's first stone on `sq` wins.
    fn first_move_wins(&mut self, size: BoardSize, variant: Variant, sq: Square) -> bool {
        let mut position = Position::new(
            size,
            Rules {
                variant,
                pie: false,
            },
        );
        position
            .play(Move::Place(sq))
            .expect("an empty board takes any square");
        !self.wins(&position)
    }
}

fn check(n: u8, variant: Variant, squares: &[Square]) {
    let size = BoardSize::for_analysis(n).expect("size");
    let mut solver = Solver::new(size, variant, 1 << 20).expect("a small board");
    let mut exhaustive = Exhaustive::new();
    for &sq in squares {
        assert_eq!(
            solver.first_move_wins(sq),
            Some(exhaustive.first_move_wins(size, variant, sq)),
            "{n}×{n} {variant}, Black's first stone on {sq}"
        );
    }
}

#[test]
fn every_first_move_on_4x4_agrees_with_exhaustive_search() {
    let size = BoardSize::for_analysis(4).expect("size");
    let squares: Vec<Square> = size.squares().collect();
    for variant in Variant::ALL {
        check(4, variant, &squares);
    }
}

/// A position of `n`×`n` reached by moves drawn from `seed`, with `left`
/// squares still empty and the game not over.
fn drawn_position(n: u8, variant: Variant, seed: u64, left: usize) -> Option<Position> {
    let size = BoardSize::for_analysis(n).expect("size");
    let mut position = Position::new(
        size,
        Rules {
            variant,
            pie: false,
        },
    );
    let mut rng = EngineRng::seed_from_u64(seed);
    let mut empty: Vec<Square> = size.squares().collect();
    while empty.len() > left && !position.is_over() {
        let sq = empty.swap_remove(rng.random_range(0..empty.len()));
        position.play(Move::Place(sq)).expect("an empty square");
        // Fills take squares too.
        empty.retain(|&sq| position.get(sq).is_none());
    }
    (!position.is_over()).then_some(position)
}

#[test]
fn drawn_5x5_positions_agree_with_exhaustive_search() {
    let size = BoardSize::new(5).expect("size");
    for variant in Variant::ALL {
        let mut solver = Solver::new(size, variant, 1 << 20).expect("a small board");
        let mut exhaustive = Exhaustive::new();
        let positions: Vec<Position> = (1..40)
            .filter_map(|seed| drawn_position(5, variant, seed, 10))
            .take(6)
            .collect();
        assert_eq!(positions.len(), 6, "{variant}");
        for position in positions {
            assert_eq!(
                solver.wins(&position),
                Some(exhaustive.wins(&position)),
                "{position}"
            );
        }
    }
}
