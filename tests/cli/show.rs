//! `brique show` through the real binary.

use std::io::Write;
use std::process::{Output, Stdio};

fn brique(args: &[&str], stdin: &str) -> Output {
    brique_bytes(args, stdin.as_bytes().to_vec())
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8")
}

#[test]
fn seed_000_example_diagram() {
    let out = brique(&["show", "--moves", "a1 f4 o15 h6 a15 g5"], "");
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 18);
    assert_eq!(lines[0], "    a b c d e f g h i j k l m n o");
    assert_eq!(lines[1], "15 |B|#| |#| |#| |#| |#| |#| |#|B| 15");
    assert_eq!(lines[10], " 6 |#| |#| |#| |W|W|#| |#| |#| |#| 6");
    assert_eq!(lines[11], " 5 | |#| |#| |W|W|#| |#| |#| |#| | 5");
    assert_eq!(lines[12], " 4 |#| |#| |#|W|#| |#| |#| |#| |#| 4");
    assert_eq!(lines[15], " 1 |B|#| |#| |#| |#| |#| |#| |#| | 1");
    assert_eq!(lines[16], lines[0]);
    assert_eq!(lines[17], "Black to move");
}

#[test]
fn empty_board_matches_seed_000() {
    let out = brique(&["show", "--moves", ""], "");
    let text = stdout(&out);
    assert!(text.contains(
        "15 | |#| |#| |#| |#| |#| |#| |#| | 15\n14 |#| |#| |#| |#| |#| |#| |#| |#| 14\n"
    ));
    assert!(text.contains(" 9 | |#| |#| |#| |#| |#| |#| |#| | 9\n"));
    assert!(text.ends_with("Black to move\n"));
}

#[test]
fn a_win_and_the_side_to_move_after_a_swap() {
    let out = brique(
        &[
            "show",
            "--size",
            "5",
            "--moves",
            "c1 swap a2 c2 a4 c3 e2 c4 e4 c5",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout(&out).ends_with("Black wins\n"));
    let out = brique(&["show", "--size", "5", "--moves", "c3 swap"], "");
    assert!(stdout(&out).ends_with("White to move\n"));
}

#[test]
fn illegal_moves_exit_2_with_the_move_number_and_nothing_on_stdout() {
    for (args, expected) in [
        (
            vec!["show", "--moves", "d8 d8"],
            "move 2 (d8) is illegal: d8 is occupied",
        ),
        (
            vec!["show", "--no-pie", "--moves", "d8 swap"],
            "move 2 (swap) is illegal: swap is not allowed: the pie rule is off",
        ),
        (
            vec!["show", "--size", "5", "--moves", "e5 f6"],
            "move 2 (f6) is illegal: f6 is off the board",
        ),
        (vec!["show", "--moves", "d8 hello"], "move 2 (column 4)"),
    ] {
        let out = brique(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

#[test]
fn bad_arguments_are_refused_with_status_2() {
    for args in [
        vec!["show", "--size", "4", "--moves", "a1"],
        vec!["show", "--rules", "modern", "--moves", "a1"],
        vec!["show"],
    ] {
        let out = brique(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn records_from_stdin_and_files() {
    let record =
        "size: 5\nrules: revised\npie: off\nblack: player2\n\nc1 a2 c2 a4\nc3 e2 c4 e4 c5\n";
    let out = brique(&["show", "-"], record);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout(&out).ends_with("Black wins\n"));

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.brique");
    std::fs::write(&path, "size: 5\n\nc3 c3\n").unwrap();
    let out = brique(&["show", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("game.brique: line 3, column 4: move 2 (c3) is illegal: c3 is occupied"),
        "{err}"
    );

    let out = brique(&["show", dir.path().join("missing").to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing"));
}

#[test]
fn the_documented_example_record_is_a_black_win() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/example.brique");
    let out = brique(&["show", path], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout(&out).ends_with("Black wins\n"));

    // The file formats' page shows the same record: it must parse to the same game.
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/formats.md"))
        .expect("docs/formats.md");
    let start = readme
        .find("```text\n# Brique game record")
        .expect("README example")
        + 8;
    let end = start + readme[start..].find("```").expect("end of example");
    let from_readme = brique::core::Record::parse(&readme[start..end]).expect("README record");
    let from_assets = brique::core::Record::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(from_readme, from_assets);
}

/// Runs `brique` with `stdin` written from a thread, so that the program may
/// stop reading early (a write error then only ends the writing).
fn brique_bytes(args: &[&str], stdin: Vec<u8>) -> Output {
    let mut child = crate::brique_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run brique");
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().expect("brique output");
    writer.join().expect("writer");
    out
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Checks that `show` refused its input: status 2, nothing on stdout, and
/// `expected` in the message.
fn refused(out: &Output, expected: &str) {
    assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
    assert!(out.stdout.is_empty());
    assert!(stderr(out).contains(expected), "{}", stderr(out));
}

#[test]
fn no_file_and_no_moves_names_both_ways_and_the_usage_shows_moves() {
    let out = brique(&["show"], "");
    for way in ["FILE", "- to read", "--moves \""] {
        refused(&out, way);
    }
    let help = brique(&["show", "--help"], "");
    let usage = stdout(&help)
        .lines()
        .find(|l| l.starts_with("Usage:"))
        .map(str::to_string)
        .expect("usage line");
    assert!(usage.contains("--moves"), "{usage}");
    refused(&out, &usage);
}

#[test]
fn a_bad_token_is_quoted_whole_with_the_board_s_own_range() {
    refused(
        &brique(&["show", "--moves", "garbage"], ""),
        "\"garbage\" is not a move: expected a column letter a to o and a row 1 to 15",
    );
    refused(
        &brique(&["show", "--size", "9", "--moves", "e5 z1"], ""),
        "\"z1\" is not a move: expected a column letter a to i and a row 1 to 9",
    );
    refused(
        &brique(&["show", "-"], "size: 7\n\nd4 garbage\n"),
        "line 3, column 4: move 2: \"garbage\" is not a move \
         (expected a column letter a to g and a row 1 to 7",
    );
}

#[test]
fn a_huge_bad_token_gives_a_short_message() {
    let token = "q".repeat(1_000_000);
    for record in [format!("d8 {token}\n"), format!("rules: {token}\n")] {
        let out = brique(&["show", "-"], &record);
        refused(&out, &format!("\"{}…\"", "q".repeat(40)));
        assert!(stderr(&out).len() < 300, "{} bytes", stderr(&out).len());
    }
}

#[test]
fn a_byte_order_mark_and_d_space_8_are_read() {
    let plain = brique(&["show", "--moves", "d8 e5"], "");
    assert!(plain.status.success());
    let spaced = brique(&["show", "--moves", "d 8 E 5"], "");
    assert!(spaced.status.success(), "{}", stderr(&spaced));
    assert_eq!(spaced.stdout, plain.stdout);
    let bom = brique(&["show", "-"], "\u{feff}d 8 e5\n");
    assert!(bom.status.success(), "{}", stderr(&bom));
    assert_eq!(bom.stdout, plain.stdout);
    let swap = brique(&["show", "--size", "5", "--moves", "c 3 swap"], "");
    assert!(
        stdout(&swap).ends_with("White to move\n"),
        "{}",
        stderr(&swap)
    );
}

#[test]
fn invalid_utf8_is_located() {
    refused(
        &brique_bytes(&["show", "-"], b"size: 9\nd8 e\xff5\n".to_vec()),
        "standard input: line 2, column 5: the file is not UTF-8 text",
    );
}

#[test]
fn endless_input_is_refused_at_the_record_limit() {
    let limit = brique::storage::MAX_RECORD_BYTES;
    // Like `yes e5 | brique show -`, bounded so that the test cannot hang.
    refused(
        &brique_bytes(&["show", "-"], b"e5\n".repeat(3 << 20)),
        &format!("standard input goes on past {limit} bytes"),
    );
    // A device is refused before any reading, as records are.
    refused(
        &brique(&["show", "/dev/zero"], ""),
        "cannot read /dev/zero: not a regular file",
    );
}

#[test]
fn a_fifo_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("game.brique");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let mut child = crate::brique_command()
        .arg("show")
        .arg(&fifo)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run brique");
    // A bounded wait: a regression fails here instead of hanging the suite.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("brique show FIFO was still waiting after 20 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    refused(&out, "not a regular file");
}
