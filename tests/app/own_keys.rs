//! `[keys]` in config.toml: the keys in force act, and the help and the key
//! line name them; a bad entry is reported where it is and keeps its default.
//! Every config file is in a temporary directory.

use std::fs;

use crate::support::*;
use brique::app::{App, ConfigFile, Screen};
use ratatui::crossterm::event::KeyCode;

/// An app over a config file holding `text`.
fn app_with(text: &str) -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, text).unwrap();
    (dir, App::new(ConfigFile::load(path), false))
}

#[test]
fn a_key_of_ones_own_places_a_stone_and_the_help_says_it() {
    let (_dir, mut app) = app_with("[keys]\nplace = \"x\"\n");
    assert_eq!(app.screen(), &Screen::Board, "no problem to report");
    let centre = app.board().cursor();
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.game().history().len(), 0, "Enter no longer places");
    type_keys(&mut app, "x");
    assert_eq!(app.game().history().len(), 1);
    assert_eq!(
        app.game().history()[0].mv,
        brique::core::Move::Place(centre)
    );
    let key_line = text(&app, 100, 30);
    assert!(key_line.contains("x place"), "{key_line}");
    type_keys(&mut app, "?");
    let help = text(&app, 100, 200);
    let row = help
        .lines()
        .find(|line| line.contains("place a stone at the cursor"))
        .unwrap();
    assert!(row.contains(" x "), "{row}");
    assert!(!row.contains("Enter"), "{row}");
}

#[test]
fn bad_entries_are_reported_where_they_are_and_keep_their_default() {
    let text = "[keys]\nswap = \"u\"\nplaice = \"x\"\nhint = \"Hyper\"\nredo = \"z\"\n";
    let (_dir, mut app) = app_with(text);
    let Screen::Notice(notice) = app.screen() else {
        panic!("the problems are shown: {:?}", app.screen());
    };
    let body = notice.body.clone();
    assert!(body.contains("line 3, column 1"), "{body}");
    assert!(body.contains("plaice"), "{body}");
    assert!(
        body.contains("line 4, column 8") && body.contains("Hyper"),
        "{body}"
    );
    // `u` is undo's on the board: swap keeps `s`; redo takes `z`.
    assert!(
        body.contains("line 2, column 1") && body.contains("`keys.swap`"),
        "{body}"
    );
    press(&mut app, KeyCode::Esc);
    type_keys(&mut app, "xz");
    assert_eq!(app.game().history().len(), 0, "neither x nor z places");
    press(&mut app, KeyCode::Enter);
    type_keys(&mut app, "u");
    assert_eq!(app.game().history().len(), 0, "u still undoes");
    type_keys(&mut app, "z");
    assert_eq!(app.game().history().len(), 1, "z redoes");
}
