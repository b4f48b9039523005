//! Hand-made positions for every rule situation, in both variants.

use brique::core::{
    BoardSize, Color, Game, Move, PlayError, Player, Position, Rules, Square, SwapRefusal, Variant,
};

fn sq(name: &str) -> Square {
    name.parse().expect("test square")
}

fn pos(notation: &str) -> Position {
    notation
        .parse()
        .unwrap_or_else(|e| panic!("{notation}: {e}"))
}

/// The same position text under the other variant.
fn with_variant(notation: &str, variant: Variant) -> String {
    notation
        .replace("original", variant.name())
        .replace("revised", variant.name())
}

/// Plays `square` and returns the filled squares (sorted) and the captures.
fn fills(position: &mut Position, square: &str) -> (Vec<String>, Vec<String>) {
    let report = position
        .play(Move::Place(sq(square)))
        .unwrap_or_else(|e| panic!("{square}: {e}"));
    let mut filled: Vec<String> = report.fills.iter().map(|f| f.square.to_string()).collect();
    let mut captured: Vec<String> = report.fills.captures().map(|s| s.to_string()).collect();
    filled.sort();
    captured.sort();
    (filled, captured)
}

#[test]
fn seed_000_example_g5_fills_f5_and_g6() {
    for variant in Variant::ALL {
        // White on f4 and h6 (seed 000), White to move.
        let text = with_variant(
            "15/15/15/15/15/15/15/15/15/7W7/15/5W9/15/15/15 w 4 original nopie",
            variant,
        );
        let mut p = pos(&text);
        assert_eq!(
            fills(&mut p, "g5"),
            (vec!["f5".into(), "g6".into()], vec![])
        );
        for s in ["f4", "f5", "g5", "g6", "h6"] {
            assert_eq!(p.get(sq(s)), Some(Color::White), "{s} in {variant}");
        }
        assert_eq!(p.to_move(), Color::Black);
        assert_eq!(p.winner(), None);
    }
}

#[test]
fn seed_000_example_through_moves() {
    let mut game = Game::new(BoardSize::DEFAULT, Rules::default(), Player::One);
    for m in ["a1", "f4", "o15", "h6", "a15"] {
        game.play(m.parse().unwrap()).unwrap();
    }
    let report = game.play("g5".parse().unwrap()).unwrap();
    assert_eq!(report.color, Color::White);
    let filled: Vec<String> = report.fills.iter().map(|f| f.square.to_string()).collect();
    assert_eq!(filled, ["g6", "f5"]);
}

/// Each edge's one-escort squares: filled in `original`, never in `revised`.
/// On 9×9: top row light c9 (escort b9), left column light a3 (escort a4),
/// right column dark i4 (escort i3), bottom row dark d1 (escort e1).
#[test]
fn single_escort_edge_squares() {
    let cases = [
        ("b9", "c9"), // top edge: light square, its escort is to its left
        ("a4", "a3"), // left edge: light square, its escort is above
        ("i3", "i4"), // right edge: dark square, its escort is below
        ("e1", "d1"), // bottom edge: dark square, its escort is to its right
    ];
    for (placed, edge_square) in cases {
        assert_eq!(
            brique::core::escorts(BoardSize::new(9).unwrap(), sq(edge_square)).as_slice(),
            [sq(placed)],
            "{edge_square} should have the single escort {placed}"
        );
        for color_to_move in ["b", "w"] {
            let text = format!("9/9/9/9/9/9/9/9/9 {color_to_move} 2 original nopie");
            let mut original = pos(&text);
            let (filled, _) = fills(&mut original, placed);
            assert!(
                filled.contains(&edge_square.to_string()),
                "original: {placed} should fill {edge_square}, filled {filled:?}"
            );
            let mut revised = pos(&with_variant(&text, Variant::Revised));
            let (filled, _) = fills(&mut revised, placed);
            assert!(
                !filled.contains(&edge_square.to_string()),
                "revised: {placed} must not fill {edge_square}"
            );
            assert_eq!(revised.get(sq(edge_square)), None);
        }
    }
}

/// The one-escort edge squares capture in `original`.
#[test]
fn single_escort_edge_square_captures_in_original() {
    // White on c9; Black plays b9 and captures it.
    let mut p = pos("2W6/9/9/9/9/9/9/9/9 b 2 original nopie");
    assert_eq!(fills(&mut p, "b9"), (vec!["c9".into()], vec!["c9".into()]));
    assert_eq!(p.get(sq("c9")), Some(Color::Black));
    let mut p = pos("2W6/9/9/9/9/9/9/9/9 b 2 revised nopie");
    assert_eq!(fills(&mut p, "b9"), (vec![], vec![]));
    assert_eq!(p.get(sq("c9")), Some(Color::White));
}

#[test]
fn zero_escort_corner_is_never_filled() {
    // Odd board: the top-left corner a9 has no escorts; surround it with Black.
    // Even board: the bottom-right corner f1 of a 6×6 board.
    let cases = [
        ("9/B8/B8/9/9/9/9/9/9 b 2 original nopie", "b9", "a9"),
        ("6/6/6/5B/5B/6 b 2 original nopie", "e1", "f1"),
    ];
    for (text, placed, corner) in cases {
        for variant in Variant::ALL {
            let mut p = pos(&with_variant(text, variant));
            let size = p.size();
            assert!(brique::core::escorts(size, sq(corner)).is_empty());
            let (filled, _) = fills(&mut p, placed);
            assert!(!filled.contains(&corner.to_string()), "{corner} filled");
            assert_eq!(p.get(sq(corner)), None, "{corner} in {variant}");
        }
    }
}

#[test]
fn interior_capture() {
    // White on g5 (light; escorts g6 and f5), Black on g6; Black plays f5.
    for variant in Variant::ALL {
        let text = with_variant(
            "15/15/15/15/15/15/15/15/15/6B8/6W8/15/15/15/15 b 4 original nopie",
            variant,
        );
        let mut p = pos(&text);
        assert_eq!(fills(&mut p, "f5"), (vec!["g5".into()], vec!["g5".into()]));
        assert_eq!(p.get(sq("g5")), Some(Color::Black));
        assert_eq!(p.first_unfilled_square(), None);
    }
}

/// In `original`, Black's a2 captures White's a1 (one escort), White's only
/// contact with the left edge; White's i1 then connects nothing. In `revised`
/// a1 stays White and i1 wins.
#[test]
fn capture_of_a_groups_only_edge_contact() {
    let text = "9/9/9/9/9/9/9/9/WWWWWWWW1 b 16 original nopie";
    let mut p = pos(text);
    assert_eq!(fills(&mut p, "a2"), (vec!["a1".into()], vec!["a1".into()]));
    let report = p.play(Move::Place(sq("i1"))).unwrap();
    assert!(!report.won, "White lost its left edge contact at a1");
    assert_eq!(p.winner(), None);
    assert_eq!(p.shortest_chain(Color::White), None);

    let mut p = pos(&with_variant(text, Variant::Revised));
    assert_eq!(fills(&mut p, "a2"), (vec![], vec![]));
    let report = p.play(Move::Place(sq("i1"))).unwrap();
    assert!(report.won);
    assert_eq!(p.winner(), Some(Color::White));
    let chain = p.winning_chain().unwrap();
    assert_eq!(chain.len(), 9);
    assert_eq!(chain.first(), Some(&sq("a1")));
    assert_eq!(chain.last(), Some(&sq("i1")));
}

/// Black builds column e from e1 up to e8 while White plays on its own
/// edges; Black is to move and e9 connects.
fn black_column_game(variant: Variant) -> Game {
    let rules = Rules { variant, pie: true };
    let moves = "e1 a2 e2 a4 e3 a6 e4 a8 e5 i2 e6 i4 e7 i6 e8 i8";
    let moves = brique::core::parse_moves(moves).unwrap();
    Game::from_moves(BoardSize::new(9).unwrap(), rules, Player::One, &moves).unwrap()
}

#[test]
fn a_win_is_decided_at_the_first_connection() {
    for variant in Variant::ALL {
        let mut game = black_column_game(variant);
        assert_eq!(game.position().winner(), None);
        assert!(game.history().iter().all(|r| !r.won));
        let report = game.play(Move::Place(sq("e9"))).unwrap();
        assert!(report.won);
        assert_eq!(game.position().winner(), Some(Color::Black));
        assert_eq!(game.winner(), Some(Player::One));
        let chain = game.position().winning_chain().unwrap();
        assert_eq!(chain.len(), 9, "{chain:?}");
        assert!(chain.iter().all(|s| s.col() == 4));
    }
}

#[test]
fn swap_exchanges_players_and_keeps_white_to_move() {
    let mut game = Game::new(BoardSize::DEFAULT, Rules::default(), Player::One);
    game.play(Move::Place(sq("d8"))).unwrap();
    assert!(game.position().can_swap());
    let before = game.position().clone();
    let report = game.play(Move::Swap).unwrap();
    assert_eq!(report.color, Color::White);
    assert!(report.fills.is_empty());
    assert_eq!(game.position().to_move(), Color::White);
    assert_eq!(game.holder(Color::Black), Player::Two);
    assert_eq!(game.holder(Color::White), Player::One);
    assert_eq!(game.player_to_move(), Player::One);
    assert_eq!(game.position().get(sq("d8")), Some(Color::Black));
    // Only the side to move and the ply changed.
    assert_eq!(game.position().ply(), before.ply() + 1);
    assert!(!game.position().can_swap());
    assert_eq!(
        game.play(Move::Swap),
        Err(PlayError::SwapNotAllowed(SwapRefusal::NotWhitesFirstTurn))
    );
}

#[test]
fn swap_refused_when_not_allowed() {
    let pie_off = Rules {
        variant: Variant::Original,
        pie: false,
    };
    let mut game = Game::new(BoardSize::DEFAULT, pie_off, Player::One);
    game.play(Move::Place(sq("d8"))).unwrap();
    assert_eq!(
        game.play(Move::Swap),
        Err(PlayError::SwapNotAllowed(SwapRefusal::PieRuleOff))
    );

    let mut game = Game::new(BoardSize::DEFAULT, Rules::default(), Player::One);
    assert_eq!(
        game.play(Move::Swap),
        Err(PlayError::SwapNotAllowed(SwapRefusal::NotWhitesFirstTurn)),
        "Black's first action"
    );
    game.play(Move::Place(sq("d8"))).unwrap();
    game.play(Move::Place(sq("e8"))).unwrap();
    let before = game.clone();
    assert_eq!(
        game.play(Move::Swap),
        Err(PlayError::SwapNotAllowed(SwapRefusal::NotWhitesFirstTurn)),
        "after White declined"
    );
    assert_eq!(game, before);
}

#[test]
fn moves_after_the_end_are_refused_and_change_nothing() {
    let mut game = black_column_game(Variant::Original);
    game.play(Move::Place(sq("e9"))).unwrap();
    let before = game.clone();
    assert_eq!(
        game.play(Move::Place(sq("a1"))),
        Err(PlayError::GameOver(Color::Black))
    );
    assert_eq!(
        game.play(Move::Swap),
        Err(PlayError::GameOver(Color::Black))
    );
    assert_eq!(game, before);
    assert_eq!(game.position().to_string(), before.position().to_string());
}

#[test]
fn illegal_placements_change_nothing() {
    let mut p = pos("5/5/2B2/5/5 w 1 original pie");
    let before = p.clone();
    assert_eq!(
        p.play(Move::Place(sq("c3"))),
        Err(PlayError::Occupied(sq("c3")))
    );
    assert_eq!(
        p.play(Move::Place(sq("f1"))),
        Err(PlayError::OffBoard(sq("f1")))
    );
    assert_eq!(p, before);
}

#[test]
fn preview_matches_play_and_changes_nothing() {
    let p = pos("15/15/15/15/15/15/15/15/15/7W7/15/5W9/15/15/15 w 4 original nopie");
    let before = p.clone();
    let preview = p.preview(Move::Place(sq("g5"))).unwrap();
    assert_eq!(p, before);
    let mut played = p.clone();
    assert_eq!(played.play(Move::Place(sq("g5"))).unwrap(), preview);
}

#[test]
fn undo_restores_a_capture_exactly() {
    let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::default(), Player::One);
    // Black g6, White g5, Black f5 captures g5.
    for m in ["g6", "g5"] {
        game.play(m.parse().unwrap()).unwrap();
    }
    let before = game.position().clone();
    let report = game.play("f5".parse().unwrap()).unwrap();
    assert_eq!(report.fills.captures().collect::<Vec<_>>(), [sq("g5")]);
    assert_eq!(game.position().get(sq("g5")), Some(Color::Black));
    assert_eq!(game.undo(), Some(Move::Place(sq("f5"))));
    assert_eq!(game.position(), &before);
    assert_eq!(game.position().get(sq("g5")), Some(Color::White));
    assert_eq!(game.redo(), Some(report));
    assert_eq!(game.position().get(sq("g5")), Some(Color::Black));
}

#[test]
fn undo_of_a_swap_restores_the_colours() {
    let mut game = Game::new(BoardSize::DEFAULT, Rules::default(), Player::Two);
    game.play(Move::Place(sq("h8"))).unwrap();
    game.play(Move::Swap).unwrap();
    assert_eq!(game.holder(Color::Black), Player::One);
    assert_eq!(game.undo(), Some(Move::Swap));
    assert_eq!(game.holder(Color::Black), Player::Two);
    assert!(game.position().can_swap());
    game.play(Move::Place(sq("a1"))).unwrap();
    assert!(!game.can_redo(), "a new move clears redo");
}
