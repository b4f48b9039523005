//! The real `brique` binary in a pseudo-terminal: arrow keys move the cursor,
//! Enter places a stone that appears on the screen, so does a mouse click,
//! `q` then `y` quits, and
//! the terminal is left as it was found (screen, mouse, cursor, raw mode).
//! Every wait has a deadline, so a hung program fails the test instead of
//! hanging CI.

#![cfg(unix)]

use crate::support::{COLS, ROWS, assert_terminal_restored, click, start};

#[test]
fn a_stone_placed_with_the_keyboard_shows_and_quitting_restores_the_terminal() {
    let home = tempfile::tempdir().unwrap();
    let mut app = start(home.path());
    app.wait_for("the board", |s| s.contains("Player 1 to play"));
    let screen = app.screen();
    assert!(
        screen.alternate_screen(),
        "the game uses the alternate screen"
    );
    assert_ne!(
        screen.mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "the mouse is captured"
    );
    assert!(screen.hide_cursor());
    assert_ne!(
        app.modes(),
        app.modes_before,
        "raw mode is on while playing"
    );

    // The cursor starts on h8: up to h9, left to g9, then Enter places there.
    app.send(b"\x1b[A\x1b[D\r");
    // One frame can reach the terminal in several reads: wait for all of it.
    // The stone itself is drawn on the board, in the row numbered 9.
    app.wait_for("the stone on g9, in the list, the panel and row 9", |s| {
        let row_9 = s
            .lines()
            .find(|line| line.trim_start().starts_with("9 "))
            .unwrap_or_default();
        s.contains("1. ● g9")
            && s.contains("Last: ● g9")
            && s.contains("Player 2 to play")
            && row_9.contains('●')
    });

    // A left click places White's stone on c3.
    app.send(&click(COLS, ROWS, "c3"));
    app.wait_for("the clicked stone on c3", |s| s.contains("2. ○ c3"));

    // A game is in progress, so quitting asks first.
    app.send(b"q");
    app.wait_for("the quit question", |s| s.contains("Your game is saved"));
    app.send(b"y");
    let status = app.wait_exit();
    assert!(status.success(), "{status:?}");
    app.drain();

    let screen = app.screen();
    assert_terminal_restored(screen);
    assert_eq!(app.modes(), app.modes_before, "raw mode is off");
    assert!(
        !home.path().join("home").exists() && !home.path().join("xdg-config").exists(),
        "nothing written outside the given config"
    );
}
