//! The real `brique` binary in a pseudo-terminal, for end-to-end tests.
//! Every file lives under a temporary `home`; every wait has a deadline, so a
//! hung program fails the test instead of hanging CI.

// Each test file uses only part of this module.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

pub const ROWS: u16 = 30;
pub const COLS: u16 = 100;
const DEADLINE: Duration = Duration::from_secs(20);

/// A running `brique` with its screen.
pub struct Running {
    pub child: Box<dyn Child + Send + Sync>,
    keys: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    pub parser: vt100::Parser,
    /// Every byte the program wrote to the terminal so far.
    pub received: Vec<u8>,
    pub master: Box<dyn MasterPty + Send>,
    /// The terminal's modes before the program started (cooked).
    pub modes_before: Option<String>,
    /// Dropped with the rest: the reading thread then ends.
    listening: Listening,
}

/// While this lives, the reading thread reads the program's output.
struct Listening(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Drop for Listening {
    fn drop(&mut self) {
        self.0.store(false, std::sync::atomic::Ordering::SeqCst);
    }
}

/// Starts `brique` with its config (`--config home/config/brique.toml`),
/// state and data under `home`.
pub fn start(home: &Path) -> Running {
    start_with(home, &[])
}

/// Starts `brique ARGS --config home/config/brique.toml` (a subcommand
/// such as `host` with its options), as [`start`] does.
pub fn start_with(home: &Path, args: &[&str]) -> Running {
    start_with_env(home, args, &[])
}

/// Starts `brique ARGS` as [`start_with`] does, with these environment
/// variables set too. The welcome of a first start was answered before
/// (its mark is in the state directory): [`start_first_time`] shows it.
pub fn start_with_env(home: &Path, args: &[&str], env: &[(&str, &str)]) -> Running {
    let state = home.join("xdg-state").join("brique");
    std::fs::create_dir_all(&state).unwrap();
    std::fs::write(state.join("welcomed"), "").unwrap();
    spawn(home, args, env)
}

/// Starts `brique` as [`start`] does, as on the very first start: no
/// config file, no game, the welcome never answered.
pub fn start_first_time(home: &Path) -> Running {
    spawn(home, &[], &[])
}

fn spawn(home: &Path, args: &[&str], env: &[(&str, &str)]) -> Running {
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_brique"));
    cmd.args(args);
    cmd.arg("--config");
    cmd.arg(home.join("config").join("brique.toml"));
    cmd.cwd(home);
    cmd.env("TERM", "xterm-256color");
    cmd.env_remove("NO_COLOR");
    cmd.env_remove("BRIQUE_CONFIG");
    cmd.env_remove("BRIQUE_LOG");
    for (var, dir) in [
        ("HOME", "home"),
        ("XDG_CONFIG_HOME", "xdg-config"),
        ("XDG_STATE_HOME", "xdg-state"),
        ("XDG_DATA_HOME", "xdg-data"),
    ] {
        cmd.env(var, home.join(dir));
    }
    for (var, value) in env {
        cmd.env(var, value);
    }
    run_in_pty(cmd)
}

/// Runs `cmd` (any program: the network tests' `ssh`) in a new
/// pseudo-terminal of [`ROWS`] by [`COLS`], as [`start`] runs `brique`.
pub fn run_in_pty(cmd: CommandBuilder) -> Running {
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let modes_before = modes(&*pair.master);
    let child = pair.slave.spawn_command(cmd).unwrap();
    let mut reader = pair.master.try_clone_reader().unwrap();
    let keys = pair.master.take_writer().unwrap();
    let (sender, output) = channel();
    // The reader holds the terminal open: it must end once the test lets
    // go of the program's output, even when the program writes nothing more
    // (an idle screen is silent), or a hang-up never happens.
    let readable = Readable::of(&*pair.master);
    let listening = Listening(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
        true,
    )));
    let listened = std::sync::Arc::clone(&listening.0);
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        loop {
            if !readable.wait() {
                // Nothing came: is anyone still listening?
                if !listened.load(std::sync::atomic::Ordering::SeqCst) {
                    break;
                }
                continue;
            }
            match reader.read(&mut buf) {
                Ok(n) if n > 0 && sender.send(buf[..n].to_vec()).is_ok() => {}
                _ => break,
            }
        }
    });
    let size = |n: u16| std::num::NonZeroU16::new(n).unwrap();
    Running {
        child,
        keys,
        output,
        parser: vt100::Parser::new(size(ROWS), size(COLS), 0),
        received: Vec::new(),
        master: pair.master,
        modes_before,
        listening,
    }
}

/// A copy of the terminal's descriptor, owned by the reading thread, to
/// wait on with a timeout.
struct Readable(std::os::fd::OwnedFd);

impl Readable {
    fn of(master: &dyn MasterPty) -> Readable {
        use std::os::fd::BorrowedFd;
        let fd = master.as_raw_fd().expect("the terminal's descriptor");
        // SAFETY: the master is open for the duration of this call.
        let borrowed = unsafe { BorrowedFd::borrow_raw(fd) };
        Readable(borrowed.try_clone_to_owned().unwrap())
    }

    /// Whether the terminal has output to read (or has ended) within 50 ms.
    fn wait(&self) -> bool {
        use rustix::event::{PollFd, PollFlags, Timespec, poll};
        let mut watch = [PollFd::new(&self.0, PollFlags::IN)];
        let wait = Timespec {
            tv_sec: 0,
            tv_nsec: 50_000_000,
        };
        poll(&mut watch, Some(&wait)).is_ok_and(|ready| ready > 0)
    }
}

/// A left click on `square` of the default board on a `cols`×`rows`
/// screen: its press and release as SGR mouse reports (1-based).
pub fn click(cols: u16, rows: u16, square: &str) -> Vec<u8> {
    let layout = brique::app::layout::screen(
        ratatui::layout::Rect::new(0, 0, cols, rows),
        brique::core::BoardSize::DEFAULT,
    )
    .unwrap();
    let (x, y) = layout.board.glyph_cell(square.parse().unwrap());
    let (x, y) = (x + 1, y + 1);
    format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").into_bytes()
}

/// Starts `brique` under `home` (as [`start`]) and waits for its board.
pub fn start_on_board(home: &Path) -> Running {
    let mut app = start(home);
    app.wait_for("the board", |s| s.contains("Player 1 to play"));
    app
}

/// The pty's terminal modes, as text to compare.
pub fn modes(master: &dyn MasterPty) -> Option<String> {
    master.get_termios().map(|t| format!("{t:?}"))
}

impl Running {
    pub fn modes(&self) -> Option<String> {
        modes(&*self.master)
    }

    pub fn screen(&self) -> &vt100::Screen {
        self.parser.screen()
    }

    /// Feeds output into the screen until `done` holds for its text.
    pub fn wait_for(&mut self, what: &str, done: impl Fn(&str) -> bool) {
        let start = Instant::now();
        while !done(&self.parser.screen().contents()) {
            let left = DEADLINE.saturating_sub(start.elapsed());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.take(&bytes),
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

    /// Reads whatever output is still coming, until it pauses.
    pub fn drain(&mut self) {
        while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(300)) {
            self.take(&bytes);
        }
    }

    /// Everything the program writes during `span` (fed into the screen
    /// too): output that never pauses still ends the wait.
    pub fn output_during(&mut self, span: Duration) -> Vec<u8> {
        let end = Instant::now() + span;
        let mut got = Vec::new();
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.output.recv_timeout(left) {
                Ok(bytes) => {
                    self.take(&bytes);
                    got.extend_from_slice(&bytes);
                }
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        got
    }

    /// Resizes the terminal (the program gets SIGWINCH) and the screen
    /// that follows its output.
    pub fn resize(&mut self, rows: u16, cols: u16) {
        self.master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let size = |n: u16| std::num::NonZeroU16::new(n).unwrap();
        self.parser.set_size(size(rows), size(cols));
    }

    /// Feeds `bytes` from the program into the screen.
    fn take(&mut self, bytes: &[u8]) {
        self.parser.process(bytes);
        self.received.extend_from_slice(bytes);
    }

    pub fn send(&mut self, keys: &[u8]) {
        self.keys.write_all(keys).unwrap();
        self.keys.flush().unwrap();
    }

    /// Waits for the process to end, killing it at the deadline.
    pub fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            if start.elapsed() > DEADLINE {
                let _ = self.child.kill();
                panic!(
                    "brique did not end; the screen:\n{}",
                    self.screen().contents()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Running {
    /// Sends the signal named `name` (`TERM`, `TSTP`, …) with `kill`.
    /// Closes the terminal (as a closed window does), giving back the
    /// program, which the hang-up should end.
    pub fn hang_up(self) -> Box<dyn Child + Send + Sync> {
        let Running { child, .. } = self;
        child
    }

    pub fn signal(&mut self, name: &str) {
        let pid = self.child.process_id().expect("the child's process id");
        let sent = std::process::Command::new("kill")
            .args([format!("-{name}"), pid.to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -{name} {pid}");
    }

    /// Feeds output into the screen until the terminal's state, as the
    /// screen and the pty's modes tell it, satisfies `done`.
    pub fn wait_until(&mut self, what: &str, done: impl Fn(&Running) -> bool) {
        let start = Instant::now();
        while !done(self) {
            let left = DEADLINE.saturating_sub(start.elapsed());
            match self
                .output
                .recv_timeout(left.min(Duration::from_millis(50)))
            {
                Ok(bytes) => self.take(&bytes),
                Err(RecvTimeoutError::Timeout) if !left.is_zero() => {}
                Err(_) => panic!(
                    "no {what} before the deadline; the screen shows:\n{}",
                    self.parser.screen().contents()
                ),
            }
        }
    }

    /// What is not as it was before the program took the terminal: the
    /// main screen, no mouse reports, the cursor shown, no bracketed paste,
    /// cooked mode. Empty when all is restored.
    pub fn unrestored(&self) -> Vec<&'static str> {
        let screen = self.screen();
        [
            (screen.alternate_screen(), "alternate screen"),
            (
                screen.mouse_protocol_mode() != vt100::MouseProtocolMode::None,
                "mouse capture",
            ),
            (screen.hide_cursor(), "hidden cursor"),
            (screen.bracketed_paste(), "bracketed paste"),
            (self.modes() != self.modes_before, "raw mode"),
        ]
        .into_iter()
        .filter_map(|(left, what)| left.then_some(what))
        .collect()
    }

    pub fn terminal_restored(&self) -> bool {
        self.unrestored().is_empty()
    }
}

/// The autosave's text under the temporary `home` (empty if there is none).
pub fn autosave_text(home: &Path) -> String {
    saved_text(home, "autosave.brique")
}

/// The text of `name` in the state directory under `home` (empty if none).
pub fn saved_text(home: &Path, name: &str) -> String {
    std::fs::read_to_string(home.join("xdg-state/brique").join(name)).unwrap_or_default()
}

/// The text of `name` once `done` holds for it: the autosave is written by
/// its own thread just after the screen shows the change, so a test waits
/// for the file (bounded, as every wait here) before reading it.
pub fn saved_once(home: &Path, name: &str, done: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        let text = saved_text(home, name);
        if done(&text) || start.elapsed() > DEADLINE {
            return text;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The terminal given back: the main screen, mouse capture off, the cursor shown.
pub fn assert_terminal_restored(screen: &vt100::Screen) {
    assert!(!screen.alternate_screen(), "back on the main screen");
    assert_eq!(
        screen.mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "mouse capture is off"
    );
    assert!(!screen.hide_cursor(), "the cursor is visible");
}
