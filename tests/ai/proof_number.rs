//! The proof-number solver against the depth-first one and the shipped
//! table (`assets/solved.txt`, proven by the depth-first solver): every
//! 5×5 `original` first move, and proofs cut into slices.

use brique::ai::{ProofNumberSolver, SolvedTable, Solver};
use brique::core::{BoardSize, Variant};

#[test]
fn every_5x5_original_first_move_agrees_with_the_depth_first_solver_and_the_table() {
    let size = BoardSize::new(5).expect("size");
    let variant = Variant::Original;
    let table = SolvedTable::shipped()
        .get(size, variant)
        .expect("5×5 is in the table");
    let mut depth_first = Solver::new(size, variant, 16 << 20).expect("a small board");
    let mut proof_number = ProofNumberSolver::new(size, variant, 16 << 20).expect("a small board");
    for sq in size.squares() {
        let won = proof_number.first_move_wins(sq);
        assert_eq!(won, depth_first.first_move_wins(sq), "{sq}");
        assert_eq!(won, table.first_move_wins(sq), "{sq}");
    }
}

/// A proof cut into slices is the same search as the proof in one go: the
/// same results after the same positions, even with tables far too small to
/// keep the proof (where a search that went back up between slices could
/// lose what it learnt and come back down the same way for ever).
#[test]
fn a_proof_cut_into_slices_is_the_same_search_as_in_one_go() {
    let size = BoardSize::for_analysis(4).expect("size");
    for variant in Variant::ALL {
        let table = SolvedTable::shipped()
            .get(size, variant)
            .expect("4×4 is in the table");
        let mut sliced = ProofNumberSolver::new(size, variant, 1 << 20).expect("a small board");
        let mut whole = ProofNumberSolver::new(size, variant, 1 << 20).expect("a small board");
        let mut most_slices = 0;
        for sq in size.squares() {
            let goal = sliced.first_move(sq).expect("on the board");
            let mut slices = 0;
            let white_wins = loop {
                slices += 1;
                assert!(slices < 1_000_000, "{variant} {sq}: no end in sight");
                if let Some(white_wins) = sliced.resume(goal, 50) {
                    break white_wins;
                }
            };
            assert_eq!(
                Some(!white_wins),
                table.first_move_wins(sq),
                "{variant} {sq}"
            );
            assert_eq!(whole.first_move_wins(sq), Some(!white_wins));
            assert_eq!(sliced.nodes(), whole.nodes(), "{variant} {sq}");
            most_slices = most_slices.max(slices);
        }
        // Slices this small cut some proof short.
        assert!(most_slices > 1, "{variant}");
    }
}

/// Every 4×4 position after one or two stones whose side to move wins gets
/// a winning move, which a fresh solver confirms: after it, the opponent
/// loses. With tables too small to keep a whole proof, the move is found by
/// proving the moves again.
#[test]
fn a_proven_win_names_a_move_that_keeps_it() {
    use brique::core::{Move, Position, Rules};
    let size = BoardSize::for_analysis(4).expect("size");
    for variant in Variant::ALL {
        let rules = Rules {
            variant,
            pie: false,
        };
        let mut check = ProofNumberSolver::new(size, variant, 4 << 20).expect("a small board");
        for table_bytes in [4 << 20, 16 << 10] {
            let mut solver = ProofNumberSolver::new(size, variant, table_bytes).expect("memory");
            let mut wins = 0;
            for first in size.squares() {
                for second in size.squares().filter(|&s| s != first) {
                    let mut position = Position::new(size, rules);
                    position.play(Move::Place(first)).expect("legal");
                    if position.is_over() || position.play(Move::Place(second)).is_err() {
                        continue;
                    }
                    let Some(goal) = solver.goal(&position) else {
                        continue;
                    };
                    if solver.resume(goal, u64::MAX) != Some(true) {
                        continue;
                    }
                    wins += 1;
                    let sq = solver
                        .winning_move(goal, u64::MAX)
                        .unwrap_or_else(|| panic!("{variant} {first} {second}: no move"));
                    let mut after = position.clone();
                    after
                        .play(Move::Place(sq))
                        .expect("the winning move is legal");
                    assert!(
                        after.is_over() || check.wins(&after) == Some(false),
                        "{variant} {first} {second} {sq}: the opponent still wins"
                    );
                }
            }
            assert!(wins > 20, "{variant}: only {wins} won positions checked");
        }
    }
}
