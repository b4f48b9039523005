//! The real `brique` binary in a pseudo-terminal when its files cannot be
//! written: an autosave it cannot lock is left to the copy that may be
//! using it, and a write that failed (a full disk) is tried again when the
//! program ends and, for a result, at the next start. Failures are made by
//! putting a file or folder where the program writes: tests run as any user,
//! root included, so permissions cannot make them.

#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};

use brique::core::{BoardSize, Game, Move, Player, Record, Rules};

use crate::support::{Running, autosave_text, start, start_on_board, start_with};

fn state_dir(home: &Path) -> PathBuf {
    home.join("xdg-state/brique")
}

fn results_file(home: &Path) -> PathBuf {
    home.join("xdg-data/brique/results.tsv")
}

/// The screen's text on one line: no box borders, single spaces, so a
/// sentence wrapped in a box reads whole.
fn flat(screen: &str) -> String {
    screen
        .replace(['│', '─', '╭', '╮', '╰', '╯'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes, under `home`, a 7 × 7 game between Ann and Bob one move from
/// its end; returns the record's path and the winning square.
fn one_move_from_the_end(home: &Path) -> (PathBuf, String) {
    let size = BoardSize::new(7).unwrap();
    let mut game = Game::new(size, Rules::default(), Player::One);
    // A full-period step through the board's squares, as the storage
    // tests' games are played.
    for i in 0..size.area() {
        let _ = game.play(Move::Place(size.square(i * 11 % size.area())));
        if game.position().is_over() {
            break;
        }
    }
    assert!(game.position().is_over(), "the recipe ends the game");
    let Some(Move::Place(last)) = game.undo() else {
        panic!("the last move places a stone");
    };
    let record = Record::new(["Ann".to_string(), "Bob".to_string()], game);
    let path = home.join("near.brique");
    fs::write(&path, record.to_string()).unwrap();
    (path, last.to_string())
}

/// Opens the game one move from its end and plays that move.
fn win(home: &Path, prepare: impl FnOnce()) -> (Running, String) {
    let (path, last) = one_move_from_the_end(home);
    let mut app = start_with(home, &[path.to_str().unwrap()]);
    app.wait_for("the record opened", |s| s.contains("play on"));
    prepare();
    app.send(format!(":{last}\r\r").as_bytes());
    app.wait_for("the game won", |s| s.contains(" won"));
    (app, last)
}

/// Issue #37: with the autosave's lock not to be had (here its `.lock` is a
/// folder), a copy warned "another copy may write over this game" and then
/// wrote over the autosave. Now it neither resumes nor writes it: the
/// game stays in memory, and the screen says so.
#[test]
fn an_autosave_that_cannot_be_locked_is_left_alone() {
    let home = tempfile::tempdir().unwrap();
    let mut first = start_on_board(home.path());
    first.send(b"\r");
    first.wait_for("the first move", |s| s.contains("1. ● h8"));
    first.send(b"qy");
    assert!(first.wait_exit().success());
    let autosave = state_dir(home.path()).join("autosave.brique");
    let before = fs::read(&autosave).unwrap();
    let lock = state_dir(home.path()).join("autosave.brique.lock");
    let _ = fs::remove_file(&lock);
    fs::create_dir(&lock).unwrap();

    let mut app = start(home.path());
    app.wait_for("the warning", |s| {
        flat(s).contains("Not saved: the autosave is locked by another copy")
    });
    assert!(
        !app.screen().contents().contains("1. ● h8"),
        "the other copy's game is not taken"
    );
    app.send(b"\x1b[B\r");
    app.wait_for("a move", |s| s.contains("1. ● h7"));
    assert!(
        app.screen()
            .contents()
            .contains("Not saved: the game is in"),
        "the panel says the game is not saved:\n{}",
        app.screen().contents()
    );
    app.send(b"q");
    app.wait_for("the quit question", |s| flat(s).contains("not saved"));
    app.send(b"y");
    assert!(app.wait_exit().success());
    assert_eq!(
        fs::read(&autosave).unwrap(),
        before,
        "the autosave is as it was"
    );
}

/// Issue #37: a game won while its autosave could not be written promised
/// "after the next move that can be written" (a won game has none), and
/// quitting did not try again. Now the promise is the quit, which keeps it.
#[test]
fn a_won_game_the_autosave_failed_to_keep_is_written_when_quitting() {
    let home = tempfile::tempdir().unwrap();
    let state = state_dir(home.path());
    let away = home.path().join("state-away");
    // The state folder a file: nothing can be written in it (ENOTDIR).
    let (mut app, last) = win(home.path(), || {
        fs::rename(&state, &away).unwrap();
        fs::write(&state, "not a folder").unwrap();
    });
    app.wait_for("the failure explained", |s| flat(s).contains("tried again"));
    let said = flat(&app.screen().contents());
    assert!(said.contains("when you quit"), "{said}");
    assert!(
        !said.contains("next move"),
        "no next move to promise: {said}"
    );
    // Space again (the folder back), then quit.
    fs::remove_file(&state).unwrap();
    fs::rename(&away, &state).unwrap();
    app.send(b"\x1b");
    app.wait_for("the box closed", |s| !flat(s).contains("tried again"));
    app.send(b"q");
    let status = app.wait_exit();
    assert!(status.success(), "{status:?}");
    let saved = autosave_text(home.path());
    assert!(
        saved.contains(&last),
        "the won game is in the autosave:\n{saved}"
    );
    let results = fs::read_to_string(results_file(home.path())).unwrap();
    assert_eq!(results.lines().count(), 2, "{results}");
}

/// Issue #37: a result that could not be written was said and never tried
/// again. Now it is tried on quitting and, still failing, at the next start
/// (the autosave marks it pending), once.
#[test]
fn a_result_that_failed_is_written_at_the_next_start_once() {
    let home = tempfile::tempdir().unwrap();
    let results = results_file(home.path());
    let (mut app, _) = win(home.path(), || fs::create_dir_all(&results).unwrap());
    app.wait_for("the failure said", |s| {
        flat(s).contains("The result was not written")
    });
    app.send(b"q");
    assert!(app.wait_exit().success());
    fs::remove_dir(&results).unwrap();

    for _ in 0..2 {
        let mut app = start(home.path());
        app.wait_for("the last game told", |s| {
            s.contains("Your last game is over")
        });
        app.send(b"q");
        assert!(app.wait_exit().success());
        let text = fs::read_to_string(&results).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "the header and the game, once: {text}");
        assert!(lines[1].contains("\tAnn\tBob\t"), "{text}");
    }
}
