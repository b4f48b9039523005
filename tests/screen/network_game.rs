//! Two real copies of `brique` on the loopback interface, each in its own
//! pseudo-terminal: `brique host` and `brique join` play one game. Every
//! file lives in a temporary directory; every wait has a deadline.

#![cfg(unix)]

use std::path::Path;
use std::time::{Duration, Instant};

use crate::support::{self, Running, start_with};
use brique::net::{Event, Hello, JoinCode, PROTOCOL, connect};

const LEFT: &[u8] = b"\x1b[D";
const RIGHT: &[u8] = b"\x1b[C";
const UP: &[u8] = b"\x1b[A";
const DOWN: &[u8] = b"\x1b[B";

/// A home whose config names Player 1 and plays on a 5×5 board.
fn home(name: &str) -> tempfile::TempDir {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("config");
    std::fs::create_dir_all(&dir).unwrap();
    let config = format!("[players]\nplayer1 = \"{name}\"\n\n[game]\nsize = 5\n");
    std::fs::write(dir.join("brique.toml"), config).unwrap();
    home
}

/// The host's screen's address (127.0.0.1:PORT) and join code.
fn address_and_code(host: &mut Running) -> (String, String) {
    host.wait_for("the address and code", |s| {
        s.contains("127.0.0.1:") && s.contains("code")
    });
    let screen = host.screen().contents();
    let words: Vec<&str> = screen
        .split_whitespace()
        .map(|w| w.trim_end_matches(['.', ',', '│', '|']))
        .collect();
    let address = words
        .iter()
        .find(|w| w.starts_with("127.0.0.1:"))
        .expect("an address")
        .to_string();
    let code = words
        .iter()
        .find(|w| w.len() == 11 && w.as_bytes()[5] == b'-' && w.parse::<JoinCode>().is_ok())
        .unwrap_or_else(|| panic!("a code on\n{screen}"))
        .to_string();
    (address, code)
}

fn start_host(home: &Path, port: &str) -> Running {
    start_with(home, &["host", "--bind", "127.0.0.1", "--port", port])
}

fn start_guest(home: &Path, address: &str, code: &str) -> Running {
    start_with(home, &["join", address, "--code", code])
}

fn playing(s: &str) -> bool {
    s.contains("over the network")
}

/// Sends `keys` to `player`, then waits until both screens show `shown`.
fn play(player: &mut Running, other: &mut Running, keys: &[&[u8]], shown: &str) {
    for key in keys {
        player.send(key);
    }
    player.send(b"\r");
    player.wait_for(shown, |s| s.contains(shown));
    other.wait_for(shown, |s| s.contains(shown));
}

fn kill(running: &mut Running) {
    running.signal("KILL");
    running.wait_exit();
}

#[test]
fn host_and_guest_play_a_game_with_a_swap_and_see_the_same_winner() {
    let (_host_home, guest_home, mut host, address, code) = hosting();
    let mut guest = start_guest(guest_home.path(), &address, &code);
    host.wait_for("the guest", playing);
    guest.wait_for("the host", playing);
    host.wait_for("the guest's name", |s| s.contains("Bob"));
    guest.wait_for("the host's name", |s| s.contains("Ann"));

    // Ann (Black) opens at the centre; it is not Bob's turn before that.
    guest.send(b"\r");
    guest.wait_for("the refusal", |s| s.contains("It is Ann's turn"));
    play(&mut host, &mut guest, &[], "1. ● c3");
    // Bob swaps: he now has Black, Ann plays White and moves.
    guest.send(b"s");
    host.wait_for("the swap", |s| s.contains("2. ○ swap"));
    guest.wait_for("the swap", |s| s.contains("2. ○ swap"));
    host.wait_for("Ann to play", |s| s.contains("Ann to play"));
    play(&mut host, &mut guest, &[LEFT, LEFT, DOWN, DOWN], "○ a1");
    play(&mut guest, &mut host, &[DOWN], "● c2");
    play(&mut host, &mut guest, &[UP], "○ a2");
    play(&mut guest, &mut host, &[UP, UP], "● c4");
    play(&mut host, &mut guest, &[UP], "○ a3");
    play(&mut guest, &mut host, &[UP], "● c5");
    play(&mut host, &mut guest, &[UP], "○ a4");
    play(&mut guest, &mut host, &[DOWN, DOWN, DOWN, DOWN], "● c1");
    host.wait_for("the winner", |s| s.contains("Bob (Black) wins"));
    guest.wait_for("the winner", |s| s.contains("Bob (Black) wins"));
    kill(&mut guest);
    kill(&mut host);
}

/// Ann's home and Bob's, and Ann hosting on a free port: her screen's
/// address and code.
fn hosting() -> (
    tempfile::TempDir,
    tempfile::TempDir,
    Running,
    String,
    String,
) {
    let (host_home, guest_home) = (home("Ann"), home("Bob"));
    let mut host = start_host(host_home.path(), "0");
    let (address, code) = address_and_code(&mut host);
    (host_home, guest_home, host, address, code)
}

#[test]
fn a_wrong_code_is_refused_and_a_name_with_escapes_shows_as_text() {
    let (_host_home, guest_home, mut host, address, code) = hosting();
    let wrong = if code.starts_with('A') {
        "BBBBB-BBBBB"
    } else {
        "AAAAA-AAAAA"
    };
    let mut guest = start_guest(guest_home.path(), &address, wrong);
    guest.wait_for("the refusal", |s| s.contains("the host refused"));
    assert!(!host.screen().contents().contains("joined"));
    kill(&mut guest);

    // A guest whose name holds an escape sequence, from this process.
    let hello = Hello {
        protocol: PROTOCOL,
        program: "test".into(),
        name: "Eve\x1b[2J".into(),
    };
    let eve = connect(address.parse().unwrap(), code.parse().unwrap(), hello);
    host.wait_for("Eve", |s| s.contains("Eve[2J joined"));
    // The screen was not cleared: the board and panel are still there.
    assert!(host.screen().contents().contains("Move 1 · Ann to play"));
    let start = Instant::now();
    while !matches!(eve.next_event(), Some(Event::Joined(_))) {
        assert!(start.elapsed() < Duration::from_secs(20), "Eve joined");
        std::thread::sleep(Duration::from_millis(10));
    }
    kill(&mut host);
}

#[test]
fn the_guest_and_then_the_host_restart_and_the_game_goes_on() {
    let (host_home, guest_home, mut host, address, code) = hosting();
    let port = address.rsplit(':').next().unwrap().to_string();
    let mut guest = start_guest(guest_home.path(), &address, &code);
    host.wait_for("the guest", playing);
    guest.wait_for("the host", playing);
    play(&mut host, &mut guest, &[], "1. ● c3");
    play(&mut guest, &mut host, &[UP], "2. ○ c4");

    // The guest is killed: the host waits for it; the same command resumes.
    kill(&mut guest);
    host.wait_for("the wait", |s| s.contains("Waiting for Bob to reconnect"));
    let mut guest = start_guest(guest_home.path(), &address, &code);
    guest.wait_for("the game again", |s| s.contains("2. ○ c4") && playing(s));
    host.wait_for("the guest again", playing);
    play(&mut host, &mut guest, &[RIGHT], "3. ● d3");

    // The host is killed and started again on the same port: the guest
    // comes back by itself, at the same position.
    kill(&mut host);
    guest.wait_for("the wait", |s| s.contains("Waiting for Ann to reconnect"));
    let mut host = start_host(host_home.path(), &port);
    host.wait_for("the game again", |s| s.contains("3. ● d3"));
    host.wait_for("the guest again", playing);
    guest.wait_for("the host again", playing);
    // The guest's cursor was restored from its autosave, which the kill
    // may have cut short of its last write: it goes to c5 by name.
    play(&mut guest, &mut host, &[b":c5\r"], "4. ○ c5");
    kill(&mut guest);
    kill(&mut host);
}

#[test]
fn with_the_hosts_clock_a_guest_who_does_not_move_loses_on_time_on_both_screens() {
    // Bob, the guest, holds Black. Each clock starts with its side's first
    // move: after one move each, Bob never moves again, and his time runs
    // out on the host's clock.
    let (host_home, guest_home) = (home("Ann"), home("Bob"));
    let config = host_home.path().join("config/brique.toml");
    let timed = "[players]\nplayer1 = \"Ann\"\nblack = \"player2\"\n\n\
                 [game]\nsize = 5\nclock = \"0+2\"\n";
    std::fs::write(config, timed).unwrap();
    let mut host = start_host(host_home.path(), "0");
    let (address, code) = address_and_code(&mut host);
    let mut guest = start_guest(guest_home.path(), &address, &code);
    guest.wait_for("the host's clock", |s| s.contains("Clock 0+2"));
    guest.send(b"\r");
    host.wait_for("Bob's first move", |s| s.contains("1. ● c3"));
    host.send(b"\x1b[C\r");
    guest.wait_for("Ann's first move", |s| s.contains("2. ○ d3"));
    // The panel may wrap the sentence after the colon.
    let lost = |s: &str| {
        s.contains("Bob (Black) ran out of time:") && s.contains("Ann (White) wins on time.")
    };
    host.wait_for("the loss on time", lost);
    guest.wait_for("the loss on time", lost);
    for home in [&host_home, &guest_home] {
        let record = support::saved_once(home.path(), "autosave.brique", |r| {
            r.contains("wins on time")
        });
        assert!(record.contains("clock: 0+2\n"), "{record}");
        assert!(record.contains("result: White wins on time\n"), "{record}");
    }
    kill(&mut guest);
    kill(&mut host);
}

#[test]
fn one_hosts_from_the_settings_and_the_other_joins_from_the_board() {
    let (host_home, guest_home) = (home("Ann"), home("Bob"));
    let mut host = support::start(host_home.path());
    host.wait_for("the board", |s| s.contains("Ann to play"));
    // The settings' last three rows are "Host a game", "Join a game" and
    // "Play online".
    host.send(b"o");
    host.wait_for("the settings", |s| s.contains("Host a game"));
    host.send(UP);
    host.send(UP);
    host.send(UP);
    host.send(b"\r");
    host.wait_for("the host form", |s| s.contains("7777"));
    // Ctrl+U clears the port; 0 is any free one.
    host.send(b"\x150\r");
    let (address, code) = address_and_code(&mut host);

    let mut guest = support::start(guest_home.path());
    guest.wait_for("the board", |s| s.contains("Bob to play"));
    guest.send(b"m");
    guest.wait_for("the join form", |s| s.contains("Join a game"));
    guest.send(address.as_bytes());
    guest.send(b"\t");
    guest.send(code.as_bytes());
    guest.send(b"\r");
    host.wait_for("the guest", playing);
    guest.wait_for("the host", playing);
    play(&mut host, &mut guest, &[], "1. ● c3");
    kill(&mut guest);
    kill(&mut host);
}
