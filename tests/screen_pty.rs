//! The real `brique` binary in a pseudo-terminal: arrow keys move the cursor,
//! Enter places a stone that appears on the screen, so does a mouse click,
//! `q` then `y` quits, and
//! the terminal is left as it was found (screen, mouse, cursor, raw mode).
//! Every wait has a deadline, so a hung program fails the test instead of
//! hanging CI.

#![cfg(unix)]

use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

const ROWS: u16 = 30;
const COLS: u16 = 100;
const DEADLINE: Duration = Duration::from_secs(20);

/// Feeds output into the parser until `done` holds for the screen.
fn wait_for(
    output: &Receiver<Vec<u8>>,
    parser: &mut vt100::Parser,
    what: &str,
    done: impl Fn(&vt100::Screen) -> bool,
) {
    let start = Instant::now();
    while !done(parser.screen()) {
        let left = DEADLINE.saturating_sub(start.elapsed());
        match output.recv_timeout(left) {
            Ok(bytes) => parser.process(&bytes),
            Err(RecvTimeoutError::Timeout) => panic!(
                "timed out waiting for {what}; the screen shows:\n{}",
                parser.screen().contents()
            ),
            Err(RecvTimeoutError::Disconnected) => panic!(
                "the program's output ended before {what}; the screen shows:\n{}",
                parser.screen().contents()
            ),
        }
    }
}

/// Reads whatever output is still coming, until it pauses.
fn drain(output: &Receiver<Vec<u8>>, parser: &mut vt100::Parser) {
    while let Ok(bytes) = output.recv_timeout(Duration::from_millis(300)) {
        parser.process(&bytes);
    }
}

#[test]
fn a_stone_placed_with_the_keyboard_shows_and_quitting_restores_the_terminal() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config").join("brique.toml");
    let pty = native_pty_system();
    let pair = pty
        .openpty(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let termios_before = pair.master.get_termios();

    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_brique"));
    cmd.arg("--config");
    cmd.arg(&config);
    cmd.cwd(home.path());
    cmd.env("TERM", "xterm-256color");
    cmd.env_remove("NO_COLOR");
    cmd.env_remove("BRIQUE_CONFIG");
    for (var, dir) in [
        ("HOME", "home"),
        ("XDG_CONFIG_HOME", "xdg-config"),
        ("XDG_STATE_HOME", "xdg-state"),
        ("XDG_DATA_HOME", "xdg-data"),
    ] {
        cmd.env(var, home.path().join(dir));
    }
    let mut child = pair.slave.spawn_command(cmd).unwrap();

    let mut reader = pair.master.try_clone_reader().unwrap();
    let mut keys = pair.master.take_writer().unwrap();
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
    let mut parser = vt100::Parser::new(size(ROWS), size(COLS), 0);

    wait_for(&output, &mut parser, "the board", |s| {
        s.contents().contains("Player 1 to play")
    });
    let screen = parser.screen();
    assert!(
        screen.alternate_screen(),
        "the game uses the alternate screen"
    );
    assert_ne!(
        screen.mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "the mouse is captured"
    );
    assert!(screen.hide_cursor());
    assert_ne!(
        pair.master.get_termios(),
        termios_before,
        "raw mode is on while playing"
    );

    // The cursor starts on h8: up to h9, left to g9, then Enter places there.
    keys.write_all(b"\x1b[A").unwrap();
    keys.write_all(b"\x1b[D").unwrap();
    keys.write_all(b"\r").unwrap();
    keys.flush().unwrap();
    wait_for(&output, &mut parser, "the stone on g9", |s| {
        s.contents().contains("1. ● g9")
    });
    let contents = parser.screen().contents();
    assert!(contents.contains("Last: ● g9"), "{contents}");
    assert!(contents.contains("Player 2 to play"), "{contents}");
    // The stone itself is drawn on the board, in the row numbered 9.
    let row_9 = contents
        .lines()
        .find(|line| line.trim_start().starts_with("9 "))
        .unwrap_or_default();
    assert!(row_9.contains('●'), "row 9 is {row_9:?}");

    // A left click (SGR mouse report, 1-based) places White's stone on c3.
    let layout = brique::app::layout::screen(
        ratatui::layout::Rect::new(0, 0, COLS, ROWS),
        brique::core::BoardSize::DEFAULT,
    )
    .unwrap();
    let (x, y) = layout.board.glyph_cell("c3".parse().unwrap());
    let (x, y) = (x + 1, y + 1);
    keys.write_all(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes())
        .unwrap();
    keys.flush().unwrap();
    wait_for(&output, &mut parser, "the clicked stone on c3", |s| {
        s.contents().contains("2. ○ c3")
    });

    // A game is in progress, so quitting asks first.
    keys.write_all(b"q").unwrap();
    keys.flush().unwrap();
    wait_for(&output, &mut parser, "the quit question", |s| {
        s.contents().contains("Quit anyway?")
    });
    keys.write_all(b"y").unwrap();
    keys.flush().unwrap();

    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            panic!("brique did not exit after q, y");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    drain(&output, &mut parser);

    let screen = parser.screen();
    assert!(!screen.alternate_screen(), "back on the main screen");
    assert_eq!(
        screen.mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "mouse capture is off"
    );
    assert!(!screen.hide_cursor(), "the cursor is visible");
    assert_eq!(pair.master.get_termios(), termios_before, "raw mode is off");
    assert!(
        !home.path().join("home").exists() && !home.path().join("xdg-config").exists(),
        "nothing written outside the given config"
    );
}
