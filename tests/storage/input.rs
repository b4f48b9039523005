//! Limits on input: one bound for records read from files and from
//! standard input, and only regular files opened, so nothing endless fills
//! memory and nothing in the records directory blocks.

use std::fs;
use std::io::{self, Read};
use std::path::Path;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use crate::games;
use brique::storage::{
    MAX_RECORD_BYTES, Paths, StorageError, list_records, load_record, read_record_bounded,
    save_record,
};

/// Endless `e5\n` lines, like `yes e5`, counting what was read from it.
struct Yes {
    served: u64,
}

impl Read for Yes {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        for (i, b) in buf.iter_mut().enumerate() {
            *b = b"e5\n"[((self.served + i as u64) % 3) as usize];
        }
        self.served += buf.len() as u64;
        Ok(buf.len())
    }
}

#[test]
fn endless_standard_input_ends_with_a_message_not_a_full_memory() {
    let mut yes = Yes { served: 0 };
    let err = read_record_bounded(&mut yes, Path::new("standard input")).unwrap_err();
    assert!(
        matches!(err, StorageError::TooLong { limit, .. } if limit == MAX_RECORD_BYTES),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        format!(
            "standard input goes on past {MAX_RECORD_BYTES} bytes, more than such a file \
             can have; reading stopped there"
        )
    );
    // Reading stopped just past the limit (a read may fill its whole buffer).
    assert!(yes.served <= MAX_RECORD_BYTES + 64 * 1024, "{}", yes.served);

    let zeros = io::repeat(0).take(u64::MAX);
    assert!(matches!(
        read_record_bounded(zeros, Path::new("-")),
        Err(StorageError::TooLong { .. })
    ));
}

#[test]
fn a_record_read_from_a_reader_is_its_text() {
    let record = games::unfinished(9, 10);
    let text = format!("\u{feff}{record}");
    let read = read_record_bounded(text.as_bytes(), Path::new("standard input")).unwrap();
    assert_eq!(read, record.to_string());
    let exactly = vec![b' '; MAX_RECORD_BYTES as usize];
    assert_eq!(
        read_record_bounded(&exactly[..], Path::new("-"))
            .unwrap()
            .len(),
        exactly.len()
    );
    let err = read_record_bounded(&b"size: 9\nplayer1: Bj\xF6rn\n"[..], Path::new("-"));
    let Err(StorageError::Parse { error, .. }) = err else {
        panic!("expected a parse error, got {err:?}");
    };
    assert_eq!((error.line, error.column), (2, 12));
}

#[cfg(unix)]
#[test]
fn a_device_is_not_read_and_not_called_zero_bytes_long() {
    let err = load_record(Path::new("/dev/zero")).unwrap_err();
    let message = err.to_string();
    assert!(matches!(err, StorageError::Read { .. }), "{message}");
    assert_eq!(
        message,
        "cannot read /dev/zero: not a regular file (a directory, pipe or device?)"
    );
}

/// Runs `f` on another thread, failing (rather than hanging the run) if it
/// has not returned after a minute: what it must do takes milliseconds.
fn without_blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || send.send(f()));
    receive
        .recv_timeout(Duration::from_secs(60))
        .expect("blocked: a FIFO or device was opened")
}

#[cfg(unix)]
#[test]
fn a_fifo_or_device_in_the_records_directory_is_listed_with_its_error_and_never_blocks() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let dir = paths.records_dir();
    fs::create_dir_all(&dir).unwrap();
    save_record(&dir.join("good.brique"), &games::unfinished(9, 8)).unwrap();
    let fifo = dir.join("fifo.brique");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.brique")).unwrap();

    let list = without_blocking(move || list_records(&paths).unwrap());
    let mut names: Vec<&str> = list.iter().map(|s| s.file_name.as_str()).collect();
    names.sort();
    assert_eq!(names, vec!["fifo.brique", "good.brique", "zero.brique"]);
    for summary in &list {
        match summary.file_name.as_str() {
            "good.brique" => assert!(summary.content.is_ok()),
            _ => {
                let err = summary.content.as_ref().unwrap_err();
                assert!(
                    err.to_string()
                        .ends_with("not a regular file (a directory, pipe or device?)"),
                    "{err}"
                );
            }
        }
    }
}

#[test]
fn a_huge_bad_token_is_quoted_in_a_few_dozen_characters() {
    let tmp = tempfile::tempdir().unwrap();
    let huge = "e".to_string() + &"5".repeat(400_000);
    let cases = [
        format!("size: 9\n\ne5 {huge} d4\n"),
        format!("size: 9\npie: {huge}\n\ne5\n"),
        format!("size: 9\nresult: {huge}\n\ne5\n"),
        format!("size: 9\n{huge}: 1\n\ne5\n"),
    ];
    for (i, text) in cases.iter().enumerate() {
        let path = tmp.path().join(format!("{i}.brique"));
        fs::write(&path, text).unwrap();
        let message = load_record(&path).unwrap_err().to_string();
        assert!(message.len() < 400, "case {i}: {} bytes", message.len());
        assert!(message.contains("…\""), "case {i}: {message}");
    }

    let paths = Paths::under(tmp.path());
    fs::create_dir_all(&paths.data_dir).unwrap();
    let line = format!("2024-02-29T13:05:09Z\tAnn\tBob\tplayer1\t{huge}\tAnn\tBlack\t3\t-\n");
    let date = format!("{huge}\tAnn\tBob\tplayer1\tno\tAnn\tBlack\t3\t-\n");
    fs::write(paths.results(), line + &date).unwrap();
    let results = brique::storage::load_results(&paths).unwrap();
    assert_eq!(results.problems.len(), 2);
    for problem in &results.problems {
        let message = problem.to_string();
        assert!(message.len() < 400, "{} bytes", message.len());
    }
}

/// Issue #37: every file the program opens gets the records' checks. The
/// solver's proven positions (`brique solve --proven FILE`), the results
/// and the lessons' progress, each a FIFO with no writer or `/dev/zero`:
/// refused at once as not a regular file, never waited on or read forever.
#[cfg(unix)]
#[test]
fn proven_positions_results_progress_and_puzzles_refuse_fifos_and_devices() {
    use brique::core::{BoardSize, Variant};
    use brique::storage::{ProvenFile, load_progress, load_results};
    for special in ["fifo", "zero"] {
        let tmp = tempfile::tempdir().unwrap();
        let paths = Paths::under(tmp.path());
        let proven = tmp.path().join("proven.bin");
        let puzzles = tmp.path().join("puzzles.txt");
        for file in [
            proven.clone(),
            paths.results(),
            paths.progress(),
            puzzles.clone(),
        ] {
            fs::create_dir_all(file.parent().unwrap()).unwrap();
            if special == "fifo" {
                let made = std::process::Command::new("mkfifo")
                    .arg(&file)
                    .status()
                    .unwrap();
                assert!(made.success());
            } else {
                std::os::unix::fs::symlink("/dev/zero", &file).unwrap();
            }
        }
        let errors = without_blocking(move || {
            let size = BoardSize::new(5).unwrap();
            let proven = ProvenFile::lock(&proven)
                .unwrap()
                .load(size, Variant::Revised, |_| true);
            [
                proven.map(|_| ()).unwrap_err().to_string(),
                load_results(&paths).map(|_| ()).unwrap_err().to_string(),
                load_progress(&paths.progress())
                    .map(|_| ())
                    .unwrap_err()
                    .to_string(),
                brique::learn::read_puzzle_file(&puzzles)
                    .map(|_| ())
                    .unwrap_err()
                    .to_string(),
            ]
        });
        for err in errors {
            assert!(
                err.ends_with("not a regular file (a directory, pipe or device?)"),
                "{special}: {err}"
            );
        }
    }
}
