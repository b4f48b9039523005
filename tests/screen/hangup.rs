//! A closed terminal ends the game: the hang-up's SIGHUP ends the real
//! binary even though reading the gone terminal never returns. The wait has
//! a deadline, so a copy left running fails the test (and is killed).

#![cfg(unix)]

use std::time::{Duration, Instant};

use crate::support::{self, start_on_board};

#[test]
fn closing_the_terminal_ends_the_game() {
    let home = tempfile::tempdir().unwrap();
    let mut app = start_on_board(home.path());
    app.send(b"\r");
    app.wait_for("the first move", |s| s.contains("1. ● h8"));
    let mut child = app.hang_up();
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if child.try_wait().expect("the child's status").is_some() {
            let autosave = support::autosave_text(home.path());
            assert!(autosave.contains("h8"), "{autosave}");
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    panic!("brique still runs 20 s after its terminal closed");
}
