//! The engine's playout board against the core's rules, move by move.

use brique::ai::{Board, EngineRng};
use brique::core::{BoardSize, Move, Position, Rules, Square, Variant};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};

fn rules(variant: Variant) -> Rules {
    Rules {
        variant,
        pie: false,
    }
}

fn assert_same(board: &Board, position: &Position, context: &str) {
    for sq in position.size().squares() {
        assert_eq!(board.get(sq), position.get(sq), "{sq} differs: {context}");
    }
    assert_eq!(board.winner(), position.winner(), "winner: {context}");
    assert_eq!(board.to_move(), position.to_move(), "to move: {context}");
    assert_eq!(board.ply(), position.ply(), "ply: {context}");
}

/// Plays a whole random game on both and compares after every move.
fn random_game(size: BoardSize, variant: Variant, seed: u64) {
    let mut rng = EngineRng::seed_from_u64(seed);
    let mut position = Position::new(size, rules(variant));
    let mut board = Board::from_position(&position);
    let mut moves = Vec::new();
    while !position.is_over() {
        let empty: Vec<Square> = size
            .squares()
            .filter(|&sq| position.get(sq).is_none())
            .collect();
        assert!(!empty.is_empty(), "full board without a winner");
        let sq = empty[rng.random_range(0..empty.len())];
        moves.push(sq.to_string());
        let report = position.play(Move::Place(sq)).unwrap();
        let won = board.place_square(sq);
        let context = format!("{variant} {size}, seed {seed}, moves {}", moves.join(" "));
        assert_eq!(won, Some(report.won), "{context}");
        assert_same(&board, &position, &context);
    }
    // Nothing can be played once the game is over.
    assert_eq!(board.place_square(Square::new(0, 0)), None);
}

#[test]
fn random_games_agree_move_by_move() {
    for variant in Variant::ALL {
        for n in [5, 6, 7, 8, 11, 15, 24, 25] {
            let size = BoardSize::new(n).unwrap();
            for seed in 0..12 {
                random_game(size, variant, seed * 31 + u64::from(n));
            }
        }
    }
}

/// A playout's squares, replayed by the core, end the same way.
fn replay_playout(size: BoardSize, variant: Variant, opening: usize, seed: u64) {
    let mut rng = EngineRng::seed_from_u64(seed);
    let mut position = Position::new(size, rules(variant));
    // Start from a position some random moves in.
    for _ in 0..opening {
        let empty: Vec<Square> = size
            .squares()
            .filter(|&sq| position.get(sq).is_none())
            .collect();
        let sq = empty[rng.random_range(0..empty.len())];
        position.play(Move::Place(sq)).unwrap();
        if position.is_over() {
            return;
        }
    }
    let mut board = Board::from_position(&position);
    assert_same(&board, &position, "after the opening");
    let (winner, squares) = board.random_playout(&mut rng);
    for (i, &sq) in squares.iter().enumerate() {
        assert!(
            !position.is_over(),
            "the core ended the game before move {i}"
        );
        position.play(Move::Place(sq)).unwrap();
    }
    assert!(
        position.is_over(),
        "the playout stopped before a connection"
    );
    assert_eq!(winner, position.winner());
    assert_same(&board, &position, &format!("{variant} {size} seed {seed}"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn playouts_agree_with_the_core(
        n in 5u8..=25,
        revised in any::<bool>(),
        opening in 0usize..30,
        seed in any::<u64>(),
    ) {
        let variant = if revised { Variant::Revised } else { Variant::Original };
        replay_playout(BoardSize::new(n).unwrap(), variant, opening, seed);
    }
}

#[test]
fn playouts_are_uniform_over_first_moves() {
    // Every square of a 5x5 board is a playout's first move about equally often.
    let size = BoardSize::new(5).unwrap();
    let start = Board::new(size, Variant::Original, false);
    let mut rng = EngineRng::seed_from_u64(5);
    let mut counts = [0u32; 25];
    let games = 25 * 400;
    for _ in 0..games {
        let mut board = start.clone();
        let (_, squares) = board.random_playout(&mut rng);
        counts[size.index(squares[0])] += 1;
    }
    for (i, &c) in counts.iter().enumerate() {
        assert!(
            (300..=500).contains(&c),
            "square {i} first {c} times of {games}"
        );
    }
}
