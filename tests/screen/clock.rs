//! The real `brique` binary in a pseudo-terminal with `clock = "0+2"`: after
//! each side's first move (the clocks start then), the player to move does
//! nothing, loses on time, and the autosave's record
//! says so. The clock runs out in two seconds of real time; every wait has
//! a deadline, so a program that never says so fails instead of hanging.

#![cfg(unix)]

use crate::support::{saved_once, start};

#[test]
fn a_player_who_does_not_move_loses_on_time() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("brique.toml"), "[game]\nclock = \"0+2\"\n").unwrap();
    let mut app = start(home.path());
    app.wait_for("the clocks", |s| s.contains("Clock 0+2"));
    app.send(b"\r");
    app.wait_for("the first move", |s| s.contains("1. ● h8"));
    app.send(b"\x1b[C\r");
    app.wait_for("the second move", |s| s.contains("2. ○ i8"));
    app.wait_for("the loss on time", |s| {
        s.contains("Player 1 (Black) ran out of time")
    });
    let screen = app.screen().contents();
    assert!(screen.contains("Player 2 (White) wins on time"), "{screen}");
    let record = saved_once(home.path(), "autosave.brique", |r| {
        r.contains("wins on time")
    });
    assert!(record.contains("clock: 0+2\n"), "{record}");
    assert!(record.contains("result: White wins on time\n"), "{record}");
    // The game is over: q quits without asking.
    app.send(b"q");
    assert!(app.wait_exit().success());
}
