//! The real `brique` binary in a pseudo-terminal: an idle screen writes
//! nothing, and a storm of resizes while the engine thinks ends with the
//! screen drawn for the terminal's real size. Every wait has a deadline;
//! nothing here asserts how fast anything is.

#![cfg(unix)]

use std::path::Path;
use std::time::Duration;

use crate::support::{COLS, ROWS, Running, start, start_on_board};

/// Issue #37: with nothing changing, the screen wrote ratatui's reset
/// sequence every 100 ms. Once settled, a second passes with no byte.
#[test]
fn an_idle_screen_writes_nothing() {
    let home = tempfile::tempdir().unwrap();
    let mut app = start_on_board(home.path());
    // Settle: whatever the start still has to draw.
    app.output_during(Duration::from_millis(1000));
    let idle = app.output_during(Duration::from_millis(1000));
    assert!(
        idle.is_empty(),
        "an idle screen wrote {} bytes: {:?}",
        idle.len(),
        String::from_utf8_lossy(&idle)
    );
    // It still draws when something changes: the help opened.
    app.send(b"?");
    app.wait_for("the help", |s| s.contains("Help"));
    app.send(b"\x1b");
    app.wait_for("the help closed", |s| !s.contains("Help"));
    app.send(b"qy");
    assert!(app.wait_exit().success());
}

/// Issue #37: 400 resizes while the engine thinks left the screen drawn
/// for a stale size (only the key line, on row 1) until the next resize,
/// keys not fixing it: the terminal, shrunk for a moment, lost its rows,
/// and the program, seeing its last size again, drew only what changed.
/// After each burst the screen is whole at the terminal's real size: the
/// board's status at the top, the key line on the last row.
#[test]
fn a_resize_storm_while_the_engine_thinks_ends_drawn_for_the_real_size() {
    let home = tempfile::tempdir().unwrap();
    let mut app = engine_thinking(home.path());
    for burst in 0..5u16 {
        for i in 0..80u16 {
            app.resize(1 + (burst + i) % 5, 20 + i % 7);
        }
        app.resize(ROWS, COLS);
        app.wait_until("the screen whole at the real size", whole);
    }
    app.send(b"qy");
    assert!(app.wait_exit().success());
}

/// Issue #45: crossterm drops a resize's signal when it wakes up for a key
/// at the same moment, and a terminal shrunk and restored to the size the
/// program drew comes back with rows lost: the program, told nothing and
/// seeing its size again, left them blank for good. Round after round, a
/// key, then the terminal shrunk and restored at once: each time the whole
/// screen is drawn again.
#[test]
fn a_shrink_and_back_that_comes_with_a_key_is_drawn_again() {
    let home = tempfile::tempdir().unwrap();
    let mut app = engine_thinking(home.path());
    app.wait_until("the screen whole", whole);
    for round in 0..40 {
        let key: &[u8] = if round % 2 == 0 { b"\x1b[C" } else { b"\x1b[D" };
        app.send(key);
        app.resize(ROWS - 5, COLS - 7);
        app.resize(ROWS, COLS);
        app.wait_until(&format!("the screen whole after round {round}"), whole);
    }
    app.send(b"qy");
    assert!(app.wait_exit().success());
}

/// The program started in `home` with the computer playing itself at its
/// strongest (always thinking), once it thinks.
fn engine_thinking(home: &Path) -> Running {
    let config = home.join("config");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("brique.toml"),
        "[game]\nsize = 9\n[engine]\nmode = \"computer-vs-computer\"\nlevel = \"strongest\"\n",
    )
    .unwrap();
    let mut app = start(home);
    app.wait_for("the engine thinking", |s| s.contains("iterations"));
    app
}

/// Whether the screen is drawn whole at the terminal's real size: the
/// board's status at the top, the key line on the last row.
fn whole(app: &Running) -> bool {
    let screen = app.screen();
    let last_row = screen.contents_between(ROWS - 1, 0, ROWS - 1, COLS);
    let first_rows = screen.contents_between(0, 0, 3, COLS);
    last_row.contains("help") && first_rows.contains("Brique")
}
