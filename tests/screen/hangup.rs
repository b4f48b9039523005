//! A closed terminal ends the game at once: the game is saved and the
//! program ends as soon as the terminal goes, not when the signal thread's
//! fallback (five seconds after SIGHUP, for a loop stuck reading the gone
//! terminal) kills it. The wait has a deadline, so a copy left running
//! fails the test (and is killed).

#![cfg(unix)]

use std::time::{Duration, Instant};

use crate::support::{self, start_on_board};

/// The signal thread's fallback ends the program this long after the
/// hang-up's SIGHUP (`GRACE` in src/app/terminal/signals.rs): a program
/// that ends later was not ended by its own event loop.
const FALLBACK: Duration = Duration::from_secs(5);

#[test]
fn closing_the_terminal_ends_the_game_at_once() {
    let home = tempfile::tempdir().unwrap();
    let mut app = start_on_board(home.path());
    app.send(b"\r");
    app.wait_for("the first move", |s| s.contains("1. ● h8"));
    let closed = Instant::now();
    let mut child = app.hang_up();
    let deadline = closed + Duration::from_secs(20);
    while Instant::now() < deadline {
        if child.try_wait().expect("the child's status").is_some() {
            let ended = closed.elapsed();
            let autosave = support::autosave_text(home.path());
            assert!(autosave.contains("h8"), "{autosave}");
            assert!(
                ended < FALLBACK,
                "brique ended {ended:?} after its terminal closed: the fallback's kill, \
                 not its own loop, ended it"
            );
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    panic!("brique still runs 20 s after its terminal closed");
}
