//! `brique --screen-reader` through the real binary on plain pipes: typed
//! lines in, plain lines out, never an escape byte.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use super::brique_command;

/// A wait that cannot hang a test: the engine's easy level answers in a
/// blink, so this is only a bound.
const BOUND: Duration = Duration::from_secs(60);

/// The line mode at work: its input, and its output read line by line.
pub struct Reader {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far.
    pub heard: Vec<String>,
    _home: tempfile::TempDir,
}

impl Reader {
    /// `brique --screen-reader` with its files in a fresh directory and the
    /// settings file holding `config`.
    pub fn start(config: &str, args: &[&str]) -> Reader {
        let home = tempfile::tempdir().unwrap();
        let config_path = home.path().join("config.toml");
        std::fs::write(&config_path, config).unwrap();
        let mut child = isolated(home.path())
            .arg("--config")
            .arg(&config_path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let out = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            // Bytes as they come, so that an escape byte is seen whatever it is in.
            let mut out = BufReader::new(out);
            let mut line = Vec::new();
            while out.read_until(b'\n', &mut line).unwrap_or(0) > 0 {
                assert!(!line.contains(&0x1b), "an escape byte in {line:?}");
                let text = String::from_utf8(std::mem::take(&mut line)).unwrap();
                if send.send(text.trim_end_matches('\n').to_string()).is_err() {
                    break;
                }
            }
        });
        Reader {
            input: child.stdin.take(),
            child,
            lines,
            heard: Vec::new(),
            _home: home,
        }
    }

    pub fn type_line(&mut self, line: &str) {
        let input = self.input.as_mut().unwrap();
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
    }

    /// Reads lines until one satisfies `wanted`; returns it.
    pub fn until(&mut self, wanted: impl Fn(&str) -> bool) -> String {
        loop {
            let line = self
                .lines
                .recv_timeout(BOUND)
                .unwrap_or_else(|_| panic!("no such line came; heard:\n{}", self.heard.join("\n")));
            self.heard.push(line.clone());
            if wanted(&line) {
                return line;
            }
        }
    }

    /// Types `line` and reads up to the line that satisfies `wanted`.
    pub fn ask(&mut self, line: &str, wanted: impl Fn(&str) -> bool) -> String {
        self.type_line(line);
        self.until(wanted)
    }

    /// Closes the input; the program ends by itself.
    pub fn finish(mut self) -> Vec<String> {
        drop(self.input.take());
        while let Ok(line) = self.lines.recv_timeout(BOUND) {
            self.heard.push(line);
        }
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
        self.heard
    }
}

/// The binary with every directory of its own in `home`.
fn isolated(home: &Path) -> std::process::Command {
    let mut command = brique_command();
    command
        .env_remove("BRIQUE_CONFIG")
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"));
    command
}

#[test]
fn a_game_against_the_computer_is_told_in_plain_lines() {
    let mut reader = Reader::start("", &["--screen-reader"]);
    reader.until(|l| l.contains("Type help"));
    reader.ask("new computer easy 9", |l| {
        l.starts_with("New game: 9 by 9") && l.contains("computer at easy")
    });
    reader.ask("e5", |l| l.starts_with("Black e5"));
    reader.until(|l| l == "The computer is thinking, at easy.");
    let answer = reader.until(|l| l.starts_with("The computer"));
    if answer.starts_with("The computer swaps") {
        // The pie rule: now White, the person plays again.
        reader.ask("a1", |l| l.starts_with("White a1"));
        reader.until(|l| l.starts_with("The computer is thinking"));
        let answer = reader.until(|l| l.starts_with("The computer plays"));
        assert!(answer.starts_with("The computer plays Black "), "{answer}");
    } else {
        // `The computer plays White f4.` (with what it filled, if anything).
        let square = answer
            .strip_prefix("The computer plays White ")
            .unwrap_or_else(|| panic!("{answer}"));
        let square = square.split([';', '.']).next().unwrap();
        assert!(square.parse::<brique::core::Square>().is_ok(), "{answer}");
    }
    reader.type_line("board");
    let first = reader.until(|l| l.starts_with("9:"));
    let mut rows = vec![first];
    for _ in 0..8 {
        rows.push(reader.until(|_| true));
    }
    for (row, line) in (1..=9).rev().zip(&rows) {
        assert!(line.starts_with(&format!("{row}: ")), "{rows:?}");
    }
    assert!(
        rows[4].contains("e5 Black") || rows[4].contains("e5 White"),
        "{rows:?}"
    );
    reader.ask("pass", |l| l.starts_with("Brique has no pass"));
    reader.ask("frobnicate", |l| l.contains("is not a command or a square"));
    reader.ask("status", |l| l.contains("computer at easy"));
    reader.ask("quit", |l| l == "Goodbye.");
    reader.finish();
}

#[test]
fn a_win_between_people_is_told_with_its_chain() {
    let mut reader = Reader::start("", &["--screen-reader"]);
    reader.ask("new people 5 nopie", |l| l.contains("two players"));
    // White keeps away: no stone of either side fills a square the other needs.
    for (black, white) in [("c1", "a5"), ("c2", "a3"), ("c3", "a1"), ("c4", "e5")] {
        reader.ask(black, |l| l.starts_with(&format!("Black {black}")));
        reader.ask(white, |l| l.starts_with(&format!("White {white}")));
    }
    reader.ask("c5", |l| l.starts_with("Black c5"));
    let win = reader.until(|l| l.contains("wins"));
    assert_eq!(
        win,
        "Black wins: Player 1, with the chain c1, c2, c3, c4 and c5."
    );
    reader.ask("e1", |l| l.starts_with("The game is over"));
    reader.ask("moves", |l| l.starts_with("Moves: 1 Black c1, 2 White a5"));
    reader.finish();
}

#[test]
fn help_lists_the_commands_and_the_end_of_input_ends_cleanly() {
    let mut reader = Reader::start("", &["--screen-reader"]);
    reader.ask("help", |l| l.starts_with("Type a square"));
    for command in ["board", "row N", "column X", "square e5", "chains", "new"] {
        reader.until(|l| l.starts_with(command));
    }
    reader.ask("square e5", |l| l.starts_with("e5: empty."));
    let heard = reader.finish();
    assert_eq!(
        heard.last().map(String::as_str),
        Some("End of input. Goodbye.")
    );
}

#[test]
fn the_settings_file_can_choose_the_line_mode() {
    let mut reader = Reader::start("[ui]\nscreen_reader = true\n", &[]);
    reader.until(|l| l.starts_with("Brique, screen-reader mode"));
    reader.ask("settings", |l| l.starts_with("Players:"));
    reader.finish();
}

#[test]
fn a_lesson_is_answered_by_typed_squares() {
    let mut reader = Reader::start("", &["--screen-reader"]);
    reader.ask("learn", |l| l.starts_with("Lesson 1 of "));
    reader.until(|l| l.contains("finish the chain"));
    reader.until(|l| l.starts_with("Black to move"));
    reader.ask("row 3", |l| l.starts_with("3: "));
    reader.ask("e5", |l| l.starts_with("e5 does not do it."));
    reader.ask("c3", |l| l.starts_with("Right: c3."));
    reader.ask("next", |l| l.starts_with("Lesson 2 of "));
    reader.ask("game", |l| l == "Back to the game.");
    reader.finish();
}

#[test]
fn a_puzzle_is_refuted_then_solved_by_typed_squares() {
    let puzzles = brique::learn::built_in().unwrap();
    let (index, puzzle) = puzzles.iter().enumerate().find(|(_, p)| p.n == 1).unwrap();
    let brique::core::Move::Place(answer) = puzzle.moves[0] else {
        panic!("a swap answers no puzzle");
    };
    let position = &puzzle.position;
    let wrong = position
        .size()
        .squares()
        .find(|&sq| {
            position.get(sq).is_none() && !puzzle.moves.contains(&brique::core::Move::Place(sq))
        })
        .unwrap();
    let mut reader = Reader::start("", &["--screen-reader"]);
    reader.ask(&format!("puzzles {}", index + 1), |l| {
        l.starts_with(&format!("Puzzle {} of ", index + 1)) && l.contains("win in 1 move")
    });
    reader.ask(&wrong.to_string(), |l| {
        l.starts_with(&format!("{wrong} does not force the win:")) && l.contains("answers")
    });
    reader.ask(&answer.to_string(), |l| {
        l.starts_with(&format!("Right: {answer}. Solved, with the chain "))
    });
    reader.finish();
}

#[test]
fn a_review_tells_each_players_summary() {
    let mut reader = Reader::start("[engine]\nreview_seconds = 0.05\n", &["--screen-reader"]);
    reader.ask("new people 5 nopie", |l| l.contains("two players"));
    for square in ["c1", "a5", "c2", "a3", "c3", "a1", "c4", "e5", "c5"] {
        reader.ask(square, |l| {
            l.starts_with(&format!("Black {square}")) || l.starts_with(&format!("White {square}"))
        });
    }
    reader.ask("review", |l| {
        l.starts_with("Reviewing the game: 10 positions")
    });
    let one = reader.until(|l| l.starts_with("Player 1: "));
    assert!(one.contains("average loss"), "{one}");
    reader.until(|l| l.starts_with("Player 2: "));
    reader.finish();
}
