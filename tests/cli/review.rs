//! `brique review` through the real binary: a 5×5 game with a known
//! blunder, a bad record, and the review written into the record.

use std::fs;
use std::process::Output;

use super::brique;

/// 5×5 without the pie rule: c3 wins for Black (the shipped table), and
/// after White's c1 Black still wins (a4, say), but a1 loses: White wins
/// by force from there (proved with the proof-number solver), and does.
pub const BLUNDER_GAME: &str =
    "size: 5\npie: off\nplayer1: Ann\nplayer2: Bob\n\nc3 c1 a1 a2 d1 e1\n";

/// `brique review` of [`BLUNDER_GAME`] in a file of a new directory, with
/// `options`; it must succeed.
fn review_blunder_game(options: &[&str]) -> (tempfile::TempDir, std::path::PathBuf, Output) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.brique");
    fs::write(&path, BLUNDER_GAME).unwrap();
    let mut args = vec!["review", path.to_str().unwrap()];
    args.extend_from_slice(options);
    let out = brique(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    (dir, path, out)
}

#[test]
fn the_known_blunder_is_named_with_a_winning_move_instead() {
    let (_dir, _path, out) = review_blunder_game(&["--seconds", "0.1", "--threads", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("3 "))
        .expect("move 3's line");
    assert!(line.contains("a1??"), "{line}");
    assert!(line.contains("blunder"), "{line}");
    assert!(line.contains("won") && line.contains("lost"), "{line}");
    // The better move is one that still wins: checked on the board by a
    // search that proves it (the exact solver on 5×5).
    let better = line
        .split("blunder")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let better: brique::core::Move = better.parse().expect(line);
    assert_ne!(better.to_string(), "a1");
    assert!(line.trim_end().ends_with("(won)"), "{line}");
    let size = brique::core::BoardSize::new(5).unwrap();
    let rules = brique::core::Rules {
        variant: brique::core::Variant::Original,
        pie: false,
    };
    let moves = brique::core::parse_moves_on("c3 c1", size).unwrap();
    let mut game =
        brique::core::Game::from_moves(size, rules, brique::core::Player::One, &moves).unwrap();
    game.play(better).unwrap();
    let mut solver = brique::ai::ProofNumberSolver::new(size, rules.variant, 16 << 20).unwrap();
    assert_eq!(
        solver.wins(game.position()),
        Some(false),
        "White must lose after {better}"
    );
    // The only blunder of the game, by Ann; Bob's moves lost nothing.
    assert!(
        text.contains("Ann: 0 inaccuracies, 0 mistakes, 1 blunder;"),
        "{text}"
    );
    assert!(
        text.contains("Bob: 0 inaccuracies, 0 mistakes, 0 blunders; average loss 0.0"),
        "{text}"
    );
    assert!(text.contains("proven by the exact solver"), "{text}");
}

#[test]
fn write_keeps_the_review_in_the_record_and_a_bad_record_is_refused() {
    let (dir, path, _) = review_blunder_game(&["--seconds", "0.05", "--write"]);
    let written = fs::read_to_string(&path).unwrap();
    let record = brique::core::Record::parse(&written).unwrap();
    let review = record.extra("x-review").expect("the review line");
    assert!(review.starts_with("50 "), "{review}");
    assert_eq!(review.split_whitespace().count(), 1 + 7);
    // The moves are kept as they were.
    assert_eq!(record.game.moves().len(), 6);

    let bad = dir.path().join("bad.brique");
    fs::write(&bad, "size: 5\n\nc3 c3\n").unwrap();
    let out = brique(&["review", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("brique review: ") && err.contains("line 3"),
        "{err}"
    );
    let out = brique(&["review", "-", "--write"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_kept_review_is_printed_as_kept_and_again_searches_anew() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.brique");
    // Estimates no search of this proven game gives, kept in the record.
    let kept = "x-review: 200 50:c3 60:b3 58:a4 20:a2 22:b2 10:e1 W:-\n";
    let text = BLUNDER_GAME.replace("player2: Bob\n", &format!("player2: Bob\n{kept}"));
    fs::write(&path, &text).unwrap();
    let out = brique(&["review", path.to_str().unwrap(), "--seconds", "0.05"]);
    assert!(out.status.success());
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        printed.contains("kept in the record (0.2 s a position)"),
        "{printed}"
    );
    let line = printed
        .lines()
        .find(|l| l.trim_start().starts_with("3 "))
        .expect("move 3's line");
    assert!(line.contains("58%") && line.contains("20%"), "{line}");
    // The record is left as it was, even with --write.
    let out = brique(&["review", path.to_str().unwrap(), "--write"]);
    assert!(out.status.success());
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    // --again searches: the proofs replace the estimates.
    let out = brique(&[
        "review",
        path.to_str().unwrap(),
        "--seconds",
        "0.05",
        "--again",
    ]);
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(!printed.contains("kept in the record"), "{printed}");
    assert!(printed.contains("proven by the exact solver"), "{printed}");
}

#[test]
fn an_estimate_beside_a_proof_says_it_is_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.brique");
    // White's e1 from an estimated 90% to a proven win; Black's a1 from a
    // proven win to an estimated 1%.
    let kept = "x-review: 200 B:c3 B:b3 B:a4 1:a2 22:b2 10:e1 W:-\n";
    let text = BLUNDER_GAME.replace("player2: Bob\n", &format!("player2: Bob\n{kept}"));
    fs::write(&path, &text).unwrap();
    let out = brique(&["review", path.to_str().unwrap()]);
    let printed = String::from_utf8_lossy(&out.stdout);
    let line = |n: &str| {
        printed
            .lines()
            .find(|l| l.trim_start().starts_with(n))
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        line("3 ").contains("won") && line("3 ").contains("1% (estimate)"),
        "{printed}"
    );
    assert!(
        line("6 ").contains("90% (estimate)") && line("6 ").contains("won"),
        "{printed}"
    );
    // The better move's chance is the plain one, no brackets in brackets.
    assert!(line("3 ").trim_end().ends_with("(won)"), "{printed}");
}
