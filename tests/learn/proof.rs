//! The puzzle prover against a plain exhaustive search that shares none of
//! its shortcuts, on random small positions of both variants.

use brique::core::{BoardSize, Move, Position, Rules, Variant};
use brique::learn::proof;
use proptest::prelude::*;

/// Plain minimax: does the side to move win within `n` of its moves?
fn exhaustive(pos: &Position, n: u8) -> bool {
    if n == 0 {
        return false;
    }
    let moves: Vec<Move> = pos
        .size()
        .squares()
        .filter(|&sq| pos.get(sq).is_none())
        .map(Move::Place)
        .collect();
    moves.iter().any(|&mv| {
        let mut next = pos.clone();
        match next.play(mv) {
            Ok(r) if r.won => true,
            Ok(_) if n > 1 => next
                .size()
                .squares()
                .filter(|&sq| next.get(sq).is_none())
                .all(|sq| {
                    let mut reply = next.clone();
                    match reply.play(Move::Place(sq)) {
                        Ok(r) if r.won => false,
                        Ok(_) => exhaustive(&reply, n - 1),
                        Err(_) => true,
                    }
                }),
            _ => false,
        }
    })
}

/// A position reached by `moves` (squares by index, skipping taken ones), or
/// `None` when the game ended on the way.
fn position(n: u8, revised: bool, moves: &[usize]) -> Option<Position> {
    let variant = if revised {
        Variant::Revised
    } else {
        Variant::Original
    };
    let size = BoardSize::new(n).unwrap();
    let mut pos = Position::new(
        size,
        Rules {
            variant,
            pie: false,
        },
    );
    for &i in moves {
        let empty: Vec<_> = size.squares().filter(|&sq| pos.get(sq).is_none()).collect();
        let sq = empty[i % empty.len()];
        if pos.play(Move::Place(sq)).ok()?.won {
            return None;
        }
    }
    Some(pos)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn the_prover_agrees_with_an_exhaustive_search(
        revised in any::<bool>(),
        moves in prop::collection::vec(any::<usize>(), 6..14),
    ) {
        if let Some(pos) = position(5, revised, &moves) {
            for n in 1..=2 {
                prop_assert_eq!(proof::wins_within(&pos, n), exhaustive(&pos, n), "{} within {}", pos, n);
            }
            let winning = proof::winning_moves(&pos, 2);
            for mv in &winning {
                let mut next = pos.clone();
                let won = next.play(*mv).unwrap().won;
                prop_assert!(won || proof::refutation(&next, 1).is_none());
            }
        }
    }
}

#[test]
fn a_defence_may_be_a_capture_far_from_the_gap() {
    // Black's column c lacks c3 (b3 would fill it too).
    let pos: Position = "2B2/W1B2/W4/W1B1W/WBB2 b 8 original nopie".parse().unwrap();
    assert_eq!(proof::moves_to_win(&pos, 3), Some(1));
    // White to move instead: a stone on c3 does not hold (b3 fills c3 and
    // captures it), but b5 does: it fills c5, whose one escort it is, and
    // captures Black's top stone.
    let white_to_move: Position = "2B2/W1B2/W4/W1B1W/WBB2 w 8 original nopie".parse().unwrap();
    assert_eq!(
        proof::refutation(&white_to_move, 1),
        Some("b5".parse().unwrap())
    );
    let mut after_c3 = white_to_move.clone();
    after_c3.play("c3".parse().unwrap()).unwrap();
    assert_eq!(proof::immediate_wins(&after_c3), ["b3".parse().unwrap()]);
}
