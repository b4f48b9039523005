//! Issue #45: over SSH the player's files are on the server, whose paths a
//! player never reads: a game is "saved in your records" by its name, the
//! settings are saved "with your records", and the save prompt asks for a
//! name alone (a path is refused there).

use crate::remote::{kept_under, start};
use crate::support::{COLS, ROWS};

/// Whether `text` names no path of the server: not the player's folder
/// (a temporary directory here, on a server `players/sha256-…`), nor any
/// folder of it.
fn no_server_path(text: &str, home: &str) -> bool {
    !text.contains(home)
        && !text.contains(".tmp")
        && !text.contains("/players/")
        && !text.contains("sha256-")
        && !text.contains("records/")
        && !text.contains("config.toml")
}

#[test]
fn a_remote_player_saving_games_and_settings_reads_no_server_path() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().display().to_string();
    let mut session = start(Some(kept_under(dir.path())), "xterm-256color", COLS, ROWS);
    session.wait_for("the board", |s| s.contains("Player 1 to play"));
    session.send(b"\r");
    session.wait_for("the move", |s| s.contains("1. ●"));

    // The save prompt asks for a name, which goes in "your records".
    session.send(b"w");
    session.wait_for("the save prompt", |s| s.contains("Save the game"));
    let prompt = session.text();
    assert!(prompt.contains("it goes in your records"), "{prompt}");
    assert!(!prompt.contains("path"), "no path is promised:\n{prompt}");
    assert!(no_server_path(&prompt, &home), "{prompt}");
    session.send(&[0x7f_u8; 80]);
    session.send(b"mine\r");
    session.wait_for("the game saved", |s| {
        s.contains("Saved in your records as mine.brique.")
    });
    assert!(no_server_path(&session.text(), &home), "{}", session.text());

    // A second save under the same name: asked about, by its name.
    session.send(b"w");
    session.wait_for("the save prompt", |s| s.contains("Save the game"));
    session.send(&[0x7f_u8; 80]);
    session.send(b"mine\r");
    session.wait_for("the question", |s| s.contains("mine.brique exists"));
    assert!(no_server_path(&session.text(), &home), "{}", session.text());
    session.send(b"n");
    session.wait_for("the prompt again", |s| s.contains("Save the game"));
    session.send(b"\x1b");
    session.wait_for("the prompt closed", |s| !s.contains("Save the game"));

    // The settings say where they are kept without a path, and so does
    // their saving.
    session.send(b"o");
    session.wait_for("the settings", |s| s.contains("Saved with your records"));
    assert!(no_server_path(&session.text(), &home), "{}", session.text());
    session.send(b"\x1b");
    session.wait_for("the board", |s| !s.contains("Saved with your records"));
    session.send(b"v");
    session.wait_for("the settings saved", |s| s.contains("Settings saved."));
    assert!(no_server_path(&session.text(), &home), "{}", session.text());

    // Nothing the session wrote, in all, held the player's folder.
    let (_, output) = session.close();
    let output = String::from_utf8_lossy(&output);
    assert!(!output.contains(&home), "the folder was written out");
    let records = brique::storage::Paths::under(dir.path()).records_dir();
    assert!(records.join("mine.brique").is_file());
}
