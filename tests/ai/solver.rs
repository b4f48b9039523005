//! The search's proofs checked against an exhaustive game-tree search on small
//! boards: whatever the search calls a proven win or loss must be one, and
//! when the side to move can win, the move it picks must keep the win.

use brique::ai::{Search, SearchConfig};
use brique::core::{BoardSize, Move, Position, Rules, Square, Variant};

/// Whether the side to move wins with best play, by trying every move.
fn wins(position: &Position) -> bool {
    empties(position).into_iter().any(|sq| {
        let mut next = position.clone();
        next.play(Move::Place(sq)).is_ok() && (next.is_over() || !wins(&next))
    })
}

fn empties(position: &Position) -> Vec<Square> {
    let size = position.size();
    size.squares()
        .filter(|&sq| position.get(sq).is_none())
        .collect()
}

/// A position reached by pseudo-random moves, with `left` empty squares.
fn position(variant: Variant, seed: u64, left: usize) -> Position {
    let size = BoardSize::new(5).expect("size");
    let mut position = Position::new(
        size,
        Rules {
            variant,
            pie: false,
        },
    );
    let mut x = seed;
    loop {
        let empty = empties(&position);
        if empty.len() <= left || position.is_over() {
            return position;
        }
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let sq = empty[(x >> 33) as usize % empty.len()];
        position.play(Move::Place(sq)).expect("an empty square");
    }
}

#[test]
fn proofs_and_winning_moves_agree_with_an_exhaustive_search() {
    let mut proven = 0;
    for variant in Variant::ALL {
        for seed in 0..60 {
            let position = position(variant, seed, 10);
            if position.is_over() {
                continue;
            }
            let config = SearchConfig {
                seed,
                ..SearchConfig::default()
            };
            let mut search = Search::new(&position, config);
            search.run(4000);
            let report = search.report();
            let truth = wins(&position);
            if let Some(claim) = report.proven {
                proven += 1;
                assert_eq!(claim, truth, "{variant} seed {seed}: {position:?}");
            }
            if truth {
                let Some(Move::Place(sq)) = report.best else {
                    panic!("{variant} seed {seed}: no move");
                };
                let mut next = position.clone();
                next.play(Move::Place(sq)).expect("legal");
                assert!(
                    next.is_over() || !wins(&next),
                    "{variant} seed {seed}: {sq} throws the win away"
                );
            }
        }
    }
    // The check means something only if the search proved things.
    assert!(proven > 60, "only {proven} positions proven");
}
