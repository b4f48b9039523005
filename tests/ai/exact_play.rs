//! The top levels play the smallest boards perfectly: between batches of
//! iterations their search proves the position with the exact solver, and a
//! proven win is played. Checked against a fresh solver at every move.

use brique::ai::{Level, ProofNumberSolver, Report, Search, SearchConfig, SolvedTable, Solver};
use brique::core::{BoardSize, Color, Move, Position, Rules, Square, Variant};

/// Iterations a search gets at most before it must have proven a 5×5
/// `original` position after the opening (it needs far fewer).
const ITERATIONS_CAP: u64 = 100_000;

fn five() -> BoardSize {
    BoardSize::new(5).expect("5 is a board size")
}

fn after(variant: Variant, moves: &[&str]) -> Position {
    let mut position = Position::new(
        five(),
        Rules {
            variant,
            pie: false,
        },
    );
    for mv in moves {
        let sq: Square = mv.parse().expect("a square");
        position.play(Move::Place(sq)).expect("a legal move");
    }
    position
}

/// Runs `search` until its result is proven or it has run `cap` iterations.
fn prove(search: &mut Search, cap: u64) -> Report {
    let mut run = 0;
    while !search.is_settled() && run < cap {
        run += search.run(1000).max(1);
    }
    search.report()
}

/// A solver that says whether the side to move wins: the depth-first one,
/// independent of the game's proofs, or the far faster proof-number one for
/// the measurements over many positions.
trait Checker {
    fn wins(&mut self, position: &Position) -> Option<bool>;
}

impl Checker for Solver {
    fn wins(&mut self, position: &Position) -> Option<bool> {
        Solver::wins(self, position)
    }
}

impl Checker for ProofNumberSolver {
    fn wins(&mut self, position: &Position) -> Option<bool> {
        ProofNumberSolver::wins(self, position)
    }
}

/// Whether the side that just moved into `position` has a proven win there.
fn mover_still_wins(position: &Position, solver: &mut impl Checker) -> bool {
    position.is_over() || solver.wins(position) == Some(false)
}

/// The legal placements of `position`, for the opponent to pick from.
fn placements(position: &Position) -> Vec<Square> {
    position
        .size()
        .squares()
        .filter(|&sq| position.preview(Move::Place(sq)).is_ok())
        .collect()
}

#[test]
fn hard_wins_every_game_from_a_won_5x5_position() {
    // c3 wins for Black under the original rules (docs/solved.md); hard
    // takes Black after each of White's replies and must win against
    // whatever White plays, here a different sequence of moves each game.
    let mut checker = Solver::new(five(), Variant::Original, 16 << 20).expect("5x5 is solvable");
    let level = Level::Hard;
    for (game, reply) in ["a1", "b2", "c2", "d4", "e5", "b4"].iter().enumerate() {
        let mut position = after(Variant::Original, &["c3", reply]);
        let mut search = Search::new(&position, level.config(game as u64));
        let mut pick = game;
        while !position.is_over() {
            let mv = if position.to_move() == Color::Black {
                let report = prove(&mut search, ITERATIONS_CAP);
                assert_eq!(report.proven, Some(true), "game {game}: {position}");
                report.best.expect("a move")
            } else {
                let options = placements(&position);
                pick = pick * 7 + 3;
                Move::Place(options[pick % options.len()])
            };
            position.play(mv).expect("a legal move");
            search.advance(mv).expect("the search follows the game");
            if position.to_move() == Color::White {
                assert!(
                    mover_still_wins(&position, &mut checker),
                    "game {game}: Black's {mv} gave the win away in {position}"
                );
            }
        }
        assert_eq!(position.winner(), Some(Color::Black), "game {game}");
    }
}

#[test]
fn hard_proves_a_lost_5x5_position_that_its_tree_alone_does_not() {
    // a1 loses for Black under the original rules, and c3 is a winning
    // answer: Black to move has lost. Hard proves it within 100,000
    // iterations (about 13,000 with the solver's share); its tree alone
    // needed about 640,000 when this test was written.
    let position = after(Variant::Original, &["a1", "c3"]);
    let mut checker = Solver::new(five(), Variant::Original, 16 << 20).expect("5x5 is solvable");
    assert_eq!(checker.wins(&position), Some(false));
    let mut hard = Search::new(&position, Level::Hard.config(2));
    assert_eq!(prove(&mut hard, 100_000).proven, Some(false));
    let tree_alone = SearchConfig {
        exact: false,
        ..Level::Hard.config(2)
    };
    let mut tree = Search::new(&position, tree_alone);
    assert_eq!(prove(&mut tree, 100_000).proven, None);
}

#[test]
fn the_exact_solver_follows_a_new_game_of_another_variant() {
    // A search reset to a position of another variant proves that one, not
    // the old one's: its solver was replaced.
    let original = after(Variant::Original, &["c3", "b2"]);
    let mut search = Search::new(&original, Level::Hard.config(3));
    assert_eq!(prove(&mut search, ITERATIONS_CAP).proven, Some(true));
    let revised = after(Variant::Revised, &["a1", "e5", "a2", "e4", "a3", "e3"]);
    search.reset(&revised);
    let report = prove(&mut search, ITERATIONS_CAP);
    let mut checker = Solver::new(five(), Variant::Revised, 16 << 20).expect("5x5 is solvable");
    let truth = checker.wins(&revised).expect("not over");
    assert_eq!(report.proven, Some(truth), "{revised}");
    if truth {
        let mut next = revised.clone();
        next.play(report.best.expect("a move")).expect("legal");
        assert!(mover_still_wins(&next, &mut checker));
    }
}

/// Iterations of hard's one-second move on 5×5, with the solver's share
/// (`brique bench --size 5`: about 190,000 a second).
const HARD_MOVE_ITERATIONS: u64 = 190_000;

#[test]
#[ignore = "a measurement: cargo test --release --test ai exact_play -- --ignored --nocapture"]
fn every_5x5_original_position_after_two_moves_is_proven_within_a_hard_move() {
    // Counts, per variant, the positions after Black's first stone and
    // White's reply that hard proves within one move's iterations; prints
    // them, and requires all of them under the original rules. Of the
    // others, it counts those Black wins and hard's move there still wins,
    // and requires that move to win after every winning first move.
    let table = SolvedTable::shipped();
    for variant in [Variant::Original, Variant::Revised] {
        let board = table.get(five(), variant).expect("5×5 is solved");
        let mut checker =
            ProofNumberSolver::new(five(), variant, 64 << 20).expect("5x5 is solvable");
        let (mut proven, mut total, mut most) = (0, 0, 0);
        let (mut won, mut kept) = (0, 0);
        let (mut unproven, mut thrown) = (Vec::new(), Vec::new());
        for first in five().squares() {
            let mut opened = Position::new(
                five(),
                Rules {
                    variant,
                    pie: false,
                },
            );
            opened.play(Move::Place(first)).expect("legal");
            for reply in placements(&opened) {
                let mut position = opened.clone();
                position.play(Move::Place(reply)).expect("legal");
                if position.is_over() {
                    continue;
                }
                let mut search = Search::new(&position, Level::Hard.config(0));
                let report = prove(&mut search, HARD_MOVE_ITERATIONS);
                total += 1;
                if report.proven.is_some() {
                    proven += 1;
                    most = most.max(search.iterations());
                } else {
                    unproven.push(format!("{first} {reply}"));
                    if checker.wins(&position) == Some(true) {
                        won += 1;
                        let best = report.best.expect("a move");
                        position.play(best).expect("legal");
                        if mover_still_wins(&position, &mut checker) {
                            kept += 1;
                        } else {
                            assert_eq!(
                                board.first_move_wins(first),
                                Some(false),
                                "{first} {reply}: {best} throws Black's win away"
                            );
                            thrown.push(format!("{first} {reply} {best}"));
                        }
                    }
                }
            }
        }
        eprintln!(
            "{variant}: {proven} of {total} positions proven within {HARD_MOVE_ITERATIONS} iterations; the slowest proven took {most}; of the others, Black wins {won}, and hard's move keeps the win in {kept}; it throws it away (after a losing first move) in: {}",
            thrown.join(", ")
        );
        if variant == Variant::Original {
            assert!(unproven.is_empty(), "unproven: {unproven:?}");
        } else {
            eprintln!("{variant}: unproven: {}", unproven.join(", "));
        }
    }
}

#[test]
fn at_the_pie_decision_a_position_whose_placements_all_lose_is_won_by_swapping() {
    // c3 wins for Black under the original rules: every White placement
    // loses, so White swaps, and its position is a proven win, not a loss
    // to resign (the computer once resigned here).
    let mut position = Position::new(
        five(),
        Rules {
            variant: Variant::Original,
            pie: true,
        },
    );
    position
        .play(Move::Place("c3".parse().expect("a square")))
        .expect("legal");
    let mut search = Search::new(&position, Level::Hard.config(4));
    let report = prove(&mut search, 2_000_000);
    assert_eq!(report.proven, Some(true), "{position}");
    assert_eq!(report.best, Some(Move::Swap));
}

#[test]
#[ignore = "a measurement: cargo test --release --test ai exact_play -- --ignored --nocapture"]
fn every_5x5_position_after_a_recorded_reply_is_proven_within_a_hard_move() {
    // White answers a losing first move with the shipped table's reply;
    // counts, per variant, the positions after Black's second stone that
    // hard (as White) proves within one move's iterations, and prints the
    // others. It requires all of them under the original rules, and under
    // both that the move hard plays in an unproven one still wins.
    let table = SolvedTable::shipped();
    for variant in [Variant::Original, Variant::Revised] {
        let board = table.get(five(), variant).expect("5×5 is solved");
        let mut checker =
            ProofNumberSolver::new(five(), variant, 64 << 20).expect("5x5 is solvable");
        let (mut proven, mut total) = (0, 0);
        let mut unproven = Vec::new();
        for first in five().squares() {
            let Some(reply) = board.reply(first) else {
                continue;
            };
            let replied = after(variant, &[&first.to_string(), &reply.to_string()]);
            for second in placements(&replied) {
                let mut position = replied.clone();
                position.play(Move::Place(second)).expect("legal");
                if position.is_over() {
                    continue;
                }
                let mut search = Search::new(&position, Level::Hard.config(0));
                total += 1;
                let report = prove(&mut search, HARD_MOVE_ITERATIONS);
                if report.proven.is_some() {
                    proven += 1;
                    continue;
                }
                let best = report.best.expect("a move");
                unproven.push(format!("{first} {reply} {second}, plays {best}"));
                position.play(best).expect("legal");
                assert!(
                    mover_still_wins(&position, &mut checker),
                    "{first} {reply} {second}: {best} does not win"
                );
            }
        }
        eprintln!(
            "{variant}: {proven} of {total} positions proven within {HARD_MOVE_ITERATIONS} iterations; unproven: {}",
            unproven.join(", ")
        );
        if variant == Variant::Original {
            assert!(unproven.is_empty(), "unproven: {unproven:?}");
        }
    }
}
