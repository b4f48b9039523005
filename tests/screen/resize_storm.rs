//! Issue #45: a storm of resizes in a real terminal while the engine
//! thinks left the board gone or half drawn in about one try in three,
//! and it stayed so. Here tmux (on a socket of its own) runs the real
//! binary, the computer playing itself; five storms of 400 resizes, from
//! 1×1 to 300×100, each followed by the terminal's own size and a key:
//! every time the whole screen is drawn again. tmux is installed where it
//! is missing (tests/common/programs.rs); without it this test fails,
//! saying so. Every wait has a deadline.

#![cfg(unix)]

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const WIDTH: u16 = 120;
const HEIGHT: u16 = 40;
const STORMS: usize = 5;
const RESIZES: usize = 400;
/// Resizes sent in one tmux command, so that they come in bursts.
const BURST: usize = 20;
const DEADLINE: Duration = Duration::from_secs(20);
const WINDOW: &str = "storm";

/// A tmux server of this test's own, killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(home: &Path) -> Tmux {
        crate::programs::require("tmux");
        let tmux = Tmux {
            socket: format!("brique-storm-{}", std::process::id()),
        };
        let dir = |name: &str| home.join(name).display().to_string();
        let quoted = |text: String| format!("'{}'", text.replace('\'', r"'\''"));
        let command = [
            "env".to_string(),
            "-u NO_COLOR -u BRIQUE_CONFIG -u BRIQUE_LOG".to_string(),
            "TERM=xterm-256color".to_string(),
            format!("HOME={}", quoted(dir("home"))),
            format!("XDG_CONFIG_HOME={}", quoted(dir("config"))),
            format!("XDG_DATA_HOME={}", quoted(dir("data"))),
            format!("XDG_STATE_HOME={}", quoted(dir("state"))),
            quoted(env!("CARGO_BIN_EXE_brique").to_string()),
        ]
        .join(" ");
        let (width, height) = (WIDTH.to_string(), HEIGHT.to_string());
        let started = tmux.run(&[
            "new-session",
            "-d",
            "-s",
            WINDOW,
            "-x",
            &width,
            "-y",
            &height,
            &command,
        ]);
        assert!(started.status.success(), "tmux did not start: {started:?}");
        tmux
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn screen(&self) -> String {
        let captured = self.run(&["capture-pane", "-p", "-t", WINDOW]);
        String::from_utf8_lossy(&captured.stdout).into_owned()
    }

    /// Captures the screen until `done` holds for it, or fails.
    fn wait_for(&self, what: &str, done: impl Fn(&str) -> bool) {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if done(&screen) {
                return;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "timed out waiting for {what}; the screen shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// Whether the 9×9 board is drawn whole at 120×40: the title on top, the
/// key line at the bottom, every file's letter and every rank's number.
fn whole(screen: &str) -> bool {
    let rows: Vec<&str> = screen.lines().collect();
    let top = rows.iter().take(3).any(|r| r.contains("Brique"));
    let bottom =
        rows.len() == usize::from(HEIGHT) && rows.last().is_some_and(|r| r.contains("help"));
    let files = rows.iter().any(|r| {
        let letters: String = r.split_whitespace().collect();
        letters.contains("abcdefghi")
    });
    let ranks = (1..=9).all(|n| {
        rows.iter()
            .any(|r| r.split_whitespace().next() == Some(&n.to_string()))
    });
    top && bottom && files && ranks
}

/// Sizes from 1×1 to 300×100, the same every run.
fn sizes(seed: u64) -> impl Iterator<Item = (u16, u16)> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    std::iter::repeat_with(move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let width = 1 + (state % 300) as u16;
        let height = 1 + ((state >> 32) % 100) as u16;
        (width, height)
    })
}

#[test]
fn storms_of_resizes_while_the_engine_thinks_end_with_the_whole_board_drawn() {
    let home = tempfile::tempdir().unwrap();
    for dir in ["home", "data"] {
        std::fs::create_dir_all(home.path().join(dir)).unwrap();
    }
    let state = home.path().join("state").join("brique");
    std::fs::create_dir_all(&state).unwrap();
    std::fs::write(state.join("welcomed"), "").unwrap();
    let config = home.path().join("config").join("brique");
    std::fs::create_dir_all(&config).unwrap();
    // The computer against itself at its strongest: always thinking.
    std::fs::write(
        config.join("config.toml"),
        "[game]\nsize = 9\n[engine]\nmode = \"computer-vs-computer\"\nlevel = \"strongest\"\n",
    )
    .unwrap();
    let tmux = Tmux::start(home.path());
    tmux.wait_for("the engine thinking", |s| s.contains("iterations"));
    tmux.wait_for("the whole board", whole);
    let (width, height) = (WIDTH.to_string(), HEIGHT.to_string());
    for storm in 0..STORMS {
        let sizes: Vec<(String, String)> = sizes(storm as u64 + 1)
            .take(RESIZES)
            .map(|(w, h)| (w.to_string(), h.to_string()))
            .collect();
        for burst in sizes.chunks(BURST) {
            let mut args: Vec<&str> = Vec::new();
            for (w, h) in burst {
                args.extend(["resize-window", "-t", WINDOW, "-x", w, "-y", h, ";"]);
            }
            args.pop();
            let resized = tmux.run(&args);
            assert!(resized.status.success(), "{resized:?}");
        }
        tmux.run(&["resize-window", "-t", WINDOW, "-x", &width, "-y", &height]);
        tmux.run(&["send-keys", "-t", WINDOW, "Right"]);
        let what = format!("the whole board after storm {}", storm + 1);
        tmux.wait_for(&what, whole);
        // tmux tells the program of its last sizes a little later (at most
        // every 250 ms): the board stays whole after those too.
        std::thread::sleep(Duration::from_secs(1));
        tmux.wait_for(&what, whole);
    }
    tmux.run(&["send-keys", "-t", WINDOW, "q", "y"]);
}
