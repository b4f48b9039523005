//! Several threads growing one search tree, and the budgets that stay on one.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use brique::ai::{Budget, Level, Search, SearchConfig};
use brique::core::{BoardSize, Game, Move, Player, Position, Rules, Variant, parse_moves};
use brique::thinker::{Thinker, think, think_with_threads};

fn after(size: u8, variant: Variant, moves: &str) -> Position {
    let rules = Rules {
        variant,
        pie: false,
    };
    let moves = parse_moves(moves).unwrap();
    Game::from_moves(BoardSize::new(size).unwrap(), rules, Player::One, &moves)
        .unwrap()
        .position()
        .clone()
}

fn think_on(search: &mut Search, budget: Budget, threads: usize) {
    let never = AtomicBool::new(false);
    think_with_threads(search, budget, threads, &never, Duration::MAX, |_, _| {});
}

#[test]
fn two_threads_grow_one_tree() {
    for variant in Variant::ALL {
        let position = after(15, variant, "h8 g9");
        let mut search = Search::new(&position, SearchConfig::default());
        think_on(&mut search, Budget::millis(300), 2);
        let report = search.report();
        assert!(report.iterations > 0);
        // The root's family and more: the threads expanded leaves.
        assert!(report.nodes > 2 * 225, "{} nodes", report.nodes);
        let heat: f32 = report.heat.iter().sum();
        assert!((heat - 1.0).abs() < 1e-3, "heat sums to {heat}");
        match report.best {
            Some(Move::Place(sq)) => assert_eq!(position.get(sq), None),
            other => panic!("expected a placement, got {other:?}"),
        }
        assert!(report.line.len() > 1, "{:?}", report.line);
    }
}

#[test]
fn threads_find_and_prove_a_one_move_win() {
    // Black's column c reaches from row 1 to row 4 of 5: c5 (and more) win.
    let position = after(5, Variant::Original, "c1 a5 c2 a4 c3 e5 c4 e4");
    let mut search = Search::new(&position, SearchConfig::default());
    think_on(&mut search, Budget::millis(200), 3);
    let report = search.report();
    assert_eq!(report.proven, Some(true));
    let Some(Move::Place(sq)) = report.best else {
        panic!("expected a placement, got {:?}", report.best);
    };
    let mut played = position.clone();
    assert!(played.play(Move::Place(sq)).unwrap().won);
}

#[test]
fn iteration_budgets_stay_on_one_thread_and_reproducible() {
    let position = after(9, Variant::Original, "e5");
    let budget = Level::Medium.budget();
    assert!(budget.iterations.is_some());
    let mut alone = Search::new(&position, Level::Medium.config(3));
    let never = AtomicBool::new(false);
    think(&mut alone, budget, &never, Duration::MAX, |_, _| {});
    for threads in [1, 4] {
        let mut search = Search::new(&position, Level::Medium.config(3));
        think_on(&mut search, budget, threads);
        assert_eq!(search.report(), alone.report(), "{threads} threads");
    }
}

#[test]
fn a_thinker_on_threads_stops_when_told() {
    let moves: Vec<Move> = parse_moves("h8").unwrap();
    let game = Game::from_moves(BoardSize::DEFAULT, Rules::default(), Player::One, &moves).unwrap();
    let search = Search::new(game.position(), SearchConfig::default());
    let mut thinker = Thinker::start_with_threads(search, game, Budget::UNLIMITED, 2);
    let start = Instant::now();
    while thinker.poll().is_none_or(|p| p.report.iterations == 0) {
        assert!(start.elapsed() < Duration::from_secs(10), "no progress");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(!thinker.is_done());
    let (search, progress) = thinker.stop().expect("the search thread lives");
    assert!(progress.done);
    assert!(progress.report.best.is_some());
    assert!(search.iterations() >= progress.report.iterations);
}
