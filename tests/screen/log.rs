//! The real `brique` binary in a pseudo-terminal with `--log`: the log is a
//! file in the state directory and never reaches the screen; without the
//! flag (or `BRIQUE_LOG`) there is no log file at all.

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::support::start_with;

fn log_file(home: &Path) -> PathBuf {
    home.join("xdg-state/brique/brique.log")
}

/// Plays h8 and quits, with `args` before `--config`.
fn play_one_move(home: &Path, args: &[&str]) -> String {
    let mut app = start_with(home, args);
    app.wait_for("the board", |s| s.contains("Player 1 to play"));
    app.send(b"\r");
    app.wait_for("the move", |s| s.contains("1. ● h8"));
    app.send(b"q");
    app.wait_for("the quit question", |s| s.contains("Your game is saved"));
    app.send(b"y");
    assert!(app.wait_exit().success());
    app.drain();
    String::from_utf8_lossy(&app.received).into_owned()
}

#[test]
fn the_log_flag_writes_a_private_file_and_nothing_on_the_screen() {
    let home = tempfile::tempdir().unwrap();
    let screen = play_one_move(home.path(), &["--log"]);
    let log = std::fs::read_to_string(log_file(home.path())).expect("a log file");
    assert!(log.contains("brique starts"), "{log}");
    assert!(log.contains("INFO"), "{log}");
    for line in log.lines() {
        let message = line.rsplit(": ").next().unwrap_or(line);
        if message.trim().len() < 8 {
            continue; // too short to tell apart from the game's own text
        }
        assert!(
            !screen.contains(message),
            "the log's {message:?} reached the terminal"
        );
    }
    assert!(!screen.contains("INFO"), "a log level on the terminal");
    let mode = std::fs::metadata(log_file(home.path()))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
fn without_the_flag_or_the_variable_there_is_no_log() {
    let home = tempfile::tempdir().unwrap();
    play_one_move(home.path(), &[]);
    assert!(
        home.path()
            .join("xdg-state/brique/autosave.brique")
            .exists(),
        "the state directory is in use"
    );
    assert!(!log_file(home.path()).exists());
}
