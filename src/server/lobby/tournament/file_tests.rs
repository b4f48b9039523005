use super::*;

const ISSUE_EXAMPLE: &str = r#"
[[tournament]]
name = "Quick swiss"
kind = "swiss"          # swiss | arena | league
size = 5
variant = "revised"
pie = false
clock = "1+1"           # or days = 3
rounds = 2              # swiss; minutes = 30 for an arena
start = "+3s"           # or a time (RFC 3339); every = "1d" repeats it
bots = true
rated = true

[[tournament]]
name = "Evening arena"
kind = "arena"
size = 7
clock = "3+2"
minutes = 30
start = "2026-12-01T19:00:00+01:00"
every = "1d"

[[tournament]]
name = "Correspondence league"
kind = "league"
size = 9
days = 3
start = "+1h"
"#;

#[test]
fn the_issue_s_example_and_each_kind_are_read() {
    let all = parse(ISSUE_EXAMPLE).unwrap();
    assert_eq!(all.len(), 3);
    let swiss = &all[0];
    assert_eq!(swiss.name, "Quick swiss");
    assert_eq!(swiss.kind, Kind::Swiss);
    assert_eq!(
        swiss.terms,
        Terms {
            size: 5,
            variant: Variant::Revised,
            pie: false,
            pace: Pace::Clock {
                minutes: 1,
                increment: 1
            },
            rated: true,
        }
    );
    assert_eq!((swiss.rounds, swiss.minutes), (Some(2), None));
    assert_eq!(
        (swiss.start, swiss.every_ms, swiss.bots),
        (Start::After(3_000), None, true)
    );
    let arena = &all[1];
    assert_eq!(
        (arena.kind, arena.minutes, arena.rounds),
        (Kind::Arena, Some(30), None)
    );
    // 19:00 at +01:00 is 18:00 UTC.
    assert_eq!(arena.start, Start::At(1_796_148_000_000));
    assert_eq!(arena.every_ms, Some(86_400_000));
    let league = &all[2];
    assert_eq!(
        (league.kind, league.terms.pace),
        (Kind::League, Pace::Days(3))
    );
    assert_eq!(league.start, Start::After(3_600_000));
    assert!(parse("").unwrap().is_empty());
}

/// The error for `text` with one line of the swiss changed.
fn refused(from: &str, to: &str) -> FileError {
    let text = ISSUE_EXAMPLE.replacen(from, to, 1);
    assert_ne!(text, ISSUE_EXAMPLE, "{from}");
    parse(&text).unwrap_err()
}

#[test]
fn a_bad_file_is_refused_naming_the_line() {
    let cases = [
        ("kind = \"swiss\" ", "kind = \"knockout\" ", 4, "knockout"),
        ("size = 5", "size = 99", 5, "a board of 99"),
        (
            "clock = \"1+1\" ",
            "clock = \"fast\" ",
            8,
            "minutes+seconds",
        ),
        ("rounds = 2 ", "rounds = 40 ", 9, "1 to 15 rounds"),
        ("start = \"+3s\"", "start = \"soon\"", 10, "a start is"),
        ("bots = true", "bots = \"yes\"", 11, "boolean"),
        ("rated = true", "rated = true\nprize = 5", 13, "prize"),
        ("variant = \"revised\"", "variant = \"other\"", 6, "rules"),
        (
            "every = \"1d\"\n",
            "every = \"1m\"\n",
            21,
            "at least 10 minutes",
        ),
        ("minutes = 30\n", "minutes = 0\n", 19, "1 to 720 minutes"),
        (
            "\ndays = 3\n",
            "\ndays = 3\nclock = \"1+0\"\n",
            28,
            "not both",
        ),
    ];
    for (from, to, line, words) in cases {
        let error = refused(from, to);
        assert_eq!(error.line, line, "{to}: {error}");
        assert!(error.to_string().contains(words), "{to}: {error}");
        assert!(
            error.to_string().starts_with(&format!("line {line}: ")),
            "{error}"
        );
    }
    let unclosed = parse("[[tournament]\nname = 1").unwrap_err();
    assert_eq!(unclosed.line, 1, "{unclosed}");
}

#[test]
fn each_kind_keeps_to_its_pace_and_its_length() {
    let arena_in_days = refused("clock = \"3+2\"", "days = 2");
    assert!(
        arena_in_days
            .to_string()
            .contains("an arena is played on a clock"),
        "{arena_in_days}"
    );
    let league_on_a_clock = refused("\ndays = 3\n", "\nclock = \"5+5\"\n");
    assert!(
        league_on_a_clock
            .to_string()
            .contains("a league is played in days"),
        "{league_on_a_clock}"
    );
    let swiss_without_rounds = refused("rounds = 2 ", "# rounds = 2 ");
    assert!(
        swiss_without_rounds
            .to_string()
            .contains("a swiss needs rounds"),
        "{swiss_without_rounds}"
    );
    let league_with_minutes = refused("\ndays = 3\n", "\ndays = 3\nminutes = 5\n");
    assert!(
        league_with_minutes
            .to_string()
            .contains("only an arena has minutes"),
        "{league_with_minutes}"
    );
}
