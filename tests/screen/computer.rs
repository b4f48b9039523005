//! The real `brique` binary in a pseudo-terminal against the computer: the
//! computer's answer appears with no key pressed (the event loop wakes up for
//! the engine's thread), the strongest level's progress line moves on while
//! it thinks, and `u` then `q` `y` end it at once.

#![cfg(unix)]

use crate::support::{start, start_with_env};

/// A config under `home` for a 9x9 game against the easy computer; its folder.
fn against_the_easy_computer(home: &std::path::Path) -> std::path::PathBuf {
    let config = home.join("config");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("brique.toml"),
        "[game]\nsize = 9\n[engine]\nmode = \"human-vs-computer\"\nlevel = \"easy\"\n",
    )
    .unwrap();
    config
}

#[test]
fn the_computer_answers_and_its_thinking_can_be_stopped() {
    let home = tempfile::tempdir().unwrap();
    let config = against_the_easy_computer(home.path());
    let mut run = start(home.path());
    run.wait_for("the board", |s| s.contains("Player 1 to play"));
    // The cursor starts on e5; a move on a1 is no opening worth a swap.
    run.send(b":a1\r\r");
    run.wait_for("the computer's answer", |s| s.contains("2. ○"));
    run.wait_for("your turn again", |s| s.contains("Player 1 to play"));

    // The strongest level thinks for seconds: its progress line changes
    // while no key is pressed.
    std::fs::write(
        config.join("brique.toml"),
        "[game]\nsize = 9\n[engine]\nmode = \"human-vs-computer\"\nlevel = \"strongest\"\n",
    )
    .unwrap();
    run.send(b"qy");
    assert!(run.wait_exit().success());
    let mut run = start(home.path());
    run.wait_for("the game resumed", |s| s.contains("2. ○"));
    run.send(b":e5\r\r");
    run.wait_for("the progress line", |s| s.contains("iterations"));
    let first = run.screen().contents();
    run.wait_for("the progress line to move on", |s| {
        s.contains("iterations") && s != first
    });
    // Undo stops the search: back to your turn, with nothing thinking.
    run.send(b"u");
    run.wait_for("your turn after undo", |s| {
        s.contains("Player 1 to play") && !s.contains("thinking")
    });
    run.send(b"qy");
    assert!(run.wait_exit().success(), "quits at once");
}

#[test]
fn a_panic_on_the_engines_thread_leaves_the_app_running_in_raw_mode() {
    let home = tempfile::tempdir().unwrap();
    against_the_easy_computer(home.path());
    // Debug builds make the engine's thread panic as it starts a search.
    let env = [("BRIQUE_TEST_ENGINE_PANIC", "1")];
    let mut run = start_with_env(home.path(), &[], &env);
    run.wait_for("the board", |s| s.contains("Player 1 to play"));
    let raw = run.modes();
    assert_ne!(raw, run.modes_before, "raw mode while the game is up");
    run.send(b":a1\r\r");
    run.wait_for("the engine's failure said", |s| {
        s.contains("The engine failed")
    });
    // The screen is the game's still: raw mode, the alternate screen, the
    // program running and taking keys.
    assert_eq!(run.modes(), raw, "still in raw mode");
    assert!(
        run.screen().alternate_screen(),
        "still on the game's screen"
    );
    assert!(
        run.child.try_wait().unwrap().is_none(),
        "the app survives its engine"
    );
    run.send(b"?");
    run.wait_for("the help, opened by a key", |s| s.contains("Help"));
    run.send(b"\x1b");
    run.wait_for("the help closed", |s| !s.contains("Help"));
    run.send(b"qy");
    assert!(run.wait_exit().success());
    run.drain();
    assert!(run.terminal_restored(), "{:?}", run.unrestored());
}
