//! Two copies of the real `brique` binary in pseudo-terminals, on the same
//! files, playing at once: the second says that another copy is playing and
//! keeps its game in an autosave of its own, so that both games' moves are
//! on disk, neither written over by the other. Every file lives in a
//! temporary directory; every wait has a deadline.

#![cfg(unix)]

use crate::support::{saved_once, start_on_board};

#[test]
fn two_copies_play_two_games_and_both_are_on_disk() {
    let home = tempfile::tempdir().unwrap();
    let mut first = start_on_board(home.path());
    let mut second = start_on_board(home.path());
    second.wait_for("the second copy's word on it", |s| {
        s.contains("Another copy of Brique is")
    });

    // Turn by turn, each copy plays its own game: h8 i8 i9 in the first,
    // h8 g8 g7 in the second (the cursor starts on h8).
    first.send(b"\r");
    second.send(b"\r");
    first.wait_for("the first's move 1", |s| s.contains("1. ● h8"));
    second.wait_for("the second's move 1", |s| s.contains("1. ● h8"));
    first.send(b"\x1b[C\r");
    second.send(b"\x1b[D\r");
    first.wait_for("the first's move 2", |s| s.contains("2. ○ i8"));
    second.wait_for("the second's move 2", |s| s.contains("2. ○ g8"));
    first.send(b"\x1b[A\r");
    second.send(b"\x1b[B\r");
    first.wait_for("the first's move 3", |s| s.contains("3. ● i9"));
    second.wait_for("the second's move 3", |s| s.contains("3. ● g7"));

    // Each copy's autosave, once its third move is written.
    let one = saved_once(home.path(), "autosave.brique", |r| r.contains("i9"));
    let two = saved_once(home.path(), "autosave-2.brique", |r| r.contains("g7"));
    for mv in ["h8", "i8", "i9"] {
        assert!(one.contains(mv), "the first game's {mv}:\n{one}");
    }
    for mv in ["h8", "g8", "g7"] {
        assert!(two.contains(mv), "the second game's {mv}:\n{two}");
    }
    assert!(!one.contains("g7") && !two.contains("i9"), "{one}\n{two}");

    for copy in [&mut first, &mut second] {
        copy.send(b"q");
        copy.wait_for("the quit question", |s| s.contains("Your game is saved"));
        copy.send(b"y");
        assert!(copy.wait_exit().success());
    }
}
