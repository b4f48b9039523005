use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::Sink;
use crate::app::action::{Action, Direction};
use crate::app::config::Config;
use crate::app::files::autosave::Opening;
use crate::app::state::App;
use crate::app::update::Effect;
use crate::storage::{AutosaveLoad, Paths, load_autosave, save_autosave};

/// Bounds every wait: nothing here may hang.
const WAIT: Duration = Duration::from_secs(30);

/// A disk whose writes are held until the test lets them go: each write
/// first says how many moves its record has on `entered`.
pub(in crate::app) struct Held {
    pub entered: Receiver<usize>,
    pub release: Sender<()>,
}

/// A sink that writes as the storage does, once the test lets it.
pub(in crate::app) fn held_disk() -> (Sink, Held) {
    let (enter, entered) = mpsc::channel();
    let (release, released) = mpsc::channel::<()>();
    let (enter, released) = (Mutex::new(enter), Mutex::new(released));
    let sink: Sink = Arc::new(move |paths, record| {
        let moves = record.game.moves().len();
        let _ = enter.lock().unwrap().send(moves);
        // Let go by a message, or by the test dropping its sender.
        let _ = released.lock().unwrap().recv_timeout(WAIT);
        save_autosave(paths, record)
    });
    (sink, Held { entered, release })
}

/// The moves of the autosave's game in `dir`.
pub(in crate::app) fn autosaved_moves(dir: &std::path::Path) -> usize {
    match load_autosave(&Paths::under(dir)) {
        AutosaveLoad::Resumed(record) | AutosaveLoad::Finished(record) => record.game.moves().len(),
        other => panic!("no game in the autosave: {other:?}"),
    }
}

/// Four stones along a row.
fn play_four(app: &mut App) {
    for _ in 0..4 {
        app.update(Action::Place);
        app.update(Action::MoveCursor(Direction::Right));
    }
}

#[test]
fn keys_are_answered_while_the_autosave_is_held_and_the_latest_game_wins() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().to_path_buf();
    let (sink, held) = held_disk();
    let (played, moves_played) = mpsc::channel();
    let (go_on, quit) = mpsc::channel::<()>();
    // The screen's thread: the writer's first write is held from the
    // first stone on; the keys after it are answered all the same.
    let screen = std::thread::spawn(move || {
        let mut app = App::with_config(Config::default());
        app.open_files(Some(Paths::under(&home)), &Opening::default());
        app.files.write_with(sink);
        app.files.write_on_thread(&app.bell);
        play_four(&mut app);
        played.send(app.game().moves().len()).unwrap();
        let _ = quit.recv_timeout(WAIT);
        // As the event loop does on the way out.
        app.perform(vec![Effect::RetryFiles]);
        app
    });
    let first = held.entered.recv_timeout(WAIT).expect("a write began");
    assert!(first >= 1, "the first write has the first stone");
    let moves = moves_played
        .recv_timeout(WAIT)
        .expect("the keys are answered while the autosave is held");
    assert_eq!(moves, 4);
    // Still held: the disk has nothing yet, and the screen went on.
    assert!(!Paths::under(dir.path()).autosave().exists());

    drop(held.release);
    go_on.send(()).unwrap();
    let app = screen.join().unwrap();
    assert_eq!(autosaved_moves(dir.path()), 4, "the latest game is on disk");
    // One write held, then only the latest of the three changes made
    // meanwhile: the slot keeps one record, not every one.
    let later: Vec<usize> = held.entered.try_iter().collect();
    assert!(later.len() <= 1, "writes after the first: {later:?}");
    assert!(!app.files().failing());
}

#[test]
fn a_failed_write_on_the_thread_is_said_once_the_loop_takes_it_in() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::with_config(Config::default());
    app.open_files(Some(Paths::under(dir.path())), &Opening::default());
    let fails: Sink = Arc::new(|paths, _| {
        Err(crate::storage::StorageError::Write {
            path: paths.data_dir.join("autosave.brique"),
            source: Arc::new(std::io::Error::other("the disk is full")),
        })
    });
    app.files.write_with(fails);
    let (rang, rings) = mpsc::channel();
    app.bell.install(move || {
        let _ = rang.send(());
    });
    app.files.write_on_thread(&app.bell);
    app.update(Action::Place);
    rings.recv_timeout(WAIT).expect("the writer rang");
    // The loop's answer to a ring.
    app.update(Action::Tick);
    assert!(app.files().failing());
    let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(said.contains("Not saved"), "{said}");
}
