//! One writer per autosave, tested with real processes: a second copy of the
//! program is refused the first copy's autosave, plays in its own, and both
//! games are on disk; the game of a closed second window is kept.

use std::env;
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};

use crate::games;
use brique::core::Move;
use brique::storage::{
    AutosaveLoad, AutosaveLock, Cleared, Paths, StorageError, Timestamp, load_autosave,
    load_record, save_autosave,
};

/// Set for the child processes: the directory their `Paths` live under.
const HOLDER_ROOT: &str = "BRIQUE_TEST_LOCK_HOLDER_ROOT";
/// Set for the child processes: how many moves their game has.
const HOLDER_MOVES: &str = "BRIQUE_TEST_LOCK_HOLDER_MOVES";
/// The test below by its full name in this binary (module and function).
const HOLDER_TEST: &str = "lock::copy_of_the_program";

/// Not a test by itself (it returns at once): in a child process started by
/// [`start_copy`], it is a copy of the program that takes the first free
/// autosave, saves its game there, says which on stdout, and holds the lock
/// until its stdin closes.
#[test]
fn copy_of_the_program() {
    let (Some(root), Some(moves)) = (env::var_os(HOLDER_ROOT), env::var(HOLDER_MOVES).ok()) else {
        return;
    };
    let paths = Paths::under(Path::new(&root));
    let lock = AutosaveLock::acquire(&paths).unwrap();
    let moves: usize = moves.parse().unwrap();
    save_autosave(lock.paths(), &games::unfinished(9, moves)).unwrap();
    // Written past the test harness's capture of `println!`.
    let mut out = std::io::stdout().lock();
    writeln!(out, "HOLDING {}", lock.paths().autosave().display()).unwrap();
    out.flush().unwrap();
    drop(out);
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
    drop(lock);
}

/// A running copy of the program (another process) and the autosave it holds.
struct Copy {
    child: Child,
    /// Kept open, so the child's last words do not meet a broken pipe.
    stdout: BufReader<ChildStdout>,
    autosave: PathBuf,
}

impl Copy {
    /// Closes its stdin, so it ends, and waits for it.
    fn quit(mut self) {
        drop(self.child.stdin.take());
        self.stdout.read_to_end(&mut Vec::new()).unwrap();
        assert!(self.child.wait().unwrap().success());
    }
}

fn start_copy(root: &Path, moves: usize) -> Copy {
    let mut child = Command::new(env::current_exe().unwrap())
        .args(["--exact", HOLDER_TEST, "--nocapture", "--test-threads=1"])
        .env(HOLDER_ROOT, root)
        .env(HOLDER_MOVES, moves.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    // Reading ends when the child writes its line or exits: no timer needed.
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while stdout.read_line(&mut line).unwrap() > 0 {
        // The harness's "test copy_of_the_program ... " comes first.
        if let Some((_, path)) = line.trim_end().split_once("HOLDING ") {
            let autosave = PathBuf::from(path);
            return Copy {
                child,
                stdout,
                autosave,
            };
        }
        line.clear();
    }
    panic!(
        "the copy ended without taking an autosave: {:?}",
        child.wait()
    );
}

fn moves_in(path: &Path) -> Vec<Move> {
    load_record(path).unwrap().game.moves().collect()
}

fn now() -> Timestamp {
    "2024-02-29T13:05:09Z".parse().unwrap()
}

#[test]
fn a_second_copy_plays_in_its_own_autosave_and_both_games_are_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let first = start_copy(tmp.path(), 12);
    assert_eq!(first.autosave, paths.autosave());

    // This process is the second copy: the first's autosave is refused …
    let refused = AutosaveLock::lock(&paths).unwrap_err();
    assert!(matches!(refused, StorageError::Held { .. }), "{refused}");
    assert_eq!(
        refused.to_string(),
        format!(
            "another copy of Brique is using {}",
            paths.autosave().display()
        )
    );
    // … and it gets one of its own, and says so.
    let second = AutosaveLock::acquire(&paths).unwrap();
    let own = second.paths().autosave();
    assert_eq!(own, paths.state_dir.join("autosave-2.brique"));
    assert_eq!(second.paths().autosave_slot(), 2);
    let message = second.message().unwrap();
    assert!(message.contains("autosave-2.brique"), "{message}");
    save_autosave(second.paths(), &games::unfinished(9, 20)).unwrap();

    // A third copy gets the third.
    let third = start_copy(tmp.path(), 5);
    assert_eq!(third.autosave, paths.state_dir.join("autosave-3.brique"));

    // Every game is on disk, each in its own file.
    assert_eq!(moves_in(&first.autosave).len(), 12);
    assert_eq!(moves_in(&own).len(), 20);
    assert_eq!(moves_in(&third.autosave).len(), 5);

    // The first copy quits; this one closes its window too.
    first.quit();
    drop(second);

    // The next start gets the first autosave back and resumes its game …
    let next = AutosaveLock::acquire(&paths).unwrap();
    assert_eq!(next.paths().autosave(), paths.autosave());
    assert_eq!(next.message(), None);
    let AutosaveLoad::Resumed(resumed) = load_autosave(next.paths()) else {
        panic!("the first game was not resumed");
    };
    assert_eq!(resumed.game.moves().len(), 12);
    // … and keeps the closed second window's game as a record, leaving the
    // third copy's, still playing, alone.
    let put_away = next.put_away_others(now());
    let [Ok(Cleared::KeptAsRecord(record))] = put_away.as_slice() else {
        panic!("expected one game kept as a record: {put_away:?}");
    };
    assert!(record.starts_with(paths.records_dir()), "{record:?}");
    assert_eq!(moves_in(record).len(), 20);
    assert!(!own.exists());
    assert_eq!(moves_in(&third.autosave).len(), 5);
    third.quit();
}

#[test]
fn the_game_of_a_closed_second_window_is_resumed_by_the_next_second_copy() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let first = start_copy(tmp.path(), 8);
    let second = start_copy(tmp.path(), 14);
    assert_eq!(second.autosave, paths.state_dir.join("autosave-2.brique"));
    second.quit();

    // The first copy still plays: a new copy takes the freed second autosave
    // and finds the game left there.
    let again = AutosaveLock::acquire(&paths).unwrap();
    assert_eq!(again.paths().autosave_slot(), 2);
    let AutosaveLoad::Resumed(resumed) = load_autosave(again.paths()) else {
        panic!("the second window's game was not resumed");
    };
    assert_eq!(resumed.game.moves().len(), 14);
    assert!(again.put_away_others(now()).is_empty());
    assert_eq!(moves_in(&first.autosave).len(), 8);
    first.quit();
    // Nothing is left locked by a process that ended.
    drop(again);
    assert!(AutosaveLock::lock(&paths).is_ok());
    assert!(fs::metadata(paths.autosave()).is_ok());
}
