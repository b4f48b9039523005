//! Saved records: round trips, exact error places, default names that never
//! clobber, and the load screen's list.

use std::fs::{self, File};
use std::io;
use std::time::{Duration, SystemTime};

use crate::games;
use brique::core::{Move, Outcome};
use brique::storage::{
    MAX_RECORD_BYTES, Paths, RecordInfo, StorageError, Timestamp, default_record_path,
    list_records, load_record, save_new_record, save_record,
};

fn now() -> Timestamp {
    "2024-02-29T13:05:09Z".parse().unwrap()
}

#[test]
fn a_saved_record_loads_back_the_same() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    for record in [games::unfinished(11, 40), games::finished(["Ann", "Bob"])] {
        let path = default_record_path(&paths, &record, now());
        save_record(&path, &record).unwrap();
        let back = load_record(&path).unwrap();
        assert_eq!(back.names, record.names);
        assert_eq!(
            back.game.moves().collect::<Vec<Move>>(),
            record.game.moves().collect::<Vec<Move>>()
        );
        assert_eq!(back.game.position(), record.game.position());
        assert_eq!(back.game.first_black(), record.game.first_black());
        assert_eq!(back.extra, record.extra);
        assert_eq!(back.outcome(), record.outcome());
        // What was written is exactly the record's text.
        assert_eq!(fs::read_to_string(&path).unwrap(), record.to_string());
    }
}

#[test]
fn a_bad_record_names_the_file_line_and_column() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("bad.brique");
    fs::write(&path, "size: 9\nplayer1: Ann\n\ne5 d4\nd4 c3\n").unwrap();
    let err = load_record(&path).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "{}: line 5, column 1: move 3 (d4) is illegal: d4 is occupied",
            path.display()
        )
    );
    // The file is left alone.
    assert!(path.exists());

    fs::write(&path, b"size: 9\nplayer1: Bj\xF6rn\n").unwrap();
    let err = load_record(&path).unwrap_err();
    let StorageError::Parse { error, .. } = &err else {
        panic!("expected a parse error, got {err}");
    };
    assert_eq!((error.line, error.column), (2, 12));

    fs::write(&path, vec![b' '; MAX_RECORD_BYTES as usize + 1]).unwrap();
    assert!(matches!(
        load_record(&path),
        Err(StorageError::TooLarge { .. })
    ));

    let missing = tmp.path().join("missing.brique");
    let err = load_record(&missing).unwrap_err();
    assert_eq!(err.io_kind(), Some(io::ErrorKind::NotFound));
    assert!(err.to_string().contains(&missing.display().to_string()));
}

#[test]
fn a_record_from_windows_notepad_loads() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("crlf.brique");
    fs::write(&path, "\u{feff}size: 9\r\nplayer1: Ann\r\n\r\ne5 d4\r\n").unwrap();
    let record = load_record(&path).unwrap();
    assert_eq!(record.names[0], "Ann");
    assert_eq!(record.game.moves().len(), 2);
}

#[test]
fn default_names_are_safe_and_never_clobber() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let mut record = games::finished(["Ann", "Bob"]);
    record.names = ["../../etc/Passwd".to_string(), "?!".to_string()];
    let mut saved = Vec::new();
    for _ in 0..3 {
        let path = default_record_path(&paths, &record, now());
        save_record(&path, &record).unwrap();
        saved.push(path.file_name().unwrap().to_string_lossy().into_owned());
        assert_eq!(path.parent().unwrap(), paths.records_dir());
    }
    assert_eq!(
        saved,
        [
            "2024-02-29-1305-etc-passwd-vs-player.brique",
            "2024-02-29-1305-etc-passwd-vs-player-2.brique",
            "2024-02-29-1305-etc-passwd-vs-player-3.brique",
        ]
    );
}

#[test]
fn saving_where_nothing_can_be_written_is_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let blocker = tmp.path().join("file");
    fs::write(&blocker, "in the way").unwrap();
    let path = blocker.join("game.brique");
    let err = save_record(&path, &games::finished(["Ann", "Bob"])).unwrap_err();
    assert!(matches!(err, StorageError::Write { .. }), "{err}");
    assert!(
        err.to_string().contains(&path.display().to_string()),
        "{err}"
    );
}

#[test]
fn the_list_is_newest_first_and_shows_bad_files() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    assert!(list_records(&paths).unwrap().is_empty());

    let dir = paths.records_dir();
    let finished = games::finished(["Ann", "Bob"]);
    let unfinished = games::unfinished(9, 7);
    save_record(&dir.join("old.brique"), &finished).unwrap();
    save_record(&dir.join("new.BRIQUE"), &unfinished).unwrap();
    fs::write(dir.join("broken.brique"), "size: 99\n").unwrap();
    fs::write(dir.join("notes.txt"), "not a record").unwrap();
    fs::write(dir.join(".old.brique.123.tmp"), "half written").unwrap();
    let base = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    for (name, age) in [
        ("old.brique", 300),
        ("broken.brique", 200),
        ("new.BRIQUE", 100),
    ] {
        let file = File::options().write(true).open(dir.join(name)).unwrap();
        file.set_modified(base - Duration::from_secs(age)).unwrap();
    }

    let list = list_records(&paths).unwrap();
    let names: Vec<&str> = list.iter().map(|s| s.file_name.as_str()).collect();
    assert_eq!(names, ["new.BRIQUE", "broken.brique", "old.brique"]);
    assert_eq!(list[0].modified, Some(base - Duration::from_secs(100)));

    assert_eq!(
        list[0].content.as_ref().unwrap(),
        &RecordInfo::of(&unfinished)
    );
    let old = list[2].content.as_ref().unwrap();
    assert_eq!(old.names, ["Ann".to_string(), "Bob".to_string()]);
    assert!(matches!(old.outcome, Outcome::Won(_)));
    let winner = finished.game.winner().unwrap();
    assert_eq!(
        old.winner.as_deref(),
        Some(finished.names[winner.index()].as_str())
    );
    assert_eq!(old.moves, finished.game.moves().len());

    let err = list[1].content.as_ref().unwrap_err();
    assert!(matches!(err, StorageError::Parse { .. }), "{err}");
    assert!(err.to_string().contains("broken.brique: line 1"), "{err}");
}

#[test]
fn saves_racing_to_the_same_default_name_each_keep_their_own_file() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let writers = 12;
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(writers));
    let handles: Vec<_> = (0..writers)
        .map(|i| {
            let paths = paths.clone();
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                let mut record = games::finished(["Ann", "Bob"]);
                record.extra.push(("x-writer".to_string(), i.to_string()));
                // Every writer picks the same free name, then saves at once.
                let path = default_record_path(&paths, &record, now());
                barrier.wait();
                let saved = save_new_record(&path, &record).unwrap();
                (saved, record)
            })
        })
        .collect();
    let saved: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let mut files: Vec<_> = saved.iter().map(|(path, _)| path.clone()).collect();
    files.sort();
    files.dedup();
    assert_eq!(files.len(), writers, "two saves went to one file");
    for (path, record) in &saved {
        assert_eq!(&load_record(path).unwrap(), record, "{}", path.display());
    }
    assert_eq!(fs::read_dir(paths.records_dir()).unwrap().count(), writers);
}

#[test]
fn a_new_record_never_replaces_a_file_already_there() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("game.brique");
    fs::write(&path, "not mine").unwrap();
    let record = games::finished(["Ann", "Bob"]);
    let saved = save_new_record(&path, &record).unwrap();
    assert_eq!(saved, tmp.path().join("game-2.brique"));
    assert_eq!(fs::read_to_string(&path).unwrap(), "not mine");
    assert_eq!(load_record(&saved).unwrap(), record);
}

/// Issue #37: a name in a record or autosave reaches the terminal, so it
/// loses control characters and bidirectional overrides as a network
/// peer's name does; a name left empty is the player's default.
#[test]
fn names_from_records_and_autosaves_lose_controls_and_reordering() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let mut record = games::unfinished(9, 5);
    record.names = [
        "\u{202e}Eve\u{1b}[2J".to_string(),
        "\u{2066}\u{7}\u{200f}".to_string(),
    ];
    let file = tmp.path().join("hostile.brique");
    fs::write(&file, record.to_string()).unwrap();
    let want = ["Eve[2J".to_string(), "Player 2".to_string()];
    assert_eq!(load_record(&file).unwrap().names, want);
    brique::storage::save_autosave(&paths, &record).unwrap();
    match brique::storage::load_autosave(&paths) {
        brique::storage::AutosaveLoad::Resumed(back) => assert_eq!(back.names, want),
        other => panic!("{other:?}"),
    }
}
