//! Game records with clocks: the `clock:` header, each move's time in
//! braces, `White wins on time`; old records without them read as before,
//! and `brique show` reads the new ones.

use std::process::Command;
use std::time::Duration;

use brique::core::{Color, Outcome, Record, TimeControl};

const TIMED: &str = "# Brique game record
size: 9
clock: 0+2
result: Black wins on time

e5 {1.5} d4 {0.7}
c3 {2.0}
";

#[test]
fn a_timed_record_reads_and_writes_back_the_same() {
    let record = Record::parse(TIMED).unwrap();
    assert_eq!(record.clock, TimeControl::new(0, 2));
    let times = [1.5, 0.7, 2.0].map(|s| Some(Duration::from_secs_f64(s)));
    assert_eq!(record.times, times);
    assert!(record.won_on_time());
    // Three moves: White is to move, and out of time.
    assert_eq!(record.outcome(), Outcome::Won(Color::Black));
    let text = record.to_string();
    assert!(text.contains("clock: 0+2\n"), "{text}");
    assert!(text.contains("result: Black wins on time\n"), "{text}");
    assert!(text.contains("e5 {1.5} d4 {0.7} c3 {2.0}"), "{text}");
    assert_eq!(Record::parse(&text).unwrap(), record);
}

#[test]
fn old_records_and_moves_without_times_still_read() {
    let old = Record::parse("size: 9\nresult: unfinished\n\ne5 d4\n").unwrap();
    assert_eq!(
        (old.clock, old.times.len(), old.flag_fell),
        (None, 0, false)
    );
    assert!(!old.to_string().contains("clock"));
    assert!(!old.to_string().contains('{'));
    // Some moves timed, others not: the others are unknown.
    let some = Record::parse("e5 d4 {3} c3\n").unwrap();
    assert_eq!(some.times, [None, Some(Duration::from_secs(3)), None]);
    assert!(some.to_string().contains("e5 d4 {3.0} c3"));
}

#[test]
fn bad_clocks_times_and_results_are_refused_where_they_are() {
    for (text, line, column, words) in [
        ("clock: 10\n", 1, 8, "such as \"10+5\""),
        ("{1.0} e5\n", 1, 1, "follows its move"),
        ("e5 {1.0} {2.0}\n", 1, 10, "follows its move"),
        ("e5 {soon}\n", 1, 4, "seconds"),
        // The game is over on the board: not on time.
        (
            "size: 5\nresult: Black wins on time\n\nc1 a5 c2 a4 c3 e5 c4 e4 c5\n",
            2,
            9,
            "Black wins on the board",
        ),
        // Only the side to move can run out of time: White, after e5.
        (
            "result: White wins on time\n\ne5\n",
            1,
            9,
            "give Black wins",
        ),
    ] {
        let err = Record::parse(text).expect_err(text);
        assert_eq!((err.line, err.column), (line, column), "{text}: {err}");
        assert!(err.message.contains(words), "{text}: {err}");
    }
}

#[test]
fn show_reads_a_timed_record_and_says_who_won_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("timed.brique");
    std::fs::write(&path, TIMED).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_brique"))
        .env_remove("BRIQUE_LOG") // a developer's own log stays out of the tests
        .arg("show")
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.ends_with("Black wins on time\n"), "{text}");
}
