//! The real `brique` binary in a pseudo-terminal reviews a short finished
//! game (5×5, proven by the solver, a tenth of a second a position): the
//! chart and the blunder's `??` appear, the key goes to it, and the board
//! and panel show the better move.

#![cfg(unix)]

use crate::support::start_with;

/// c3 wins for Black, a1 throws it away, White wins (see tests/cli/review.rs).
const GAME: &str = "size: 5\npie: off\nplayer1: Ann\nplayer2: Bob\n\nc3 c1 a1 a2 d1 e1\n";

#[test]
fn a_finished_game_is_reviewed_and_its_blunder_shown_with_the_better_move() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("brique.toml"),
        "[game]\nsize = 5\npie = false\n\n[engine]\nreview_seconds = 0.1\nthreads = 1\n",
    )
    .unwrap();
    std::fs::write(home.path().join("game.brique"), GAME).unwrap();
    let mut screen = start_with(home.path(), &["game.brique"]);
    screen.wait_for("the game opened", |s| s.contains("Opened game.brique"));
    screen.send(b"b");
    screen.wait_for("the review done, its chart and the blunder", |s| {
        s.contains("Review done") && s.contains("Black's chance") && s.contains("Ann 1?? -33.3")
    });
    screen.send(b"}");
    screen.wait_for("the blunder marked, with the better move", |s| {
        s.contains("3. ● a1??")
            && s.contains("Move 3, a1??: a blunder")
            && s.contains("Better: a4 (won)")
    });
    // The better move's square carries the hint's mark on the board.
    let text = screen.screen().contents();
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("4 "))
        .expect("the board's row 4");
    assert!(row.contains('!'), "row 4: {row}\n{text}");
    screen.send(b"q");
    assert!(screen.wait_exit().success());
}
