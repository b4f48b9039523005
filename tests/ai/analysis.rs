//! What the engine reports for the analysis: each move's chance of winning,
//! and the swap beside the placements at a pie-rule decision.

use brique::ai::{Search, SearchConfig};
use brique::core::{BoardSize, Game, Move, Player, Position, Rules, Square, parse_moves};

/// The position after `moves` on 5×5, with or without the pie rule.
fn after(moves: &str, pie: bool) -> Position {
    after_on(5, moves, pie)
}

/// The position after `moves` on an `n`×`n` board.
fn after_on(n: u8, moves: &str, pie: bool) -> Position {
    let rules = Rules {
        pie,
        ..Rules::default()
    };
    let moves = parse_moves(moves).unwrap();
    let size = BoardSize::new(n).unwrap();
    let game = Game::from_moves(size, rules, Player::One, &moves).unwrap();
    game.position().clone()
}

fn searched(position: &Position, iterations: u64) -> Search {
    let mut search = Search::new(position, SearchConfig::default());
    search.run(iterations);
    search
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn a_winning_move_is_reported_as_a_sure_win() {
    // Black's column c reaches from row 1 to row 4 of 5: c5 wins at once.
    let position = after("c1 a5 c2 a4 c3 e5 c4 e4", true);
    let report = searched(&position, 2_000).report();
    let size = report.size;
    let best = match report.best {
        Some(Move::Place(sq)) => sq,
        other => panic!("expected a placement, got {other:?}"),
    };
    assert!(position.preview(Move::Place(best)).unwrap().won);
    assert_eq!(report.wins[size.index(best)], 1.0, "{:?}", report.wins);
    assert_eq!(report.swap, None, "no swap after the opening");
    // Squares taken have neither share nor chance.
    let c4 = size.index(sq("c4"));
    assert_eq!((report.heat[c4], report.wins[c4]), (0.0, 0.0));
}

/// The report at White's pie decision after Black's `opening` on `n`×`n`.
fn pie_decision(n: u8, opening: &str) -> brique::ai::Report {
    searched(&after_on(n, opening, true), 20_000).report()
}

#[test]
fn the_swap_is_on_the_map_and_warmest_when_it_is_the_choice() {
    // A centre opening is worth taking over.
    let report = pie_decision(5, "c3");
    assert_eq!(report.best, Some(Move::Swap));
    let swap = report.swap.expect("White may swap");
    let top = report.heat.iter().copied().fold(0.0, f32::max);
    assert!(swap.share > top, "swap {swap:?}, top placement {top}");
    assert_eq!(swap.win, report.win, "the side's chance is the swap's");
    let total: f32 = report.heat.iter().sum::<f32>() + swap.share;
    assert!((total - 1.0).abs() < 1e-3, "the map sums to {total}");
}

#[test]
fn a_declined_swap_is_cooler_than_the_move_played() {
    // A corner opening is not. (On 7×7: on 5×5 the computer answers it
    // with the solved boards' reply, whatever its search's map says.)
    let report = pie_decision(7, "a1");
    let Some(Move::Place(best)) = report.best else {
        panic!("expected a placement, got {:?}", report.best);
    };
    let swap = report.swap.expect("White may swap");
    let placed = report.heat[report.size.index(best)];
    assert!(swap.share < placed, "swap {swap:?}, {best} {placed}");
    assert_eq!(report.wins[report.size.index(best)], report.win);
    assert!((swap.win - (1.0 - report.win)).abs() < 1e-6, "{swap:?}");
    let total: f32 = report.heat.iter().sum::<f32>() + swap.share;
    assert!((total - 1.0).abs() < 1e-3, "the map sums to {total}");
}
