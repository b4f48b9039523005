//! `brique solve`: what it prints, that it agrees with `assets/solved.txt`
//! and `docs/solved.md`, and how it refuses bad arguments.

use std::io::{BufRead, BufReader};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use brique::ai::SolvedTable;

use crate::brique;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_4x4_board_is_solved_in_both_variants_as_the_table_says() {
    let out = brique(&["solve", "--size", "4"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let table = SolvedTable::shipped();
    for board in table.boards().iter().filter(|b| b.size.get() == 4) {
        let line = format!("In assets/solved.txt: {}\n", board.line());
        assert!(text.contains(&line), "{line}in\n{text}");
    }
    let original = [
        "4×4, original rules: Black's first stone on each square, W when it wins for Black \
         with perfect play, L when it loses",
        "   a b c d",
        "4 |L|L|W|L| 4",
        "3 |L|W|L|L| 3",
        "2 |W|L|L|L| 2",
        "1 |L|L|W|L| 1",
        "   a b c d",
        "Without the pie rule: Black wins, with 4 of the 16 first moves: c1 a2 b3 c4.",
        "With the pie rule: a perfect White swaps the 4 winning first moves and plays on \
         after the 12 others, so the second player wins.",
    ]
    .join("\n");
    assert!(text.starts_with(&original), "{text}");
    assert!(text.contains("4×4, revised rules"), "{text}");
    assert_eq!(text.matches("Searched ").count(), 2, "{text}");
}

#[test]
fn the_pie_rule_setting_picks_the_conclusion() {
    let off = stdout(&brique(&[
        "solve", "--size", "4", "--rules", "original", "--pie", "off",
    ]));
    assert!(off.contains("Without the pie rule"), "{off}");
    assert!(!off.contains("With the pie rule"), "{off}");
    let on = stdout(&brique(&[
        "solve", "--size", "4", "--rules", "revised", "--pie", "on",
    ]));
    assert!(
        on.contains("With the pie rule: a perfect White swaps the 9 winning"),
        "{on}"
    );
    assert!(!on.contains("Without the pie rule"), "{on}");
    assert!(!on.contains("original"), "{on}");
}

#[test]
fn threads_sharing_a_table_prove_the_same_board_each_first_move_once() {
    let one = brique(&["solve", "--size", "4", "--rules", "revised"]);
    let three = brique(&[
        "solve",
        "--size",
        "4",
        "--rules",
        "revised",
        "--threads",
        "3",
        "--memory",
        "1",
    ]);
    assert_eq!(three.status.code(), Some(0));
    let board = |out: &Output| {
        let text = stdout(out);
        text.lines()
            .take_while(|line| !line.starts_with("Searched "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(board(&three), board(&one));
    assert!(board(&one).contains("4 revised LLWW/WWWW/WWLL/WLLL"));
    let progress = String::from_utf8_lossy(&three.stderr);
    // Each first move is decided once (a helper's lines, "a3 d4 wins for
    // Black", name a reply after the first move).
    for sq in ["a1", "d1", "b3", "d4"] {
        let decided = [
            format!("revised: {sq} wins ("),
            format!("revised: {sq} loses"),
        ];
        let lines = progress
            .lines()
            .filter(|l| decided.iter().any(|d| l.contains(d)))
            .count();
        assert_eq!(lines, 1, "{sq} in\n{progress}");
    }
    assert!(progress.contains("(16 of 16;"), "{progress}");
}

#[test]
fn first_moves_asked_are_proven_alone_without_conclusions() {
    let out = brique(&[
        "solve",
        "--size",
        "4",
        "--rules",
        "original",
        "--first-moves",
        "b3,A1,b3",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let expected = [
        "4×4, original rules: Black's first stone on the squares asked, W when it wins for \
         Black with perfect play, L when it loses, . not asked",
        "   a b c d",
        "4 |.|.|.|.| 4",
        "3 |.|W|.|.| 3",
        "2 |.|.|.|.| 2",
        "1 |L|.|.|.| 1",
        "   a b c d",
        "2 of the 16 first moves: a1 loses, b3 wins.",
    ]
    .join("\n");
    assert!(text.starts_with(&expected), "{text}");
    assert!(!text.contains("pie rule"), "{text}");
    // The line for the table, to be merged with the other runs'.
    assert!(
        text.contains("In assets/solved.txt: 4 original ..../.W../..../L... a1:c4\n"),
        "{text}"
    );
    let progress = String::from_utf8_lossy(&out.stderr);
    assert!(progress.contains("b3 wins (1 of 2;"), "{progress}");
    // With White's winning reply, the one the table records.
    assert!(progress.contains("a1 loses to c4 (2 of 2;"), "{progress}");
}

#[test]
fn docs_solved_md_shows_every_line_of_the_table() {
    let docs = include_str!("../../docs/solved.md");
    for board in SolvedTable::shipped().boards() {
        assert!(docs.contains(&board.line()), "{}", board.line());
    }
}

#[test]
fn bad_arguments_get_a_message_and_exit_2() {
    for (args, says) in [
        (
            &["solve", "--size", "8"][..],
            "the solver takes boards of 4 to 7 (got 8)",
        ),
        (&["solve", "--size", "3"][..], "--size"),
        (&["solve"][..], "--size"),
        (
            &["solve", "--size", "4", "--pie", "maybe"][..],
            "expected on or off",
        ),
        (
            &["solve", "--size", "4", "--rules", "modern"][..],
            "--rules",
        ),
        (&["solve", "--size", "4", "--threads", "0"][..], "--threads"),
        (
            &["solve", "--size", "4", "--threads", "many"][..],
            "--threads",
        ),
        (&["solve", "--size", "4", "--memory", "0"][..], "--memory"),
        (
            &["solve", "--size", "4", "--memory", "lots"][..],
            "--memory",
        ),
        (
            &["solve", "--size", "4", "--proven", "/tmp/unused.bin"][..],
            "--rules",
        ),
    ] {
        let out = brique(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The positions searched, from the last line `brique solve` prints.
fn searched(out: &Output) -> u64 {
    let text = stdout(out);
    let line = text
        .lines()
        .find_map(|line| line.strip_prefix("Searched "))
        .unwrap_or_else(|| panic!("no count in {text}"));
    let digits: String = line
        .split(' ')
        .next()
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().expect("a count")
}

fn solve_4x4_keeping(file: &Path) -> Output {
    let file = file.to_str().expect("a UTF-8 path");
    brique(&[
        "solve", "--size", "4", "--rules", "revised", "--proven", file,
    ])
}

#[test]
fn proven_positions_kept_in_a_file_spare_the_next_run_the_search() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("proven-4.bin");
    let first = solve_4x4_keeping(&file);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    assert!(stderr(&first).contains("read 0 proven positions"));
    let kept = stderr(&first)
        .lines()
        .find_map(|line| line.strip_prefix("brique solve: kept "))
        .and_then(|rest| rest.split(' ').next())
        .map(str::to_string)
        .unwrap_or_else(|| panic!("nothing kept: {}", stderr(&first)));
    let again = solve_4x4_keeping(&file);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert!(
        stderr(&again).contains(&format!("read {kept} proven positions")),
        "{kept}: {}",
        stderr(&again)
    );
    let board = |out: &Output| stdout(out).lines().take(8).collect::<Vec<_>>().join("\n");
    assert_eq!(board(&again), board(&first));
    assert!(stdout(&again).contains("4 revised LLWW/WWWW/WWLL/WLLL"));
    // Each first move is found proven, or nearly.
    assert!(
        searched(&again) * 10 < searched(&first),
        "{} then {}",
        searched(&first),
        searched(&again)
    );
}

#[test]
fn a_file_of_another_board_is_refused_and_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("proven.bin");
    assert_eq!(solve_4x4_keeping(&file).status.code(), Some(0));
    let before = std::fs::read(&file).expect("the file");
    let path = file.to_str().expect("a UTF-8 path");
    let out = brique(&[
        "solve", "--size", "5", "--rules", "revised", "--proven", path,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        stderr(&out).contains("not of \"size 5 rules revised\""),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&file).expect("the file"), before);
}

#[test]
fn a_solve_stopped_by_a_signal_keeps_what_it_proved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("proven-5.bin");
    let path = file.to_str().expect("a UTF-8 path");
    let mut child = crate::brique_command()
        .args([
            "solve", "--size", "5", "--rules", "revised", "--proven", path,
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run brique");
    let mut progress = BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    progress.read_line(&mut line).expect("a line");
    assert!(line.contains("read 0 proven positions"), "{line}");
    std::thread::sleep(Duration::from_millis(300));
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(sent.success());
    // Bounded, so that a solve that ignored the signal cannot hang the test.
    let deadline = Instant::now() + Duration::from_secs(300);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(Instant::now() < deadline, "the solve went on");
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut progress, &mut rest).expect("stderr");
    assert_eq!(status.signal(), Some(15), "{rest}");
    assert!(
        rest.contains("stopped; run again with the same --proven"),
        "{rest}"
    );
    // The next run reads what this one proved.
    let next = brique(&[
        "solve",
        "--size",
        "5",
        "--rules",
        "revised",
        "--first-moves",
        "b1",
        "--proven",
        path,
    ]);
    assert_eq!(next.status.code(), Some(0), "{}", stderr(&next));
    assert!(!stderr(&next).contains("read 0 "), "{}", stderr(&next));
    assert!(
        stderr(&next).contains("b1 loses to d4"),
        "{}",
        stderr(&next)
    );
}
