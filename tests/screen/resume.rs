//! The real `brique` binary in a pseudo-terminal: three moves played, the
//! process killed with SIGKILL (no chance to save anything on the way out),
//! started again: the three moves are back, and the screen says the game was
//! resumed. Every file lives in a temporary directory; every wait has a
//! deadline, so a hung program fails the test instead of hanging CI.

#![cfg(unix)]

use crate::support::{saved_once, start};

#[test]
fn three_moves_survive_a_kill_9_and_come_back() {
    let home = tempfile::tempdir().unwrap();
    let mut first = start(home.path());
    first.wait_for("the board", |s| s.contains("Player 1 to play"));
    // The cursor starts on h8: Enter places there, → then Enter on i8,
    // ↑ then Enter on i9.
    first.send(b"\r");
    first.wait_for("the first move", |s| s.contains("1. ● h8"));
    first.send(b"\x1b[C\r");
    first.wait_for("the second move", |s| s.contains("2. ○ i8"));
    first.send(b"\x1b[A\r");
    first.wait_for("the third move", |s| s.contains("3. ● i9"));
    // The autosave's thread writes just after the screen shows a move: a
    // kill in between loses that move alone. Killed once it is written.
    let written = saved_once(home.path(), "autosave.brique", |r| r.contains("i9"));
    assert!(written.contains("i9"), "{written}");

    // SIGKILL: no handler runs, nothing is written on the way out.
    let pid = first.child.process_id().expect("the child's process id");
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = first.wait_exit();
    assert!(!status.success(), "killed, not a clean exit: {status:?}");
    let autosave = home.path().join("xdg-state/brique/autosave.brique");
    assert!(
        autosave.exists(),
        "the autosave is at {}",
        autosave.display()
    );

    let mut again = start(home.path());
    again.wait_for("the resumed game", |s| {
        s.contains("1. ● h8") && s.contains("2. ○ i8") && s.contains("3. ● i9")
    });
    // One frame can reach the terminal in several reads: wait for all of it.
    again.wait_for("the resumption said, and Player 2 to play", |s| {
        s.contains("Resumed your") && s.contains("Move 4 · Player 2 to play")
    });
    // Quitting asks (a game is in progress), then leaves cleanly.
    again.send(b"q");
    again.wait_for("the quit question", |s| s.contains("Your game is saved"));
    again.send(b"y");
    assert!(again.wait_exit().success());
}
