//! The real `brique` on its very first start (no config file, no game): the
//! welcome, a choice, and the next start goes straight to the board.

#![cfg(unix)]

use crate::support::start_first_time;

#[test]
fn the_first_start_welcomes_and_the_second_goes_to_the_board() {
    let home = tempfile::tempdir().unwrap();
    let mut first = start_first_time(home.path());
    first.wait_for("the welcome", |s| {
        s.contains("Welcome to Brique") && s.contains("Black joins top and bottom")
    });
    // Two players at one keyboard, on 9×9.
    first.send(b"t");
    first.wait_for("the 9×9 board", |s| {
        s.contains("Player 1 to play") && s.contains("9×9 · original rules")
    });
    first.send(b"q");
    assert!(first.wait_exit().success());

    let mut second = start_first_time(home.path());
    second.wait_for("the board", |s| s.contains("Player 1 to play"));
    assert!(!second.screen().contents().contains("Welcome"));
    second.send(b"q");
    assert!(second.wait_exit().success());
}
