//! The learning progress file: missing is empty, saved reads back, a damaged
//! one is an error naming its line and is not overwritten by a load.

use brique::storage::{Paths, Progress, StorageError, load_progress, save_progress};

#[test]
fn progress_reads_back_and_a_missing_file_is_none_yet() {
    let dir = tempfile::tempdir().unwrap();
    let path = Paths::under(dir.path()).progress();
    assert_eq!(load_progress(&path).unwrap(), Progress::default());
    let mut progress = Progress::default();
    progress.lessons_done.insert("Make a fill".to_string());
    progress.puzzle_attempt("5/5/5/5/5 b 0 original nopie", true, true);
    progress.puzzle_attempt("7/7/7/7/7/7/7 b 0 original nopie", true, true);
    save_progress(&path, &progress).unwrap();
    let read = load_progress(&path).unwrap();
    assert_eq!(read, progress);
    assert_eq!((read.streak, read.best_streak), (2, 2));
}

#[test]
fn a_failed_puzzle_ends_the_streak_and_a_second_try_keeps_it() {
    let mut progress = Progress::default();
    progress.puzzle_attempt("a", true, true);
    progress.puzzle_attempt("b", true, false);
    assert_eq!(progress.streak, 1);
    progress.puzzle_attempt("c", false, true);
    assert_eq!((progress.streak, progress.best_streak), (0, 1));
    assert_eq!(progress.puzzles_solved.len(), 2);
}

#[test]
fn a_damaged_file_is_reported_with_its_line_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("learning.toml");
    std::fs::write(&path, "lessons_done = [\"a\"]\nstreak = \"many\"\n").unwrap();
    match load_progress(&path) {
        Err(StorageError::Parse { error, .. }) => assert_eq!(error.line, 2, "{error:?}"),
        other => panic!("{other:?}"),
    }
    assert!(std::fs::read_to_string(&path).unwrap().contains("many"));
}

/// Issue #37: copies that each finished a lesson (each holding only its own
/// progress, read when the file was empty) and save at the same moment all
/// keep theirs: a save merges into the file under its lock.
#[test]
fn lessons_finished_at_the_same_moment_by_many_copies_are_all_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = Paths::under(dir.path()).progress();
    let mut before = Progress::default();
    before.lessons_done.insert("Earlier".to_string());
    before.best_streak = 5;
    save_progress(&path, &before).unwrap();
    let start = std::sync::Arc::new(std::sync::Barrier::new(8));
    let copies: Vec<_> = (0..8)
        .map(|i| {
            let (path, start) = (path.clone(), std::sync::Arc::clone(&start));
            std::thread::spawn(move || {
                let mut own = Progress::default();
                own.lessons_done.insert(format!("Lesson {i}"));
                own.puzzle_attempt(&format!("puzzle {i}"), true, true);
                start.wait();
                save_progress(&path, &own).unwrap();
            })
        })
        .collect();
    for copy in copies {
        copy.join().unwrap();
    }
    let read = load_progress(&path).unwrap();
    let mut lessons: Vec<String> = (0..8).map(|i| format!("Lesson {i}")).collect();
    lessons.push("Earlier".to_string());
    lessons.sort();
    assert_eq!(read.lessons_done.into_iter().collect::<Vec<_>>(), lessons);
    assert_eq!(read.puzzles_solved.len(), 8);
    assert_eq!((read.streak, read.best_streak), (1, 5));
}

/// What one copy does in [`two_copies_finishing_a_lesson_at_once_both_keep_theirs`]:
/// run as its own process (this test binary again), it finishes the lesson
/// named in `BRIQUE_TEST_LESSON` and saves at the instant given, having
/// read the progress file before the other copy wrote.
#[test]
#[ignore = "run by two_copies_finishing_a_lesson_at_once_both_keep_theirs"]
fn one_copy_finishing_a_lesson() {
    let (Ok(path), Ok(lesson), Ok(at)) = (
        std::env::var("BRIQUE_TEST_PROGRESS"),
        std::env::var("BRIQUE_TEST_LESSON"),
        std::env::var("BRIQUE_TEST_AT_MILLIS"),
    ) else {
        return;
    };
    let path = std::path::PathBuf::from(path);
    let mut own = load_progress(&path).unwrap();
    own.lessons_done.insert(lesson);
    let at = std::time::UNIX_EPOCH + std::time::Duration::from_millis(at.parse().unwrap());
    if let Ok(wait) = at.duration_since(std::time::SystemTime::now()) {
        std::thread::sleep(wait);
    }
    save_progress(&path, &own).unwrap();
}

/// Issue #37: two copies of the program (two processes) finishing a lesson
/// at the same moment: `learning.toml` kept only the last writer's.
#[test]
fn two_copies_finishing_a_lesson_at_once_both_keep_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let path = Paths::under(dir.path()).progress();
    let at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        + 500;
    let copies: Vec<_> = ["First", "Second"]
        .into_iter()
        .map(|lesson| {
            std::process::Command::new(std::env::current_exe().unwrap())
                .args([
                    "--ignored",
                    "--exact",
                    "progress::one_copy_finishing_a_lesson",
                ])
                .env("BRIQUE_TEST_PROGRESS", &path)
                .env("BRIQUE_TEST_LESSON", lesson)
                .env("BRIQUE_TEST_AT_MILLIS", at.to_string())
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut copy in copies {
        assert!(copy.wait().unwrap().success());
    }
    let read = load_progress(&path).unwrap();
    assert_eq!(
        read.lessons_done.into_iter().collect::<Vec<_>>(),
        ["First", "Second"]
    );
}
