//! The real `brique` binary in a pseudo-terminal: three moves played, the
//! process killed with SIGKILL (no chance to save anything on the way out),
//! started again: the three moves are back, and the screen says the game was
//! resumed. Every file lives in a temporary directory; every wait has a
//! deadline, so a hung program fails the test instead of hanging CI.

#![cfg(unix)]

use std::io::{Read, Write};
use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

const ROWS: u16 = 30;
const COLS: u16 = 100;
const DEADLINE: Duration = Duration::from_secs(20);

/// A running `brique` with its screen.
struct Running {
    child: Box<dyn Child + Send + Sync>,
    keys: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    parser: vt100::Parser,
    // Kept open for as long as the program runs.
    _master: Box<dyn MasterPty + Send>,
}

/// Starts `brique` with its config, state and data under `home`.
fn start(home: &Path) -> Running {
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_brique"));
    cmd.arg("--config");
    cmd.arg(home.join("config").join("brique.toml"));
    cmd.cwd(home);
    cmd.env("TERM", "xterm-256color");
    cmd.env_remove("NO_COLOR");
    cmd.env_remove("BRIQUE_CONFIG");
    for (var, dir) in [
        ("HOME", "home"),
        ("XDG_CONFIG_HOME", "xdg-config"),
        ("XDG_STATE_HOME", "xdg-state"),
        ("XDG_DATA_HOME", "xdg-data"),
    ] {
        cmd.env(var, home.join(dir));
    }
    let child = pair.slave.spawn_command(cmd).unwrap();
    let mut reader = pair.master.try_clone_reader().unwrap();
    let keys = pair.master.take_writer().unwrap();
    let (sender, output) = channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || sender.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let size = |n: u16| std::num::NonZeroU16::new(n).unwrap();
    Running {
        child,
        keys,
        output,
        parser: vt100::Parser::new(size(ROWS), size(COLS), 0),
        _master: pair.master,
    }
}

impl Running {
    /// Feeds output into the screen until `done` holds for it.
    fn wait_for(&mut self, what: &str, done: impl Fn(&str) -> bool) {
        let start = Instant::now();
        while !done(&self.parser.screen().contents()) {
            let left = DEADLINE.saturating_sub(start.elapsed());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.parser.process(&bytes),
                Err(RecvTimeoutError::Timeout) => panic!(
                    "timed out waiting for {what}; the screen shows:\n{}",
                    self.parser.screen().contents()
                ),
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "the program's output ended before {what}; the screen shows:\n{}",
                    self.parser.screen().contents()
                ),
            }
        }
    }

    fn send(&mut self, keys: &[u8]) {
        self.keys.write_all(keys).unwrap();
        self.keys.flush().unwrap();
    }

    /// Waits for the process to end, killing it at the deadline.
    fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            if start.elapsed() > DEADLINE {
                let _ = self.child.kill();
                panic!("brique did not end");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

#[test]
fn three_moves_survive_a_kill_9_and_come_back() {
    let home = tempfile::tempdir().unwrap();
    let mut first = start(home.path());
    first.wait_for("the board", |s| s.contains("Player 1 to play"));
    // The cursor starts on h8: Enter places there, → then Enter on i8,
    // ↑ then Enter on i9.
    first.send(b"\r");
    first.wait_for("the first move", |s| s.contains("1. ● h8"));
    first.send(b"\x1b[C\r");
    first.wait_for("the second move", |s| s.contains("2. ○ i8"));
    first.send(b"\x1b[A\r");
    first.wait_for("the third move", |s| s.contains("3. ● i9"));

    // SIGKILL: no handler runs, nothing is written on the way out.
    let pid = first.child.process_id().expect("the child's process id");
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = first.wait_exit();
    assert!(!status.success(), "killed, not a clean exit: {status:?}");
    let autosave = home.path().join("xdg-state/brique/autosave.brique");
    assert!(
        autosave.exists(),
        "the autosave is at {}",
        autosave.display()
    );

    let mut again = start(home.path());
    again.wait_for("the resumed game", |s| {
        s.contains("1. ● h8") && s.contains("2. ○ i8") && s.contains("3. ● i9")
    });
    let screen = again.parser.screen().contents();
    assert!(screen.contains("Resumed your"), "{screen}");
    assert!(screen.contains("Move 4 · Player 2 to play"), "{screen}");
    // Quitting asks (a game is in progress), then leaves cleanly.
    again.send(b"q");
    again.wait_for("the quit question", |s| s.contains("Quit anyway?"));
    again.send(b"y");
    assert!(again.wait_exit().success());
}
