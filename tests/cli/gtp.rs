//! `brique gtp`: scripted sessions, errors for bad input, and the binary.

use std::io::Write;
use std::process::Stdio;

use brique::commands::gtp::{GtpArgs, Session};
use brique::core::{Color, Move};

fn session(size: u8) -> Session {
    let args = GtpArgs {
        size: size.to_string().parse().unwrap(),
        iterations: Some(300),
        ..GtpArgs::default()
    };
    Session::new(&args).unwrap()
}

/// Sends each command and checks the whole response.
fn check(session: &mut Session, script: &[(&str, &str)]) {
    for (command, expected) in script {
        let response = session.respond(command);
        assert_eq!(
            response.as_deref(),
            Some(*expected),
            "response to {command:?}"
        );
    }
}

#[test]
fn the_standard_commands_answer() {
    let mut s = session(7);
    check(
        &mut s,
        &[
            ("protocol_version", "= 2\n\n"),
            ("name", "= Brique\n\n"),
            ("version", &format!("= {}\n\n", env!("CARGO_PKG_VERSION"))),
            ("known_command genmove", "= true\n\n"),
            ("known_command brique-pie", "= true\n\n"),
            ("known_command fly", "= false\n\n"),
            ("12 name", "=12 Brique\n\n"),
            ("NAME", "= Brique\n\n"),
            ("  name   # trailing comment", "= Brique\n\n"),
            ("\tname\r", "= Brique\n\n"),
        ],
    );
    let list = s.respond("list_commands").unwrap();
    for command in [
        "protocol_version",
        "boardsize",
        "play",
        "genmove",
        "undo",
        "showboard",
        "quit",
        "brique-rules",
        "brique-pie",
        "brique-time",
        "brique-iterations",
        "time_left",
    ] {
        assert!(
            list.lines().any(|l| l.trim_start_matches("= ") == command),
            "{command}"
        );
    }
    assert!(list.ends_with("\n\n"));
    assert_eq!(s.respond(""), None);
    assert_eq!(s.respond("   "), None);
    assert_eq!(s.respond("# just a comment"), None);
    assert!(!s.quit());
    assert_eq!(s.respond("quit").as_deref(), Some("=\n\n"));
    assert!(s.quit());
}

#[test]
fn a_game_is_set_up_and_shown() {
    let mut s = session(15);
    check(
        &mut s,
        &[
            ("boardsize 9 9", "=\n\n"),
            (
                "boardsize 9 11",
                "? unacceptable size: the board must be square\n\n",
            ),
            ("boardsize 5", "=\n\n"),
            ("clear_board", "=\n\n"),
            ("play black c3", "=\n\n"),
            ("play w swap", "=\n\n"),
            ("play W b2", "=\n\n"),
            (
                "showboard",
                "= \n   a b c d e\n5 | |#| |#| | 5\n4 |#| |#| |#| 4\n3 | |#|B|#| | 3\n2 |#|W|#| |#| 2\n1 | |#| |#| | 1\n   a b c d e\nBlack to move\n\n",
            ),
            ("undo", "=\n\n"),
            ("undo", "=\n\n"),
            ("play white d4", "=\n\n"),
            ("3 undo", "=3\n\n"),
            ("undo", "=\n\n"),
            ("undo", "? cannot undo: no moves played\n\n"),
        ],
    );
    assert_eq!(s.game().moves().count(), 0);
}

#[test]
fn bad_input_gets_error_responses() {
    let mut s = session(7);
    check(
        &mut s,
        &[
            ("fly away", "? unknown command\n\n"),
            ("7 fly", "?7 unknown command\n\n"),
            (
                "boardsize 4",
                "? unacceptable size: board size must be a number from 5 to 25 (got 4)\n\n",
            ),
            (
                "boardsize 26",
                "? unacceptable size: board size must be a number from 5 to 25 (got 26)\n\n",
            ),
            (
                "boardsize seven",
                "? unacceptable size: board size must be a number from 5 to 25\n\n",
            ),
            ("boardsize", "? boardsize takes 1 argument, not 0\n\n"),
            ("play b", "? play takes 2 arguments, not 1\n\n"),
            (
                "play red d4",
                "? invalid color: \"red\" (black, white, b or w)\n\n",
            ),
            (
                "play b z4",
                "? illegal move: \"z4\" (expected a column letter a to g and a row 1 to 7, or swap)\n\n",
            ),
            ("play b h8", "? illegal move: h8 is off the board\n\n"),
            (
                "play b PASS",
                "? illegal move: there is no passing in Brique\n\n",
            ),
            ("play w d4", "? it is Black's turn\n\n"),
            ("genmove w", "? it is Black's turn\n\n"),
            (
                "play b swap",
                "? illegal move: swap is only allowed as White's first action\n\n",
            ),
            ("play b d4", "=\n\n"),
            ("play w d4", "? illegal move: d4 is occupied\n\n"),
            (
                "brique-rules modern",
                "? expected rules original or revised, found \"modern\"\n\n",
            ),
            (
                "brique-pie maybe",
                "? expected on or off, found \"maybe\"\n\n",
            ),
            ("brique-time soon", "? expected seconds, found \"soon\"\n\n"),
            (
                "brique-time -1",
                "? thinking time must be more than 0 and at most 86400 seconds, not -1\n\n",
            ),
            (
                "brique-time 0",
                "? thinking time must be more than 0 and at most 86400 seconds, not 0\n\n",
            ),
            (
                "brique-time NaN",
                "? thinking time must be more than 0 and at most 86400 seconds, not NaN\n\n",
            ),
            (
                "brique-iterations 0",
                "? the iteration budget must be at least 1\n\n",
            ),
            (
                "brique-iterations -5",
                "? expected a number of iterations, found \"-5\"\n\n",
            ),
            (
                "brique-iterations 99999999999999999999",
                "? expected a number of iterations, found \"99999999999999999999\"\n\n",
            ),
            ("final_score", "? the game is not over\n\n"),
            ("play w swap", "=\n\n"),
            (
                "brique-pie off",
                "? the moves played do not fit these rules: move 2: swap is not allowed: the pie rule is off\n\n",
            ),
            ("quit now", "? quit takes 0 arguments, not 1\n\n"),
        ],
    );
    assert!(!s.quit());
    // Nothing was lost: the game is as the legal commands left it.
    assert_eq!(
        s.game().moves().collect::<Vec<_>>(),
        vec![Move::Place("d4".parse().unwrap()), Move::Swap]
    );
}

#[test]
fn rules_and_budgets_change() {
    let mut s = session(7);
    check(
        &mut s,
        &[
            ("brique-budget", "= 300 iterations\n\n"),
            ("brique-time 0.25", "=\n\n"),
            ("brique-budget", "= 0.25 seconds\n\n"),
            ("brique-iterations 50", "=\n\n"),
            ("brique-budget", "= 50 iterations\n\n"),
            ("play b a2", "=\n\n"),
            ("brique-rules revised", "=\n\n"),
            ("brique-pie off", "=\n\n"),
            (
                "play w swap",
                "? illegal move: swap is not allowed: the pie rule is off\n\n",
            ),
            ("brique-pie ON", "=\n\n"),
        ],
    );
    let rules = s.game().rules();
    assert_eq!(rules.variant.name(), "revised");
    assert!(rules.pie);
    assert_eq!(s.game().moves().count(), 1);
}

/// `time_left` makes the next `genmove` of that colour quick, even under a
/// budget of a minute a move and for a pie-rule decision (which otherwise
/// runs its 80,000 iterations whatever the budget).
#[test]
fn time_left_makes_the_next_genmove_think_on_the_clock() {
    let mut s = session(9);
    check(
        &mut s,
        &[
            ("brique-time 60", "=\n\n"),
            ("time_left white 1 0", "=\n\n"),
            ("play b e5", "=\n\n"),
        ],
    );
    let answer = s.respond("genmove white").unwrap();
    let mv = answer
        .strip_prefix("= ")
        .and_then(|a| a.strip_suffix("\n\n"))
        .unwrap_or_else(|| panic!("{answer:?}"));
    assert_eq!(
        s.game().moves().last().map(|m| m.to_string()).as_deref(),
        Some(mv)
    );
    // White may have swapped: the colour to move is the position's.
    let next = match s.game().position().to_move() {
        Color::Black => "b",
        Color::White => "w",
    };
    check(&mut s, &[(&format!("time_left {next} 0.5 0"), "=\n\n")]);
    let answer = s.respond(&format!("genmove {next}")).unwrap();
    assert!(answer.starts_with("= "), "{answer:?}");
    assert_eq!(s.game().moves().count(), 3);
}

#[test]
fn time_left_that_is_not_a_clock_gets_an_error() {
    let mut s = session(9);
    check(
        &mut s,
        &[
            (
                "time_left white 1",
                "? time_left takes 3 arguments, not 2\n\n",
            ),
            (
                "time_left purple 1 0",
                "? invalid color: \"purple\" (black, white, b or w)\n\n",
            ),
            (
                "time_left white soon 0",
                "? expected seconds, found \"soon\"\n\n",
            ),
            (
                "time_left white 1 many",
                "? expected a number of stones, found \"many\"\n\n",
            ),
            (
                "time_left white inf 0",
                "? time left must be a number of seconds up to a year, not inf\n\n",
            ),
            // A clock past zero is a clock at zero.
            ("time_left white -1 0", "=\n\n"),
        ],
    );
}

/// The share of the clock a move gets: never more than the budget.
#[test]
fn a_clock_budget_is_a_share_of_the_time_left_within_the_level() {
    use std::time::Duration;

    use brique::ai::{Budget, Level};
    use brique::commands::gtp::{MIN_THINKING, TimeLeft, clock_budget};

    let clock = |secs: f64, stones| TimeLeft {
        left: Duration::from_secs_f64(secs),
        stones,
    };
    let hard = Level::Hard.budget();
    assert_eq!(
        clock_budget(hard, clock(600.0, 0)),
        (Budget::millis(1000), Duration::from_secs(1))
    );
    assert_eq!(
        clock_budget(hard, clock(2.0, 0)),
        (Budget::millis(100), Duration::from_millis(100))
    );
    // Byo-yomi: half a stone's share.
    assert_eq!(
        clock_budget(hard, clock(3.0, 5)).1,
        Duration::from_millis(300)
    );
    let easy = clock_budget(Level::Easy.budget(), clock(2.0, 0)).0;
    assert_eq!(easy.iterations, Level::Easy.budget().iterations);
    assert_eq!(easy.millis, Some(100));
    assert_eq!(clock_budget(hard, clock(0.0, 0)).1, MIN_THINKING);
}

#[test]
fn genmove_plays_whole_games() {
    for colours in [["b", "w"], ["black", "white"]] {
        let mut s = session(5);
        s.respond("brique-pie off");
        let mut turn = 0;
        while s.game().position().winner().is_none() {
            let response = s
                .respond(&format!("genmove {}", colours[turn % 2]))
                .unwrap();
            let mv = response
                .strip_prefix("= ")
                .and_then(|r| r.strip_suffix("\n\n"))
                .unwrap_or_else(|| panic!("{response:?}"));
            assert_eq!(
                s.game().moves().last().map(|m| m.to_string()).as_deref(),
                Some(mv)
            );
            turn += 1;
            assert!(turn <= 25, "the game did not end");
        }
        let winner = s.game().position().winner().unwrap();
        let expected = match winner {
            Color::Black => "= B+\n\n",
            Color::White => "= W+\n\n",
        };
        assert_eq!(s.respond("final_score").as_deref(), Some(expected));
        let next = colours[turn % 2];
        assert_eq!(
            s.respond(&format!("genmove {next}")).as_deref(),
            Some(format!("? the game is over: {winner} has won\n\n").as_str())
        );
    }
}

#[test]
fn the_same_settings_generate_the_same_moves() {
    let play = || {
        let mut s = session(7);
        (0..6)
            .map(|i| {
                s.respond(if i % 2 == 0 { "genmove b" } else { "genmove w" })
                    .unwrap()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(play(), play());
}

#[test]
fn the_binary_speaks_gtp_on_stdin_and_stdout() {
    let mut child = crate::brique_command()
        .args(["gtp", "--size", "5", "--iterations", "200", "--seed", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1 protocol_version\n\nplay b c3\nplay \xff c3\n2 genmove w\nquit\nname\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let responses: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(responses.len(), 6, "{text:?}"); // five answers, nothing after quit
    assert_eq!(responses[0], "=1 2");
    assert_eq!(responses[1], "=");
    assert_eq!(
        responses[2],
        "? invalid color: \"\u{fffd}\" (black, white, b or w)"
    );
    assert!(responses[3].starts_with("=2 "), "{text:?}");
    let mv: Move = responses[3][3..].parse().unwrap();
    assert_ne!(mv, Move::Place("c3".parse().unwrap()));
    assert_eq!(responses[4], "=");
    assert_eq!(responses[5], "");
}

fn gtp_binary(args: &[&str]) -> std::process::Child {
    crate::brique_command()
        .arg("gtp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn budgets_above_the_cap_are_refused() {
    let mut s = session(7);
    let max = brique::commands::gtp::MAX_ITERATIONS;
    check(
        &mut s,
        &[
            (
                "brique-iterations 18446744073709551615",
                &format!(
                    "? the iteration budget must be at most {max}, not 18446744073709551615\n\n"
                ),
            ),
            ("brique-budget", "= 300 iterations\n\n"),
            (&format!("brique-iterations {max}"), "=\n\n"),
            ("brique-budget", "= 100,000,000 iterations\n\n"),
        ],
    );
    let too_many = (max + 1).to_string();
    let out = gtp_binary(&["--iterations", &too_many])
        .wait_with_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at most"));
}

#[test]
fn a_huge_token_is_quoted_cut_short() {
    let mut s = session(7);
    let token = "q".repeat(4000);
    for command in [
        format!("play b {token}"),
        format!("play {token} d4"),
        format!("brique-rules {token}"),
        format!("brique-pie {token}"),
        format!("brique-time {token}"),
        format!("brique-iterations {token}"),
    ] {
        let response = s.respond(&command).unwrap();
        assert!(response.starts_with("? "), "{response}");
        assert!(response.len() < 200, "{} bytes: {response}", response.len());
        assert!(
            response.contains(&format!("\"{}…\"", "q".repeat(40))),
            "{response}"
        );
    }
}

#[test]
fn a_line_too_long_is_answered_and_ends_the_session() {
    let mut s = session(7);
    let max = brique::commands::gtp::MAX_LINE_BYTES;
    let input = format!("name\n{}\nname\n", "x".repeat(max + 1));
    let mut output = Vec::new();
    let error = s.serve(input.as_bytes(), &mut output).unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidData);
    assert_eq!(
        String::from_utf8(output).unwrap(),
        format!("= Brique\n\n? line too long: more than {max} bytes\n\n")
    );
    // A line of exactly the bound is still answered.
    let mut output = Vec::new();
    let line = format!("name{}\n", " ".repeat(max - 5));
    s.serve(line.as_bytes(), &mut output).unwrap();
    assert_eq!(output, b"= Brique\n\n");
}

#[test]
fn endless_input_ends_the_session_with_a_message() {
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let out = crate::brique_command()
        .arg("gtp")
        .stdin(zero)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("? line too long"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line too long"));
}

#[test]
fn a_closed_output_ends_the_session_quietly() {
    let mut child = gtp_binary(&[]);
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    // The engine may end before all is written; that is what is tested.
    let _ = stdin.write_all(&b"name\n".repeat(1000));
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
