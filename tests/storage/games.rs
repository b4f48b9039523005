//! Games for the storage tests, played by a fixed recipe so every run sees
//! the same files.

// Each test file uses some of these.
#![allow(dead_code)]

use brique::core::{BoardSize, Game, Move, Player, Record, Rules, Variant};

/// Squares in a scattered but fixed order (a full-period step through the board).
fn scattered(size: BoardSize) -> impl Iterator<Item = Move> {
    let area = size.area();
    // A step coprime with the area visits every square once: 7, or 11 on
    // the boards whose area 7 divides (7, 14, 21).
    let step = if area.is_multiple_of(7) { 11 } else { 7 };
    (0..area).map(move |i| Move::Place(size.square(i * step % area)))
}

/// An unfinished game of `moves` moves (White's first move a swap), with
/// names that need care: non-ASCII letters and a `#`.
pub fn unfinished(size: u8, moves: usize) -> Record {
    let size = BoardSize::new(size).unwrap();
    let rules = Rules {
        variant: Variant::Original,
        pie: true,
    };
    let mut game = Game::new(size, rules, Player::Two);
    for mv in scattered(size) {
        if game.moves().len() >= moves {
            break;
        }
        if game.moves().len() == 1 {
            game.play(Move::Swap).unwrap();
            continue;
        }
        if game.play(mv).is_ok_and(|r| r.won) {
            game.undo();
        }
    }
    assert_eq!(game.moves().len(), moves, "the recipe ran out of squares");
    let mut record = Record::new(["Zoë #1".to_string(), "Björn".to_string()], game);
    record.extra = vec![
        ("x-cursor".to_string(), "c3".to_string()),
        ("x-mode".to_string(), "human-vs-engine".to_string()),
        ("x-level".to_string(), "3".to_string()),
    ];
    record
}

/// A game played to its end on a 7 × 7 board.
pub fn finished(names: [&str; 2]) -> Record {
    let size = BoardSize::new(7).unwrap();
    let mut game = Game::new(size, Rules::default(), Player::One);
    for mv in scattered(size) {
        let _ = game.play(mv);
        if game.position().is_over() {
            break;
        }
    }
    assert!(
        game.position().is_over(),
        "the recipe did not finish the game"
    );
    Record::new(names.map(str::to_string), game)
}
