//! The real `brique` binary in a pseudo-terminal, sent signals: SIGTERM,
//! SIGHUP and SIGINT give the terminal back as it was found (main screen,
//! mouse reports and bracketed paste off, cursor shown, cooked mode) and
//! the autosave holds the moves; Ctrl-Z and SIGTSTP give the terminal back
//! while stopped, and SIGCONT (the shell's `fg`) takes it again, redraws,
//! and the game takes keys again. Every file lives in a temporary
//! directory; every wait has a deadline.

#![cfg(unix)]

use crate::support::{Running, autosave_text, start_on_board};

/// Starts the game and plays h8 and i8.
fn two_moves_played(home: &std::path::Path) -> Running {
    let mut app = start_on_board(home);
    app.send(b"\r");
    app.wait_for("the first move", |s| s.contains("1. ● h8"));
    app.send(b"\x1b[C\r");
    app.wait_for("the second move", |s| s.contains("2. ○ i8"));
    app
}

/// Sends SIG`signal` to a game with two moves played, and checks it ends
/// as that signal, the terminal as it was found and the moves autosaved.
fn ends_restored_with_the_game_kept(signal: &str) {
    let home = tempfile::tempdir().unwrap();
    let mut app = two_moves_played(home.path());
    assert!(!app.terminal_restored());
    app.signal(signal);
    let status = app.wait_exit();
    assert!(
        !status.success(),
        "SIG{signal} ends it as a signal: {status:?}"
    );
    app.drain();
    assert_eq!(
        app.unrestored(),
        Vec::<&str>::new(),
        "SIG{signal} leaves the terminal as it was"
    );
    let saved = autosave_text(home.path());
    assert!(
        saved.contains("h8") && saved.contains("i8"),
        "SIG{signal}: the autosave holds the moves:\n{saved}"
    );
}

#[test]
fn term_hup_and_int_restore_the_terminal_and_keep_the_game() {
    for signal in ["TERM", "HUP", "INT"] {
        ends_restored_with_the_game_kept(signal);
    }
}

/// Issue #37: these ended the program the default way, leaving the
/// terminal raw, on the alternate screen, mouse reporting on.
#[test]
fn quit_usr1_usr2_and_alrm_restore_the_terminal_and_keep_the_game() {
    for signal in ["QUIT", "USR1", "USR2", "ALRM"] {
        ends_restored_with_the_game_kept(signal);
    }
}

/// Suspends with `how`, checks the terminal is given back and the process
/// stopped, continues it, and checks the game takes a key again.
fn suspend_and_continue(app: &mut Running, how: impl FnOnce(&mut Running)) {
    how(app);
    app.wait_until("the terminal given back", Running::terminal_restored);
    let pid = app.child.process_id().expect("the child's process id");
    let stat_path = format!("/proc/{pid}/stat");
    if std::fs::metadata(&stat_path).is_ok() {
        // The stop follows the terminal's restoration by a moment: wait for
        // it. The field after the parenthesised name is the state: T.
        app.wait_until("the process stopped", |_| {
            std::fs::read_to_string(&stat_path).is_ok_and(|stat| {
                let state = stat.rsplit(')').next().unwrap_or_default();
                state.trim_start().starts_with('T')
            })
        });
    }
    app.signal("CONT");
    app.wait_until("the game screen back", |app| {
        let screen = app.screen();
        screen.alternate_screen()
            && screen.hide_cursor()
            && screen.bracketed_paste()
            && app.modes() != app.modes_before
            && screen.contents().contains("to play")
    });
}

#[test]
fn ctrl_z_and_sigtstp_suspend_and_continuing_redraws_and_plays_on() {
    let home = tempfile::tempdir().unwrap();
    let mut app = two_moves_played(home.path());

    suspend_and_continue(&mut app, |app| app.send(b"\x1a"));
    // One frame can reach the terminal in several reads: wait for all of it.
    app.wait_for("the moves redrawn", |s| s.contains("2. ○ i8"));
    // Enter places a stone again (raw mode is back): ↑ then Enter on i9.
    app.send(b"\x1b[A\r");
    app.wait_for("the third move", |s| s.contains("3. ● i9"));

    suspend_and_continue(&mut app, |app| app.signal("TSTP"));
    app.send(b"\x1b[A\r");
    app.wait_for("the fourth move", |s| s.contains("4. ○ i10"));

    app.send(b"q");
    app.wait_for("the quit question", |s| s.contains("Your game is saved"));
    app.send(b"y");
    assert!(app.wait_exit().success());
    app.drain();
    assert!(app.terminal_restored());
}
