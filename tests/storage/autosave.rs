//! The autosave: resume gives the game back; damaged files are moved aside,
//! never deleted; a new game never loses the old one.

use std::fs;
use std::path::Path;

use crate::games;
use brique::core::{Move, Outcome, Record};
use brique::storage::{
    AUTOSAVE_END, AutosaveLoad, Cleared, Kept, Paths, StorageError, Timestamp, clear_autosave,
    load_autosave, load_record, save_autosave,
};

fn moves(record: &Record) -> Vec<Move> {
    record.game.moves().collect()
}

/// The same game, players and screen data (the redo list is not kept).
fn assert_same_game(got: &Record, want: &Record) {
    assert_eq!(got.names, want.names);
    assert_eq!(moves(got), moves(want));
    assert_eq!(got.game.position(), want.game.position());
    assert_eq!(got.game.first_black(), want.game.first_black());
    assert_eq!(got.game.player_to_move(), want.game.player_to_move());
    assert_eq!(got.extra, want.extra);
}

fn now() -> Timestamp {
    "2024-02-29T13:05:09Z".parse().unwrap()
}

/// Every file under `dir`, with its bytes.
fn files_under(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files_under(&path));
        } else {
            found.push((path.display().to_string(), fs::read(&path).unwrap()));
        }
    }
    found.sort();
    found
}

#[test]
fn resume_gives_the_same_position_players_moves_and_screen_data() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let record = games::unfinished(9, 30);
    assert_eq!(load_autosave(&paths).message(), None);
    assert!(matches!(load_autosave(&paths), AutosaveLoad::None));

    save_autosave(&paths, &record).unwrap();
    match load_autosave(&paths) {
        AutosaveLoad::Resumed(got) => assert_same_game(&got, &record),
        other => panic!("expected a resumed game, got {other:?}"),
    }
    // Resuming leaves the file for the next start.
    assert!(paths.autosave().exists());

    // Each save replaces the last one.
    let mut later = record.clone();
    later.game.undo();
    save_autosave(&paths, &later).unwrap();
    let AutosaveLoad::Resumed(got) = load_autosave(&paths) else {
        panic!("expected a resumed game");
    };
    assert_same_game(&got, &later);
    assert_eq!(got.game.moves().len(), 29);
}

#[test]
fn the_autosave_is_a_record_ending_with_its_end_line() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let record = games::unfinished(9, 12);
    save_autosave(&paths, &record).unwrap();
    let text = fs::read_to_string(paths.autosave()).unwrap();
    assert!(text.ends_with(&format!("\n{AUTOSAVE_END}\n")), "{text}");
    assert!(text.contains("\nx-cursor: c3\n"), "{text}");
    // It opens as an ordinary record too.
    assert_same_game(&load_record(&paths.autosave()).unwrap(), &record);
}

#[test]
fn every_truncation_is_refused_and_kept_byte_for_byte() {
    let tmp = tempfile::tempdir().unwrap();
    let full = {
        let paths = Paths::under(&tmp.path().join("full"));
        save_autosave(&paths, &games::unfinished(9, 30)).unwrap();
        fs::read(paths.autosave()).unwrap()
    };
    assert!(full.len() > 200, "a real autosave, {} bytes", full.len());
    for len in 0..full.len() {
        let root = tmp.path().join(len.to_string());
        let paths = Paths::under(&root);
        fs::create_dir_all(&paths.state_dir).unwrap();
        fs::write(paths.autosave(), &full[..len]).unwrap();

        let loaded = load_autosave(&paths);
        let AutosaveLoad::Unusable { problem, kept } = &loaded else {
            panic!(
                "{len} bytes of {}: expected a refusal, got {loaded:?}",
                full.len()
            );
        };
        let StorageError::Parse { path, error } = problem else {
            panic!("{len} bytes: expected a parse error, got {problem}");
        };
        assert_eq!(path, &paths.autosave());
        assert!(
            error.line >= 1 && error.column >= 1,
            "{len} bytes: {problem}"
        );
        let Kept::MovedAside(to) = kept else {
            panic!("{len} bytes: not moved aside: {kept:?}");
        };
        assert_eq!(to, &paths.state_dir.join("autosave.brique.corrupt-1"));
        // Nothing lost: the only file left is the moved one, bytes intact.
        assert_eq!(
            files_under(&root),
            vec![(to.display().to_string(), full[..len].to_vec())],
            "{len} bytes"
        );
        let message = loaded.message().unwrap();
        assert!(
            message.contains(&paths.autosave().display().to_string()),
            "{message}"
        );
        assert!(message.contains(&to.display().to_string()), "{message}");
        assert!(
            message.contains(&format!("line {}", error.line)),
            "{message}"
        );
    }
}

#[test]
fn damaged_text_names_the_line_and_column_and_never_clobbers() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    fs::create_dir_all(&paths.state_dir).unwrap();
    let bad = format!("size: 9\nplayer1: Ann\n\ne5 d4\nd4 c3\n{AUTOSAVE_END}\n");
    for n in 1..=2 {
        fs::write(paths.autosave(), &bad).unwrap();
        let AutosaveLoad::Unusable { problem, kept } = load_autosave(&paths) else {
            panic!("expected a refusal");
        };
        assert_eq!(
            problem.to_string(),
            format!(
                "{}: line 5, column 1: move 3 (d4) is illegal: d4 is occupied",
                paths.autosave().display()
            )
        );
        let Kept::MovedAside(to) = kept else {
            panic!("not moved aside");
        };
        assert_eq!(
            to,
            paths.state_dir.join(format!("autosave.brique.corrupt-{n}"))
        );
        assert_eq!(fs::read_to_string(&to).unwrap(), bad);
    }
    assert!(!paths.autosave().exists());
}

#[test]
fn an_autosave_that_is_a_directory_is_moved_aside() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    fs::create_dir_all(paths.autosave().join("inside")).unwrap();
    let AutosaveLoad::Unusable { problem, kept } = load_autosave(&paths) else {
        panic!("expected a refusal");
    };
    assert!(matches!(problem, StorageError::Read { .. }), "{problem}");
    let Kept::MovedAside(to) = kept else {
        panic!("not moved aside");
    };
    assert!(to.join("inside").is_dir());
}

#[test]
fn past_a_thousand_bad_files_the_next_still_gets_a_free_name() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    fs::create_dir_all(&paths.state_dir).unwrap();
    for n in 1..=1000 {
        let taken = paths.state_dir.join(format!("autosave.brique.corrupt-{n}"));
        fs::write(taken, n.to_string()).unwrap();
    }
    fs::write(paths.autosave(), "garbage").unwrap();
    let AutosaveLoad::Unusable {
        kept: Kept::MovedAside(to),
        ..
    } = load_autosave(&paths)
    else {
        panic!("expected the file moved aside");
    };
    let name = to.file_name().unwrap().to_string_lossy().into_owned();
    let n: u128 = name
        .strip_prefix("autosave.brique.corrupt-")
        .unwrap()
        .parse()
        .unwrap();
    assert!(n > 1000, "{name}");
    assert_eq!(fs::read_to_string(&to).unwrap(), "garbage");
    let first = paths.state_dir.join("autosave.brique.corrupt-1");
    assert_eq!(fs::read_to_string(first).unwrap(), "1");
}

#[test]
fn a_finished_game_is_not_resumed() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let record = games::finished(["Ann", "Bob"]);
    save_autosave(&paths, &record).unwrap();
    let loaded = load_autosave(&paths);
    let AutosaveLoad::Finished(got) = &loaded else {
        panic!("expected a finished game, got {loaded:?}");
    };
    assert_same_game(got, &record);
    let Outcome::Won(color) = record.outcome() else {
        panic!("the recipe game is finished");
    };
    let message = loaded.message().unwrap();
    assert!(message.contains(record.name_of(color)), "{message}");
    assert!(paths.autosave().exists());
}

#[test]
fn a_read_only_or_missing_directory_is_an_error_not_a_panic() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    // A file where the state directory should be: no write can succeed.
    fs::write(&paths.state_dir, "in the way").unwrap();
    let err = save_autosave(&paths, &games::unfinished(9, 4)).unwrap_err();
    assert!(matches!(err, StorageError::Write { .. }), "{err}");
    assert_eq!(err.path(), paths.autosave());
    assert!(
        err.to_string()
            .starts_with(&format!("cannot write {}: ", paths.autosave().display())),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&paths.state_dir).unwrap(), "in the way");
}

#[test]
fn a_name_with_a_line_break_is_refused_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let good = games::unfinished(9, 6);
    save_autosave(&paths, &good).unwrap();
    let before = fs::read(paths.autosave()).unwrap();

    let mut sneaky = good.clone();
    sneaky.names[0] = "Ann\nsize: 5".to_string();
    let err = save_autosave(&paths, &sneaky).unwrap_err();
    assert!(matches!(err, StorageError::Unsavable { .. }), "{err}");
    let mut bad_key = good.clone();
    bad_key.extra.push(("cursor".to_string(), "c3".to_string()));
    assert!(matches!(
        save_autosave(&paths, &bad_key),
        Err(StorageError::Unsavable { .. })
    ));
    assert_eq!(fs::read(paths.autosave()).unwrap(), before);
}

#[test]
fn clearing_keeps_unfinished_games_and_removes_the_rest() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    assert_eq!(clear_autosave(&paths, now()).unwrap(), Cleared::Nothing);

    // An unfinished game becomes a record; nothing is lost by a new game.
    let record = games::unfinished(9, 10);
    save_autosave(&paths, &record).unwrap();
    let Cleared::KeptAsRecord(kept) = clear_autosave(&paths, now()).unwrap() else {
        panic!("expected the game kept as a record");
    };
    assert_eq!(
        kept,
        paths
            .records_dir()
            .join("2024-02-29-1305-zoë-1-vs-björn.brique")
    );
    assert_same_game(&load_record(&kept).unwrap(), &record);
    assert!(!paths.autosave().exists());

    // A second one does not overwrite the first.
    save_autosave(&paths, &record).unwrap();
    let Cleared::KeptAsRecord(second) = clear_autosave(&paths, now()).unwrap() else {
        panic!("expected the game kept as a record");
    };
    assert_ne!(second, kept);
    assert!(kept.exists() && second.exists());

    // A finished game (its result already recorded) and an empty one go.
    save_autosave(&paths, &games::finished(["Ann", "Bob"])).unwrap();
    assert_eq!(clear_autosave(&paths, now()).unwrap(), Cleared::Removed);
    assert!(!paths.autosave().exists());
    save_autosave(&paths, &games::unfinished(9, 0)).unwrap();
    assert_eq!(clear_autosave(&paths, now()).unwrap(), Cleared::Removed);

    // A damaged one is moved aside.
    fs::write(paths.autosave(), "size: 99\n").unwrap();
    assert_eq!(
        clear_autosave(&paths, now()).unwrap(),
        Cleared::MovedAside(paths.state_dir.join("autosave.brique.corrupt-1"))
    );
    assert_eq!(fs::read_dir(paths.records_dir()).unwrap().count(), 2);
}

#[test]
fn a_flipped_byte_never_resumes_another_game() {
    let tmp = tempfile::tempdir().unwrap();
    let record = games::unfinished(9, 30);
    let full = {
        let paths = Paths::under(&tmp.path().join("full"));
        save_autosave(&paths, &record).unwrap();
        fs::read(paths.autosave()).unwrap()
    };
    let mut refused = 0;
    for i in 0..full.len() {
        for flip in [0x01u8, 0x08, 0x20] {
            let root = tmp.path().join(format!("{i}-{flip}"));
            let paths = Paths::under(&root);
            fs::create_dir_all(&paths.state_dir).unwrap();
            let mut bytes = full.clone();
            bytes[i] ^= flip;
            fs::write(paths.autosave(), &bytes).unwrap();
            match load_autosave(&paths) {
                AutosaveLoad::Resumed(got) | AutosaveLoad::Finished(got) => {
                    // Only a byte that no reader looks at may change.
                    assert_same_game(&got, &record);
                    assert_eq!(got.game.rules(), record.game.rules(), "byte {i}");
                }
                AutosaveLoad::Unusable { kept, .. } => {
                    refused += 1;
                    let Kept::MovedAside(to) = kept else {
                        panic!("byte {i}: not moved aside");
                    };
                    assert_eq!(fs::read(to).unwrap(), bytes, "byte {i}");
                }
                AutosaveLoad::None => panic!("byte {i}: the file was not seen"),
            }
        }
    }
    assert!(refused > full.len() * 2, "{refused} of {}", full.len() * 3);
}

#[test]
fn a_changed_move_is_refused_at_the_checksum_line() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    save_autosave(&paths, &games::unfinished(9, 30)).unwrap();
    let text = fs::read_to_string(paths.autosave()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let checksum_line = lines.len() - 1;
    // Undo the last move by hand: still a legal, shorter game.
    let moves_line = lines
        .iter()
        .rposition(|l| !l.starts_with('#') && !l.contains(':'))
        .unwrap();
    let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let shorter = edited[moves_line].rsplit_once(' ').unwrap().0.to_string();
    edited[moves_line] = shorter;
    fs::write(paths.autosave(), edited.join("\n") + "\n").unwrap();
    let AutosaveLoad::Unusable { problem, kept } = load_autosave(&paths) else {
        panic!("a changed game was resumed");
    };
    let StorageError::Parse { error, .. } = &problem else {
        panic!("expected a parse error, got {problem}");
    };
    assert_eq!(error.line, checksum_line, "{problem}");
    assert!(error.message.contains("checksum"), "{problem}");
    assert!(matches!(kept, Kept::MovedAside(_)));
}

#[test]
fn a_crlf_autosave_resumes() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let record = games::unfinished(9, 20);
    save_autosave(&paths, &record).unwrap();
    let text = fs::read_to_string(paths.autosave()).unwrap();
    fs::write(paths.autosave(), text.replace('\n', "\r\n")).unwrap();
    match load_autosave(&paths) {
        AutosaveLoad::Resumed(got) => assert_same_game(&got, &record),
        other => panic!("expected a resumed game, got {other:?}"),
    }
}

#[test]
fn an_autosave_of_an_earlier_version_without_checksum_still_loads() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let record = games::unfinished(9, 20);
    save_autosave(&paths, &record).unwrap();
    let text = fs::read_to_string(paths.autosave()).unwrap();
    let old: String = text
        .lines()
        .filter(|l| !l.starts_with("# checksum"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(old, text);
    fs::write(paths.autosave(), &old).unwrap();
    match load_autosave(&paths) {
        AutosaveLoad::Resumed(got) => assert_same_game(&got, &record),
        other => panic!("expected a resumed game, got {other:?}"),
    }
}

#[test]
fn the_autosave_is_private_and_so_are_the_directories_made_for_it() {
    use std::os::unix::fs::PermissionsExt;
    let mode =
        |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let tmp = tempfile::tempdir().unwrap();
    let paths = brique::storage::Paths::under(&tmp.path().join("home"));
    let record = crate::games::finished(["Ann", "Bob"]);
    brique::storage::save_autosave(&paths, &record).unwrap();
    assert_eq!(mode(&paths.autosave()), 0o600);
    assert_eq!(mode(&paths.state_dir), 0o700);
    assert_eq!(mode(&tmp.path().join("home")), 0o700);
    // An autosave and a directory an older version left readable are made private.
    std::fs::set_permissions(paths.autosave(), std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::set_permissions(&paths.state_dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    brique::storage::save_autosave(&paths, &record).unwrap();
    assert_eq!(mode(&paths.autosave()), 0o600);
    assert_eq!(mode(&paths.state_dir), 0o700);
    // A record saved into a new records directory makes it 0700 too.
    let saved = brique::storage::default_record_path(
        &paths,
        &record,
        brique::storage::Timestamp::from_unix_seconds(0),
    );
    brique::storage::save_record(&saved, &record).unwrap();
    assert_eq!(mode(&paths.records_dir()), 0o700);
    assert_eq!(mode(&paths.data_dir), 0o700);
}
