//! The exact solvers (depth-first [`Solver`] and [`ProofNumberSolver`])
//! checked against an independent exhaustive search: plain negamax over
//! `core::Position` through the public core API only, remembering results
//! by the position's notation.
//!
//! Every first move of 4×4 is checked (about 35 s in the debug profile on a
//! loaded 2-core machine, most of it 4×4 `revised`). A 5×5 first move is out
//! of reach for plain negamax here (one took over a minute in the release
//! profile without finishing), so 5×5 is checked on positions reached by
//! moves drawn from a fixed seed, with 10 squares left to play.

use std::collections::HashMap;

use brique::ai::{EngineRng, ProofNumberSolver, Solver};
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

/// Checks every first move of 4×4 in both variants: `solver_for` makes a
/// solver's answer to whether Black's first stone on a square wins.
fn check_4x4<F>(solver_for: impl Fn(BoardSize, Variant) -> F)
where
    F: FnMut(Square) -> Option<bool>,
{
    let size = BoardSize::for_analysis(4).expect("size");
    for variant in Variant::ALL {
        let mut first_move_wins = solver_for(size, variant);
        let mut exhaustive = Exhaustive::new();
        for sq in size.squares() {
            assert_eq!(
                first_move_wins(sq),
                Some(exhaustive.first_move_wins(size, variant, sq)),
                "4×4 {variant}, Black's first stone on {sq}"
            );
        }
    }
}

#[test]
fn every_first_move_on_4x4_agrees_with_exhaustive_search() {
    check_4x4(|size, variant| {
        let mut solver = Solver::new(size, variant, 1 << 20).expect("a small board");
        move |sq| solver.first_move_wins(sq)
    });
}

#[test]
fn proof_number_search_agrees_with_exhaustive_search_on_every_4x4_first_move() {
    check_4x4(|size, variant| {
        let mut solver = ProofNumberSolver::new(size, variant, 1 << 20).expect("a small board");
        move |sq| solver.first_move_wins(sq)
    });
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

/// Checks six drawn positions of 5×5 in both variants: `solver_for` makes
/// a solver's answer to whether the side to move wins a position.
fn check_drawn_5x5<F>(solver_for: impl Fn(BoardSize, Variant) -> F)
where
    F: FnMut(&Position) -> Option<bool>,
{
    let size = BoardSize::new(5).expect("size");
    for variant in Variant::ALL {
        let mut wins = solver_for(size, variant);
        let mut exhaustive = Exhaustive::new();
        let positions: Vec<Position> = (1..40)
            .filter_map(|seed| drawn_position(5, variant, seed, 10))
            .take(6)
            .collect();
        assert_eq!(positions.len(), 6, "{variant}");
        for position in positions {
            assert_eq!(
                wins(&position),
                Some(exhaustive.wins(&position)),
                "{position}"
            );
        }
    }
}

#[test]
fn drawn_5x5_positions_agree_with_exhaustive_search() {
    check_drawn_5x5(|size, variant| {
        let mut solver = Solver::new(size, variant, 1 << 20).expect("a small board");
        move |position| solver.wins(position)
    });
}

#[test]
fn proof_number_search_agrees_with_exhaustive_search_on_drawn_5x5_positions() {
    check_drawn_5x5(|size, variant| {
        let mut solver = ProofNumberSolver::new(size, variant, 1 << 20).expect("a small board");
        move |position| solver.wins(position)
    });
}
