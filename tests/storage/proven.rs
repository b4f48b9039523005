//! The file of proven positions (`brique solve --proven`): what is written
//! reads back whole, and a file that is not whole, or of another board, is
//! refused with a message.

use std::fs;
use std::path::Path;

use brique::core::{BoardSize, Variant};
use brique::storage::{ProvenFile, StorageError};

fn size(n: u8) -> BoardSize {
    BoardSize::new(n).expect("a board size")
}

const ENTRIES: [[u64; 2]; 3] = [
    [1, 2 | 1 << 57],
    [4, 8 | 1 << 57 | 1 << 56],
    [0, 16 | 1 << 57],
];

fn saved(path: &Path) -> ProvenFile {
    let file = ProvenFile::lock(path).expect("lock");
    let count = file
        .save(size(6), Variant::Revised, ENTRIES.into_iter())
        .expect("save");
    assert_eq!(count, 3);
    file
}

fn load_all(file: &ProvenFile, n: u8, variant: Variant) -> Result<Vec<[u64; 2]>, StorageError> {
    let mut read = Vec::new();
    file.load(size(n), variant, |entry| {
        read.push(entry);
        true
    })?;
    Ok(read)
}

#[test]
fn what_is_saved_loads_back_in_order() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = saved(&dir.path().join("proven.bin"));
    assert_eq!(load_all(&file, 6, Variant::Revised).expect("load"), ENTRIES);
}

#[test]
fn a_file_not_there_yet_loads_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = ProvenFile::lock(&dir.path().join("new/proven.bin")).expect("lock");
    assert!(
        load_all(&file, 6, Variant::Revised)
            .expect("load")
            .is_empty()
    );
    assert!(!dir.path().join("new/proven.bin").exists());
}

#[test]
fn a_file_of_another_board_or_variant_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("proven.bin");
    let file = saved(&path);
    let before = fs::read(&path).expect("read");
    for (n, variant) in [(5, Variant::Revised), (6, Variant::Original)] {
        let error = load_all(&file, n, variant)
            .expect_err("another board")
            .to_string();
        assert!(
            error.contains("holds the positions of \"size 6 rules revised\""),
            "{error}"
        );
        assert!(
            error.contains(&format!("size {n} rules {variant}")),
            "{error}"
        );
    }
    assert_eq!(fs::read(&path).expect("read"), before);
}

#[test]
fn a_damaged_file_is_refused_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("proven.bin");
    let file = saved(&path);
    let whole = fs::read(&path).expect("read");
    let check = |bytes: &[u8], expected: &str| {
        fs::write(&path, bytes).expect("write");
        let error = load_all(&file, 6, Variant::Revised)
            .expect_err("damaged")
            .to_string();
        assert!(error.contains(expected), "{error}");
        assert!(error.contains("proven.bin"), "{error}");
    };
    // A bit of an entry's result flipped: the checksum catches it.
    let mut flipped = whole.clone();
    let last_entry = whole.len() - 16 - 1;
    flipped[last_entry] ^= 1;
    check(&flipped, "checksum is wrong");
    check(&whole[..whole.len() - 8], "cut short");
    check(&whole[..whole.len() - 16], "checksum is wrong");
    check(b"", "not a file of proven positions");
    check(b"brique saved game\n", "not a file of proven positions");
}

#[test]
fn an_entry_the_table_refuses_stops_the_load() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = saved(&dir.path().join("proven.bin"));
    let error = file
        .load(size(6), Variant::Revised, |entry| entry[0] != 4)
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains("entry 2 is not a position of the 6×6 board"),
        "{error}"
    );
}

#[test]
fn one_copy_of_the_program_uses_a_file_at_a_time() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("proven.bin");
    let first = ProvenFile::lock(&path).expect("lock");
    let Err(error) = ProvenFile::lock(&path) else {
        panic!("a second lock on the same file");
    };
    assert!(matches!(error, StorageError::Held { .. }), "{error}");
    assert!(
        error
            .to_string()
            .contains("another copy of Brique is using")
    );
    drop(first);
    assert!(ProvenFile::lock(&path).is_ok());
}

#[test]
fn temporary_files_left_by_a_killed_solve_are_removed_when_the_file_is_next_used() {
    let tmp = tempfile::tempdir().unwrap();
    let dead = {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    };
    let left = tmp.path().join(format!(".brique-{dead}-AbC123.tmp"));
    fs::write(&left, "half a table").unwrap();
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    fs::File::options()
        .write(true)
        .open(&left)
        .unwrap()
        .set_modified(an_hour_ago)
        .unwrap();
    let other = tmp.path().join("notes.tmp");
    fs::write(&other, "not ours").unwrap();
    let _file = ProvenFile::lock(&tmp.path().join("proven.bin")).unwrap();
    assert!(
        !left.exists(),
        "the killed solve's temporary file is still there"
    );
    assert!(other.exists());
}
