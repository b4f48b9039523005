//! Every terminal gets what it can draw: a dumb one a message (through the
//! real binary), others their colours and glyphs.

use std::process::{Command, Stdio};

use crate::support::*;
use brique::app::{App, Config, detect};
use ratatui::style::Color as Tint;

/// Runs the game with `args` on a terminal named `term`, its files in `home`.
fn brique(args: &[&str], term: &str, home: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_brique"))
        .env_remove("BRIQUE_LOG") // a developer's own log stays out of the tests
        .args(args)
        .arg("--config")
        .arg(home.join("config.toml"))
        .env("TERM", term)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home)
        .env("XDG_STATE_HOME", home)
        .env("XDG_CONFIG_HOME", home)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn a_dumb_terminal_gets_a_message_exit_status_2_and_no_escape_sequence() {
    let home = tempfile::tempdir().unwrap();
    let output = brique(&[], "dumb", home.path());
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("full-screen terminal"), "{stderr}");
    for stream in [&output.stdout, &output.stderr] {
        let text = String::from_utf8_lossy(stream);
        assert!(!stream.contains(&0x1b), "{text:?}");
    }
    assert!(!home.path().join("config.toml").exists(), "nothing written");
}

#[test]
fn the_theme_option_is_checked() {
    let home = tempfile::tempdir().unwrap();
    let output = brique(&["--theme", "sepia"], "xterm-256color", home.path());
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("expected color, mono or ascii"), "{stderr}");
}

fn game_on(term: &str, colorterm: &str) -> App {
    let mut app = App::with_config(Config::default());
    app.use_terminal(detect(Some(term), Some(colorterm), false).unwrap());
    game_with_preview(&mut app);
    app
}

#[test]
fn a_mono_terminal_gets_no_colour() {
    for term in ["xterm-mono", "vt100"] {
        let buf = buffer(&game_on(term, ""), 100, 34);
        for cell in &buf.content {
            assert_eq!((cell.fg, cell.bg), (Tint::Reset, Tint::Reset), "{term}");
        }
    }
}

#[test]
fn the_linux_console_gets_ascii_only() {
    for (w, h) in [(100, 34), (200, 60)] {
        let buf = buffer(&game_on("linux", ""), w, h);
        for cell in &buf.content {
            assert!(cell.symbol().is_ascii(), "{:?} at {w}x{h}", cell.symbol());
        }
    }
}

#[test]
fn colours_follow_the_terminal_depth() {
    let stone = |term, colorterm| {
        let app = game_on(term, colorterm);
        buffer(&app, 100, 34)[glyph_cell(&app, "f6", 100, 34)].fg
    };
    assert_eq!(stone("xterm-256color", "truecolor"), Tint::Rgb(0, 0, 0));
    assert_eq!(stone("xterm-256color", ""), Tint::Indexed(16));
    assert_eq!(stone("xterm", ""), Tint::Indexed(0));
}
