//! The review's judgements, summary and record line.

use super::*;
use crate::core::{BoardSize, Rules};

fn game(moves: &str) -> Game {
    let size = BoardSize::new(5).unwrap();
    let moves = crate::core::parse_moves_on(moves, size).unwrap();
    Game::from_moves(size, Rules::default(), Player::One, &moves).unwrap()
}

fn estimate(black: u8, best: &str) -> Option<Evaluation> {
    Some(Evaluation {
        chance: Chance::Estimate(black),
        best: Some(best.parse().unwrap()),
    })
}

#[test]
fn drops_are_classed_from_the_movers_view() {
    let game = game("c3 b2 d4");
    let review = Review {
        // Black 60, after c3 Black 55 (5 lost), after b2 Black 80
        // (White lost 25: a mistake), after d4 Black 40 (a blunder).
        evaluations: vec![
            estimate(60, "c3"),
            estimate(55, "b3"),
            estimate(80, "d4"),
            estimate(40, "a1"),
        ],
        millis: 100,
    };
    let moves = review.moves(&game);
    let classes: Vec<_> = moves.iter().map(|m| m.class).collect();
    assert_eq!(classes, [None, Some(Class::Mistake), Some(Class::Blunder)]);
    assert_eq!(
        (moves[1].before, moves[1].after, moves[1].loss),
        (45, 20, 25)
    );
    assert_eq!(moves[1].better, Some("b3".parse().unwrap()));
    assert_eq!(moves[0].better, None);
    let black = summary(&moves, Player::One);
    assert_eq!((black.moves, black.blunders), (2, 1));
    assert!((black.average_loss - 22.5).abs() < 1e-6);
    assert_eq!(next_marked(&moves, 0, true), Some(2));
    assert_eq!(next_marked(&moves, 2, true), Some(3));
    assert_eq!(next_marked(&moves, 3, true), Some(2));
    assert_eq!(next_marked(&moves, 3, false), Some(2));
    assert_eq!(next_marked(&moves, 2, false), Some(3));
    assert_eq!(next_marked(&moves[..1], 0, true), None);
}

#[test]
fn proofs_override_estimates() {
    let game = game("c3 b2");
    let proven = |c| {
        Some(Evaluation {
            chance: Chance::Proven(c),
            best: Some("a1".parse().unwrap()),
        })
    };
    // Black won, still won after c3; White lost whatever it played.
    let review = Review {
        evaluations: vec![
            proven(Color::Black),
            proven(Color::Black),
            estimate(10, "a2"),
        ],
        millis: 0,
    };
    let moves = review.moves(&game);
    assert_eq!((moves[0].loss, moves[0].class), (0, None));
    assert_eq!((moves[1].loss, moves[1].class), (0, None));
    // A proven win turned into a proven loss is a blunder.
    let review = Review {
        evaluations: vec![proven(Color::Black), proven(Color::White), None],
        millis: 0,
    };
    let moves = review.moves(&game);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].class, Some(Class::Blunder));
    assert!(moves[0].before_proven && moves[0].after_proven);
}

#[test]
fn a_swap_is_judged_for_the_player_who_swapped() {
    let game = game("c3 swap");
    // At the pie rule's decision the chance is the side to move's view:
    // Black 30 there is White's 70, swap included. White swaps and holds
    // Black at 70: nothing lost. The opener's c3 was too strong: from
    // 50 it left them 30.
    let review = Review {
        evaluations: vec![estimate(50, "c3"), estimate(30, "swap"), estimate(70, "b2")],
        millis: 0,
    };
    let moves = review.moves(&game);
    assert_eq!(moves[1].player, Player::Two);
    assert_eq!((moves[0].loss, moves[0].class), (20, Some(Class::Mistake)));
    assert_eq!(
        (moves[1].before, moves[1].after, moves[1].loss),
        (70, 70, 0)
    );
}

#[test]
fn the_text_reads_back_and_a_foreign_one_is_refused() {
    let game = game("c3 b2");
    let review = Review {
        evaluations: vec![
            estimate(52, "c3"),
            Some(Evaluation {
                chance: Chance::Proven(Color::White),
                best: Some(Move::Swap),
            }),
            None,
        ],
        millis: 250,
    };
    let text = review.to_text();
    assert_eq!(text, "250 52:c3 W:swap ?:-");
    assert_eq!(Review::parse(&text, &game), Some(review));
    for bad in [
        "",
        "250 52:c3 W:swap",
        "x 52:c3 W:swap ?:-",
        "250 101:c3 W:- ?:-",
    ] {
        assert_eq!(Review::parse(bad, &game), None, "{bad:?}");
    }
    // A square off the 5×5 board.
    assert_eq!(Review::parse("250 52:h8 W:- ?:-", &game), None);
}

#[test]
fn a_move_into_a_proven_loss_from_a_position_not_lost_is_at_least_a_mistake() {
    let game = game("c3 b2");
    let proven = |c| {
        Some(Evaluation {
            chance: Chance::Proven(c),
            best: Some("a1".parse().unwrap()),
        })
    };
    // Whatever Black's chance before c3 (won, even, or an estimate that
    // saw little hope), c3 into a proven loss threw the game away.
    for before in [proven(Color::Black), estimate(50, "a1"), estimate(12, "a1")] {
        let review = Review {
            evaluations: vec![before, proven(Color::White), None],
            millis: 0,
        };
        let moves = review.moves(&game);
        let class = moves[0].class;
        assert!(
            matches!(class, Some(Class::Mistake | Class::Blunder)),
            "{before:?}: {class:?}"
        );
    }
    // A loss already proven before the move is not the move's doing.
    let review = Review {
        evaluations: vec![proven(Color::White), proven(Color::White), None],
        millis: 0,
    };
    assert_eq!(review.moves(&game)[0].class, None);
}
