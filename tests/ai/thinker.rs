//! The background search: progress, budgets and stopping on demand.

use std::time::{Duration, Instant};

use brique::ai::{Budget, Level, Search, SearchConfig};
use brique::core::{BoardSize, Game, Move, Player, Rules, parse_moves};
use brique::thinker::Thinker;

fn game(size: u8, moves: &str) -> Game {
    let moves: Vec<Move> = parse_moves(moves).unwrap();
    Game::from_moves(
        BoardSize::new(size).unwrap(),
        Rules::default(),
        Player::One,
        &moves,
    )
    .unwrap()
}

/// Waits until the thinker has sent a snapshot with some iterations.
fn wait_for_progress(thinker: &mut Thinker) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        if thinker.poll().is_some_and(|p| p.report.iterations > 0) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no progress within 10 s");
}

/// Runs `f` on another thread and gives its result, or fails the test if it
/// has not returned after a bound far beyond any real wait (so that a
/// thinker that never stops fails instead of hanging CI; how fast it stops
/// is the design's business: it looks at the flag every batch).
fn within_bound<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || sender.send(f()));
    receiver
        .recv_timeout(Duration::from_secs(30))
        .expect("returned within 30 s")
}

#[test]
fn an_unlimited_search_stops_when_told() {
    for size in [15, 25] {
        let game = game(size, "");
        let search = Search::new(game.position(), SearchConfig::default());
        let mut thinker = Thinker::start(search, game.clone(), Budget::UNLIMITED);
        wait_for_progress(&mut thinker);
        assert!(!thinker.is_done());
        let (search, progress) =
            within_bound(move || thinker.stop().expect("the search thread lives"));
        assert!(progress.done);
        assert!(progress.report.best.is_some());
        assert!(search.iterations() >= progress.report.iterations);
    }
}

#[test]
fn dropping_a_thinker_stops_it_too() {
    let game = game(15, "h8");
    let search = Search::new(game.position(), SearchConfig::default());
    let mut thinker = Thinker::start(search, game, Budget::UNLIMITED);
    wait_for_progress(&mut thinker);
    // Dropping joins the search thread: it returns only once the search stopped.
    within_bound(move || drop(thinker));
}

#[test]
fn an_iteration_budget_ends_by_itself_like_a_direct_search() {
    // Past the pie rule's decisions (which get more, see below).
    let game = game(7, "d4 a1");
    let config = Level::Easy.config(7);
    let thinker = Thinker::start(
        Search::new(game.position(), config),
        game.clone(),
        Budget::iterations(1500),
    );
    let (search, progress) = thinker.finish().expect("the search thread");
    assert!(progress.done);
    assert_eq!(progress.report.iterations, 1500);
    let mut direct = Search::new(game.position(), config);
    direct.run(1500);
    assert_eq!(search.report(), direct.report());
    assert_eq!(progress.report, direct.report());
    assert!(
        progress.summary().contains("1,500 iterations"),
        "{}",
        progress.summary()
    );
}

#[test]
fn a_thinker_follows_the_game_first() {
    let mut game = game(9, "e5");
    let config = SearchConfig::default();
    let thinker = Thinker::start(
        Search::new(game.position(), config),
        game.clone(),
        Budget::iterations(400),
    );
    let (search, progress) = thinker.finish().expect("the search thread");
    let best = progress.report.best.unwrap();
    game.play(best).unwrap();
    game.play("c3".parse().unwrap()).unwrap();
    let thinker = Thinker::start(search, game.clone(), Budget::iterations(10));
    let (search, _) = thinker.finish().expect("the search thread");
    assert_eq!(search.position(), game.position());
    // After an undo the search starts over on the earlier position.
    game.undo();
    let thinker = Thinker::start(search, game.clone(), Budget::millis(20));
    let (search, progress) = thinker.finish().expect("the search thread");
    assert_eq!(search.position(), game.position());
    assert!(progress.elapsed >= Duration::from_millis(20) || search.is_settled());
}

#[test]
fn a_pie_decision_gets_its_floor_of_iterations_and_other_moves_their_budget() {
    use brique::thinker::{PIE_DECISION_ITERATIONS, choose_move};
    let budget = Budget::iterations(300);
    // White's first turn with the pie rule on, after a centre opening.
    let swap_turn = game(7, "d4");
    let mut search = Search::new(swap_turn.position(), SearchConfig::default());
    assert!(search.is_pie_decision());
    assert_eq!(choose_move(&mut search, budget), Some(Move::Swap));
    assert!(search.iterations() >= PIE_DECISION_ITERATIONS);
    // Black's opening with the pie rule on is one too.
    let opening = game(7, "");
    let mut search = Search::new(opening.position(), SearchConfig::default());
    assert!(search.is_pie_decision());
    choose_move(&mut search, budget);
    assert!(search.iterations() >= PIE_DECISION_ITERATIONS);
    // Any later move gets the budget and no more.
    let later = game(7, "d4 swap");
    let mut search = Search::new(later.position(), SearchConfig::default());
    assert!(!search.is_pie_decision());
    choose_move(&mut search, budget);
    assert_eq!(search.iterations(), 300);
}
