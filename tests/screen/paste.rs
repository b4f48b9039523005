//! The real `brique` binary in a pseudo-terminal, pasted into: the game
//! turns bracketed paste on, so a pasted line break is not Enter (a pasted
//! `Zed\nny` neither saves the settings nor starts a new game), and a paste
//! of several KB does not hold back the keys after it. Every wait has a
//! deadline.

#![cfg(unix)]

use crate::support::{self, start};

/// `text` as a terminal sends a paste when bracketed paste is on.
fn bracketed(text: &str) -> Vec<u8> {
    format!("\x1b[200~{text}\x1b[201~").into_bytes()
}

#[test]
fn pasted_line_breaks_are_not_enter_and_big_pastes_do_not_stall_keys() {
    let home = tempfile::tempdir().unwrap();
    let mut app = start(home.path());
    app.wait_for("the board", |s| s.contains("Player 1 to play"));
    assert!(app.screen().bracketed_paste(), "bracketed paste is on");
    app.send(b"\r");
    app.wait_for("the first move", |s| s.contains("1. ● h8"));

    // On the board a paste does nothing: no new game is asked for.
    app.send(&bracketed("Zed\nny"));
    // The settings, then the first name emptied and pasted into.
    app.send(b"o\x1b[H");
    app.send(&b"\x1b[3~".repeat(10));
    app.send(&bracketed("Zed\nny"));
    app.wait_for("the pasted name", |s| s.contains("Zedny"));
    let saved = support::autosave_text(home.path());
    assert!(saved.contains("h8"), "the same game goes on:\n{saved}");

    // Several KB pasted, then one key: the key is taken at once, not held
    // back until more input comes.
    app.send(&bracketed(&"x".repeat(6000)));
    app.send(b"\x7f\x7f\x7f\x7f\x7f");
    app.wait_for("the name, pasted and cut by five", |s| {
        s.contains("Zednyxxxxxxxxxx") && !s.contains("Zednyxxxxxxxxxxx")
    });
    let config = home.path().join("config/brique.toml");
    assert!(!config.exists(), "nothing saved before the settings close");
}
