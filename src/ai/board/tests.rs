//! The playout board's own checks; tests/ai/playout.rs compares it with the core.

use super::*;
use rand_xoshiro::rand_core::SeedableRng;

#[test]
fn below_stays_in_range_and_covers_it() {
    let mut rng = EngineRng::seed_from_u64(1);
    let mut seen = [false; 7];
    for _ in 0..1000 {
        let k = below(&mut rng, 7) as usize;
        seen[k] = true;
    }
    assert!(seen.iter().all(|&s| s));
}

#[test]
fn would_win_matches_playing() {
    let mut rng = EngineRng::seed_from_u64(9);
    for variant in Variant::ALL {
        for n in [5u8, 6, 9] {
            let size = BoardSize::new(n).unwrap();
            for _ in 0..40 {
                let mut board = Board::new(size, variant, false);
                while board.winner().is_none() {
                    let color = board.to_move_cell();
                    for &sq in board.empties() {
                        let mut copy = board.clone();
                        assert_eq!(board.would_win(sq, color), copy.place(sq));
                    }
                    let sq =
                        board.empties()[below(&mut rng, board.empties().len() as u32) as usize];
                    board.place(sq);
                }
            }
        }
    }
}

#[test]
fn bridge_playouts_follow_the_rules() {
    use crate::core::{Move, Rules};
    let mut rng = EngineRng::seed_from_u64(4);
    for variant in Variant::ALL {
        for n in [5u8, 8, 13] {
            let size = BoardSize::new(n).unwrap();
            for _ in 0..30 {
                let rules = Rules {
                    variant,
                    pie: false,
                };
                let mut position = Position::new(size, rules);
                let mut board = Board::from_position(&position);
                let mut record = Vec::new();
                let winner = board.play_out(&mut rng, &mut record, true);
                for &sq in &record {
                    position.play(Move::Place(board.square_of(sq))).unwrap();
                }
                assert_eq!(position.winner().map(cell_of), Some(winner));
            }
        }
    }
}

#[test]
fn an_intruded_bridge_is_answered() {
    let size = BoardSize::new(7).unwrap();
    let play = |variant, moves: &str| {
        let mut board = Board::new(size, variant, false);
        for mv in moves.split_whitespace() {
            board.place_square(mv.parse().unwrap()).unwrap();
        }
        board
    };
    let reply = |board: &Board, x: &str| {
        let x = board.index_of(x.parse().unwrap());
        board
            .bridge_reply(x)
            .map(|sq| board.square_of(sq).to_string())
    };
    // Black d4 and e3 form a bridge through d3 and e4; White takes d3.
    let board = play(Variant::Original, "d4 a7 e3 d3");
    assert_eq!(reply(&board, "d3").as_deref(), Some("e4"));
    // Black c2 reaches its bottom edge through c1 and b1; White takes c1
    // (which in the original rules also fills b1).
    let board = play(Variant::Revised, "c2 c1");
    assert_eq!(reply(&board, "c1").as_deref(), Some("b1"));
    let board = play(Variant::Original, "c2 c1");
    assert_eq!(reply(&board, "c1"), None);
    // No bridge of White's is touched.
    let board = play(Variant::Original, "d4 a7 e3 d3 e4");
    assert_eq!(reply(&board, "e4"), None);
}
