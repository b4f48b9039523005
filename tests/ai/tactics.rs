//! The engine's tactics and determinism, on small boards with small budgets.

use brique::ai::{Search, SearchConfig};
use brique::core::{
    BoardSize, Color, Game, Move, Player, Position, Rules, Square, Variant, parse_moves,
};

fn position(text: &str) -> Position {
    text.parse().unwrap()
}

/// The position after `moves` from the empty board.
fn after(size: u8, variant: Variant, moves: &str) -> Position {
    let size = BoardSize::new(size).unwrap();
    let rules = Rules {
        variant,
        pie: false,
    };
    let moves = parse_moves(moves).unwrap();
    Game::from_moves(size, rules, Player::One, &moves)
        .unwrap()
        .position()
        .clone()
}

fn search(text: &str, iterations: u64) -> Search {
    let mut search = Search::new(&position(text), SearchConfig::default());
    search.run(iterations);
    search
}

/// The empty squares where the side to move wins at once, by the core's rules.
fn winning_squares(position: &Position) -> Vec<Square> {
    position
        .size()
        .squares()
        .filter(|&sq| {
            position
                .preview(Move::Place(sq))
                .is_ok_and(|report| report.won)
        })
        .collect()
}

/// Whether, after `mv`, the opponent has no immediate win.
fn stops_every_threat(position: &Position, mv: Move) -> bool {
    let mut after = position.clone();
    after.play(mv).unwrap();
    winning_squares(&after).is_empty()
}

fn best_square(search: &Search) -> Square {
    match search.best_move() {
        Some(Move::Place(sq)) => sq,
        other => panic!("expected a placement, got {other:?}"),
    }
}

#[test]
fn a_one_move_win_is_played() {
    // Black's column c reaches from row 1 to row 4 of 5: c5 (and more) win.
    let pos = after(5, Variant::Original, "c1 a5 c2 a4 c3 e5 c4 e4");
    let text = &pos.to_string();
    let wins = winning_squares(&position(text));
    assert!(!wins.is_empty());
    let search = search(text, 50);
    assert!(
        wins.contains(&best_square(&search)),
        "{:?}",
        search.best_move()
    );
    let report = search.report();
    assert_eq!(report.proven, Some(true));
    assert_eq!(report.win, 1.0);
}

#[test]
fn a_winning_capture_is_found() {
    // Each position has exactly one winning move, and it captures.
    for (text, win) in [
        (
            "WBBBBBB/1W2BB1/1WBWWW1/WW1WBBB/W2BB1B/1W1BWWB/1W3BB b 24 original nopie",
            "g5",
        ),
        (
            "1WBWWW1/WWBBBBB/WBBBBWB/WB1WB2/W1BBB1W/W1W3W/B5B b 28 revised nopie",
            "b2",
        ),
        (
            "WB1B1BB/2BB2W/B1B2BB/2W2WW/BWWWBWW/WW2BWB/6W w 25 revised nopie",
            "e4",
        ),
    ] {
        let pos = position(text);
        let win: Square = win.parse().unwrap();
        assert_eq!(winning_squares(&pos), vec![win], "{text}");
        let report = pos.preview(Move::Place(win)).unwrap();
        assert!(report.fills.captures().count() > 0, "{text}");
        let search = search(text, 50);
        assert_eq!(best_square(&search), win, "{text}");
        assert_eq!(search.report().proven, Some(true), "{text}");
    }
}

#[test]
fn a_must_block_is_blocked() {
    // The side to move cannot win now; the opponent threatens to; exactly
    // one move stops every threat (in the last two, far from the threats:
    // a capture takes away an edge contact).
    for (text, block) in [
        (
            "W2WWWW/1W4W/BB1B1WW/W3BB1/WW2B2/1B2B1B/5BB b 16 original nopie",
            "b7",
        ),
        (
            "WBBWWBW/WBBWBB1/2B4/WWBW1BB/WWBWW2/3BB2/1W2B1B w 27 revised nopie",
            "c2",
        ),
        (
            "WWW1WBB/WWWBBBB/W1W2BB/1BBB2B/1BBWWWB/1B4W/1B3WW w 25 original nopie",
            "c1",
        ),
        (
            "WWW1WBB/1B2WBW/W2B3/B1BBB1W/BWWWBBW/B1WWBB1/BWWW1B1 w 27 original nopie",
            "g1",
        ),
    ] {
        let pos = position(text);
        let block: Square = block.parse().unwrap();
        assert!(winning_squares(&pos).is_empty(), "{text}");
        let blocks: Vec<Square> = pos
            .size()
            .squares()
            .filter(|&sq| pos.get(sq).is_none())
            .filter(|&sq| stops_every_threat(&pos, Move::Place(sq)))
            .collect();
        assert_eq!(blocks, vec![block], "{text}");
        // Seen at the root before any search, and kept by the search.
        for iterations in [1, 300] {
            let search = search(text, iterations);
            assert_eq!(best_square(&search), block, "{text}");
        }
    }
}

#[test]
fn a_lost_position_is_proven_and_still_answered() {
    // White's row 3 reaches from a3 to d3: e3 wins, and so does e4, which
    // fills e3 (capturing a Black stone there). In the revised rules Black
    // cannot capture a3 by a4 to cut it from its edge.
    let pos = after(5, Variant::Revised, "a1 a3 b1 b3 a5 c3 b5 d3");
    let text = &pos.to_string();
    let blocks = pos
        .size()
        .squares()
        .filter(|&sq| pos.get(sq).is_none())
        .filter(|&sq| stops_every_threat(&pos, Move::Place(sq)))
        .count();
    assert_eq!(blocks, 0);
    let search = search(text, 10);
    let report = search.report();
    assert_eq!(report.proven, Some(false));
    assert!(report.best.is_some());
    assert!(search.is_settled());
}

#[test]
fn the_same_seed_and_budget_give_the_same_search() {
    let text = "7/7/7/3B3/7/7/7 w 1 original nopie";
    let a = search(text, 3000).report();
    let b = search(text, 3000).report();
    assert_eq!(a, b);
    assert_eq!(a.iterations, 3000);
    // Another seed searches differently.
    let config = SearchConfig {
        seed: 99,
        ..SearchConfig::default()
    };
    let mut other = Search::new(&position(text), config);
    other.run(3000);
    assert_ne!(other.report().heat, a.heat);
    // The heat map is a share of the root's visits.
    let total: f32 = a.heat.iter().sum();
    assert!((total - 1.0).abs() < 1e-3, "{total}");
}

#[test]
fn batches_do_not_change_the_result() {
    let text = "7/7/7/3B3/7/7/7 w 1 original nopie";
    let whole = search(text, 2000).report();
    let mut split = Search::new(&position(text), SearchConfig::default());
    for _ in 0..40 {
        split.run(50);
    }
    assert_eq!(split.report(), whole);
}

#[test]
fn the_tree_is_kept_across_moves() {
    let text = "7/7/7/7/7/7/7 b 0 original nopie";
    let mut search = search(text, 5000);
    let best = search.best_move().unwrap();
    let before = search.report().nodes;
    search.advance(best).unwrap();
    let kept = search.report().nodes;
    // More than the new root's own children: their subtrees came along.
    assert!(kept > 48 + 1, "kept {kept} of {before}");
    assert!(kept < before);
    assert_eq!(search.to_move(), Color::White);
    assert!(
        search.advance(best).is_err(),
        "an occupied square is refused"
    );
}

#[test]
fn a_cut_short_advance_starts_a_fresh_tree() {
    let text = "7/7/7/7/7/7/7 b 0 original nopie";
    let mut search = search(text, 5000);
    let best = search.best_move().unwrap();
    search.advance_until(best, &mut || false).unwrap();
    // Only the new root and its children, one per square (taken ones too).
    assert_eq!(search.report().nodes, 1 + search.position().size().area());
    assert_eq!(search.iterations(), 0);
    assert_eq!(search.to_move(), Color::White);
}

#[test]
fn uct_alone_also_finds_tactics() {
    let text = "W2WWWW/1W4W/BB1B1WW/W3BB1/WW2B2/1B2B1B/5BB b 16 original nopie";
    let mut search = Search::new(&position(text), SearchConfig::uct());
    search.run(100);
    assert_eq!(best_square(&search), "b7".parse().unwrap());
}

/// The engine's choice on `position` with a fixed budget.
fn choice(position: &Position, iterations: u64) -> (Move, f32) {
    let mut search = Search::new(position, SearchConfig::default());
    search.run(iterations);
    let report = search.report();
    (report.best.unwrap(), report.win)
}

#[test]
fn white_swaps_after_a_strong_first_move_only() {
    let size = BoardSize::new(7).unwrap();
    let rules = Rules::default();
    for (first, swap) in [("c3", true), ("d4", true), ("a1", false), ("a7", false)] {
        let mut pos = Position::new(size, rules);
        pos.play(first.parse().unwrap()).unwrap();
        let (mv, win) = choice(&pos, 6000);
        assert_eq!(mv == Move::Swap, swap, "after {first}: {mv} ({win})");
        // Whatever it does, White expects at least an even game.
        assert!(win >= 0.5, "after {first}: {mv} ({win})");
    }
}

#[test]
fn black_opens_near_even_with_the_pie_rule() {
    let size = BoardSize::new(7).unwrap();
    let with_pie = Position::new(size, Rules::default());
    let without = Position::new(
        size,
        Rules {
            pie: false,
            ..Rules::default()
        },
    );
    let (strong, strong_win) = choice(&without, 6000);
    let (opening, worth) = choice(&with_pie, 6000);
    // Without the pie rule Black takes its best move; with it, a move worth
    // about as much to either side (what it is worth to Black after White's
    // choice to swap or not).
    assert!(strong_win > 0.5, "{strong} {strong_win}");
    assert_ne!(opening, strong);
    assert!(worth > 0.45 && worth <= 0.5, "{opening} {worth}");
    // White, searching the same way, finds the opening about even.
    let mut after = without.clone();
    after.play(opening).unwrap();
    let (_, white) = choice(&after, 6000);
    assert!((white - 0.5).abs() < 0.06, "after {opening}: White {white}");
}
