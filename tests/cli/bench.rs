//! `brique bench` through the real binary: what it prints and what it refuses
//! (the figures themselves are measured, never asserted).

use crate::brique;

/// The number right after `label` on the line that starts with it.
fn figure(text: &str, label: &str) -> f64 {
    let line = text
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no line {label:?} in {text}"));
    line[label.len()..]
        .split_whitespace()
        .next()
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("no figure in {line:?}"))
}

#[test]
fn prints_rates_and_the_mean_playout_length() {
    let out = brique(&["bench", "--size", "7", "--seconds", "0.05", "--rounds", "3"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.starts_with(
            "board 7x7, rules original, one thread, 3 rounds of 0.05 s per measurement\n"
        ),
        "{text}"
    );
    let median = figure(&text, "random playouts per second:");
    assert!(median > 0.0, "{text}");
    assert!(text.contains(" median, "), "{text}");
    // A game on 7x7 places at least 7 stones and at most all 49 squares.
    let length = figure(&text, "mean playout length:");
    assert!((7.0..=49.0).contains(&length), "{text}");
    assert!(
        figure(&text, "MCTS-RAVE iterations per second:") > 0.0,
        "{text}"
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn the_revised_rules_can_be_measured() {
    let out = brique(&[
        "bench",
        "--size",
        "5",
        "--rules",
        "revised",
        "--seconds",
        "0.02",
        "--rounds",
        "1",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.starts_with("board 5x5, rules revised, one thread, 1 round of 0.02 s per"),
        "{text}"
    );
}

#[test]
fn bad_arguments_get_a_message_and_exit_2() {
    for (args, says) in [
        (&["bench", "--seconds", "0"][..], "more than 0"),
        (&["bench", "--seconds", "soon"][..], "expected seconds"),
        (&["bench", "--rounds", "0"][..], "--rounds"),
        (&["bench", "--size", "4"][..], "--size"),
        (&["bench", "--rules", "modern"][..], "--rules"),
        (
            &["bench", "--position", "5/5/5 b 0 original nopie"][..],
            "--position",
        ),
        (
            &[
                "bench",
                "--size",
                "7",
                "--position",
                "5/5/5/5/5 b 0 original nopie",
            ][..],
            "cannot be used with",
        ),
        (&["bench", "--level", "grandmaster"][..], "--level"),
        (&["bench", "--threads", "0"][..], "or all"),
        (&["bench", "--threads", "every"][..], "or all"),
    ] {
        let out = brique(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn a_position_and_a_level_are_measured_on_threads() {
    // Black's c1 and White's a3 on 5x5 under the revised rules.
    let position = "5/5/W4/5/2B2 b 2 revised nopie";
    let out = brique(&[
        "bench",
        "--position",
        position,
        "--level",
        "hard",
        "--threads",
        "2",
        "--seconds",
        "0.05",
        "--rounds",
        "1",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.starts_with(&format!(
            "position {position}, rules revised, level hard, one thread and 2 threads, 1 round"
        )),
        "{text}"
    );
    // A game from here on 5x5 places at most the 22 empty squares.
    let length = figure(&text, "mean playout length:");
    assert!((1.0..=22.0).contains(&length), "{text}");
    assert!(
        text.contains("MCTS-RAVE iterations per second on 2 threads: "),
        "{text}"
    );
}

#[test]
fn a_reader_that_goes_away_ends_it_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = crate::brique_command()
        .args(["bench", "--size", "5", "--seconds", "0.05", "--rounds", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run brique");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("first line");
    // The reader is dropped here, like `brique bench | head -1`.
    assert!(first.starts_with("board 5x5"), "{first}");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success(), "{out:?}");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
