//! The exact solver's first-move values checked against an independent
//! exhaustive search: plain negamax over `core::Position` through the public
//! core API only, remembering results by the position's notation.

use std::collections::HashMap;

use brique::ai::Solver;
use brique::core::{BoardSize, Move, Position, Rules, Square, Variant};

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
    let size = BoardSize::new(n).expect("size");
    let mut solver = Solver::new(size, variant, 16).expect("a small board");
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
    let size = BoardSize::new(4).expect("size");
    let squares: Vec<Square> = size.squares().collect();
    for variant in Variant::ALL {
        check(4, variant, &squares);
    }
}
