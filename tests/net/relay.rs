//! Play through the relay (`brique server`) on the loopback interface: a
//! host and a guest meet with a code of words and play; a wrong code is
//! refused, the host is told and its nameplate is gone; a game comes back
//! after the relay restarts; and the relay survives garbage, long lines,
//! half-open, slow and silent connections, floods, readers that never read
//! and a thousand idle connections, with its memory bounded, while a game
//! goes on. Every wait is bounded; every relay stops when dropped.

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use brique::core::Move;
use brique::net::{
    Connection, Event, Hello, Message, Resume, WordCode, host_via, join_via, rejoin_via,
};
use brique::server::{self, Limits, Relay};

use crate::support::{DEADLINE, joined, wait_for};

fn relay(limits: Limits) -> Relay {
    server::start("127.0.0.1:0".parse().unwrap(), limits).unwrap()
}

/// Waits until `done` holds; panics at the deadline.
fn wait_until(what: &str, done: impl Fn() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < DEADLINE, "not {what} in time");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A host and a guest joined through `relay`.
fn pair(relay: SocketAddr) -> (Connection, Connection, WordCode) {
    pair_via(relay, relay)
}

/// A host (Ann) reaching the relay at `host_at` and a guest (Bob) at
/// `guest_at` (the same relay, or proxies in front of it), joined.
pub fn pair_via(host_at: SocketAddr, guest_at: SocketAddr) -> (Connection, Connection, WordCode) {
    let (host, code) = host_via(host_at, Hello::ours("Ann")).unwrap();
    let guest = join_via(guest_at, code, Hello::ours("Bob"));
    assert_eq!(
        wait_for(&host, "the guest", joined),
        Event::Joined("Bob".into())
    );
    assert_eq!(
        wait_for(&guest, "the host", joined),
        Event::Joined("Ann".into())
    );
    (host, guest, code)
}

/// A move from the guest and a chat line back reach the other side.
fn exchange(host: &Connection, guest: &Connection, n: usize) {
    let mv = Move::Place(["a1", "b2", "c3", "d4"][n % 4].parse().unwrap());
    let start = Instant::now();
    while !guest.send(Message::Play(mv)) {
        assert!(start.elapsed() < DEADLINE, "the guest cannot send");
        std::thread::sleep(Duration::from_millis(20));
    }
    let got = wait_for(host, "the move", |e| matches!(e, Event::Got(_)));
    assert_eq!(got, Event::Got(Message::Play(mv)));
    assert!(host.send(Message::Chat(format!("move {n}"))));
    let got = wait_for(guest, "the chat", |e| matches!(e, Event::Got(_)));
    assert_eq!(got, Event::Got(Message::Chat(format!("move {n}"))));
}

/// A raw connection to the relay that sends `request` and reads its answer.
fn raw(relay: SocketAddr, request: &[u8]) -> (TcpStream, String) {
    let mut stream = TcpStream::connect(relay).unwrap();
    stream.set_read_timeout(Some(DEADLINE)).unwrap();
    stream.write_all(request).unwrap();
    let answer = read_line(&mut stream);
    (stream, answer)
}

fn read_line(stream: &mut TcpStream) -> String {
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while let Ok(1) = stream.read(&mut byte) {
        if byte[0] == b'\n' {
            break;
        }
        line.push(byte[0]);
    }
    String::from_utf8_lossy(&line).into_owned()
}

/// Whether the relay has closed `stream` (reads to its end within the deadline).
fn closed(stream: &mut TcpStream) -> bool {
    stream.set_read_timeout(Some(DEADLINE)).unwrap();
    let mut sink = [0u8; 256];
    loop {
        match stream.read(&mut sink) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if e.kind() == ErrorKind::ConnectionReset => return true,
            Err(_) => return false,
        }
    }
}

#[test]
fn two_players_meet_with_a_code_of_words_and_play() {
    let relay = relay(Limits::default());
    let (host, guest, code) = pair(relay.address);
    let words = code.to_string();
    assert!(
        words.starts_with(&format!("{}-", code.nameplate())),
        "{words}"
    );
    assert_eq!(words.split('-').count(), 3, "{words}");
    for n in 0..4 {
        exchange(&host, &guest, n);
    }
    // The code is spent: the host shows a new one.
    wait_until("a new code", || host.code().is_some_and(|c| c != code));
    assert_eq!(host.wrong_guesses(), 0);
}

#[test]
fn a_wrong_code_is_refused_the_host_is_told_and_the_nameplate_ends() {
    let relay = relay(Limits::default());
    let (host, code) = host_via(relay.address, Hello::ours("Ann")).unwrap();
    let right = code.to_string();
    let (nameplate, first, second) = {
        let mut parts = right.split('-');
        (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        )
    };
    // Another second word: the same nameplate, a wrong code.
    let other = if second == "aardvark" {
        "absurd"
    } else {
        "aardvark"
    };
    let wrong: WordCode = format!("{nameplate}-{first}-{other}").parse().unwrap();
    let eve = join_via(relay.address, wrong, Hello::ours("Eve"));
    let Event::Refused(why) = wait_for(&eve, "the refusal", |e| matches!(e, Event::Refused(_)))
    else {
        unreachable!()
    };
    assert!(why.contains("code is wrong"), "{why}");
    wait_until("the host told", || host.wrong_guesses() == 1);
    wait_until("a new nameplate", || {
        host.code()
            .is_some_and(|c| c.nameplate() != code.nameplate())
    });
    assert!(host.next_event().is_none(), "no one joined the host");

    // The nameplate is gone: a second guess, even the right code, finds
    // no one there.
    let (mut stream, answer) = raw(
        relay.address,
        format!("brique-relay 1 guest {nameplate}\n").as_bytes(),
    );
    assert_eq!(
        answer,
        format!("refused no game waits at nameplate {nameplate}")
    );
    assert!(closed(&mut stream));
    // A spent code cannot work again: the guest is told so at once, for
    // good (it does not try again and again).
    let late = join_via(relay.address, code, Hello::ours("Bob"));
    let Event::Refused(why) = wait_for(&late, "the relay's answer", |e| {
        matches!(e, Event::Refused(_) | Event::Lost(_))
    }) else {
        panic!("the spent code was not refused for good")
    };
    assert!(why.contains("no game waits at nameplate"), "{why}");
    assert!(why.contains("ask for the new code"), "{why}");
    assert!(host.next_event().is_none());

    // The new code joins.
    let guest = join_via(relay.address, host.code().unwrap(), Hello::ours("Bob"));
    wait_for(&guest, "the host", joined);
    wait_for(&host, "the guest", joined);
}

#[test]
fn a_game_comes_back_after_the_relay_restarts() {
    let first = relay(Limits::default());
    let address = first.address;
    let (host, guest, _) = pair(address);
    exchange(&host, &guest, 0);
    drop(first);
    wait_for(&host, "the loss", |e| matches!(e, Event::Lost(_)));
    wait_for(&guest, "the loss", |e| matches!(e, Event::Lost(_)));
    // A fresh relay on the same port: the two meet again on their channel.
    let _second = server::start(address, Limits::default()).unwrap();
    wait_for(&host, "the guest back", joined);
    wait_for(&guest, "the host back", joined);
    exchange(&host, &guest, 1);
}

#[test]
fn a_guest_restarted_comes_back_on_the_games_channel() {
    let relay = relay(Limits::default());
    let (host, guest, code) = pair(relay.address);
    exchange(&host, &guest, 0);
    let resume = guest.resume().expect("the way back, once met");
    assert_eq!(host.resume(), Some(resume.clone()));
    // The program dies; the new one has the way back from its autosave.
    drop(guest);
    wait_for(&host, "the loss", |e| matches!(e, Event::Lost(_)));
    let guest = rejoin_via(relay.address, code, resume.clone(), Hello::ours("Bob"));
    wait_for(&host, "the guest back", joined);
    wait_for(&guest, "the host back", joined);
    exchange(&host, &guest, 1);
    // Coming back keeps the channel: a later restart finds it again.
    assert_eq!(guest.resume(), Some(resume.clone()));
    assert_eq!(host.resume(), Some(resume));
    assert_eq!(relay.stats().refused_asks, 0);
}

#[test]
fn a_guest_that_finds_no_one_asks_less_and_less_often() {
    // Five requests a minute: a guest trying every second would be refused
    // within six seconds.
    let relay = relay(Limits {
        asks_per_minute: 5,
        ..Limits::default()
    });
    let nobody = Resume::from_hex(&"ab".repeat(64)).unwrap();
    let code: WordCode = "7-guitarist-revenge".parse().unwrap();
    let guest = rejoin_via(relay.address, code, nobody, Hello::ours("Bob"));
    let start = Instant::now();
    let mut tries = 0;
    while start.elapsed() < Duration::from_secs(8) {
        if let Some(Event::Lost(why)) = guest.next_event() {
            assert!(why.contains("no game waits on this channel"), "{why}");
            tries += 1;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!((2..=5).contains(&tries), "{tries} tries in 8 s");
    assert_eq!(relay.stats().refused_asks, 0);
}

#[test]
fn bad_requests_are_refused_with_a_reason() {
    let relay = relay(Limits::default());
    let (mut s, answer) = raw(relay.address, b"GET / HTTP/1.1\r\n\r\n");
    assert_eq!(answer, "refused not a brique relay request");
    assert!(closed(&mut s));
    let (mut s, answer) = raw(relay.address, b"brique-relay 9 host\n");
    assert!(
        answer.contains("brique-relay 1 and the client 9"),
        "{answer}"
    );
    assert!(closed(&mut s));
    let mut binary = vec![0xff; 64];
    binary.push(b'\n');
    let (mut s, answer) = raw(relay.address, &binary);
    assert_eq!(answer, "refused a request not in text");
    assert!(closed(&mut s));
    // A line without end, as long as you like: cut at the limit.
    let mut s = TcpStream::connect(relay.address).unwrap();
    let _ = s.write_all(&[b'a'; 100_000]);
    assert!(closed(&mut s));
    // A host that speaks before it is joined is no host.
    let (mut s, answer) = raw(relay.address, b"brique-relay 1 host\nhello");
    assert!(answer.starts_with("refused"), "{answer}");
    assert!(closed(&mut s));
}

#[test]
fn silent_slow_and_half_open_connections_are_closed() {
    let relay = relay(Limits {
        request_timeout: Duration::from_millis(500),
        nameplate_ttl: Duration::from_secs(1),
        ..Limits::default()
    });
    // Nothing sent.
    let mut silent = TcpStream::connect(relay.address).unwrap();
    // A request a byte at a time, too slowly.
    let mut slow = TcpStream::connect(relay.address).unwrap();
    for &b in b"brique-re" {
        // Refused before the end: writes may then fail.
        let _ = slow.write_all(&[b]);
        std::thread::sleep(Duration::from_millis(100));
    }
    // Half open: a request begun, then the sending side shut.
    let mut half = TcpStream::connect(relay.address).unwrap();
    half.write_all(b"brique-relay 1 gu").unwrap();
    half.shutdown(std::net::Shutdown::Write).unwrap();
    for s in [&mut silent, &mut slow, &mut half] {
        assert!(closed(s));
    }
    // A host that waits too long is told its nameplate expired.
    let (mut waiting, answer) = raw(relay.address, b"brique-relay 1 host\n");
    assert!(answer.starts_with("nameplate "), "{answer}");
    assert_eq!(read_line(&mut waiting), "expired");
    assert!(closed(&mut waiting));
    wait_until("all let go", || relay.stats().connections == 0);
    assert_eq!(relay.stats().waiting, 0);
}

#[test]
fn a_reader_that_never_reads_cannot_fill_the_relay() {
    let relay = relay(Limits {
        write_stall: Duration::from_secs(1),
        // No slowing down: the guest's buffers fill at once.
        bytes_per_second: usize::MAX,
        ..Limits::default()
    });
    let (mut host, answer) = raw(relay.address, b"brique-relay 1 host\n");
    let nameplate = answer.strip_prefix("nameplate ").unwrap().to_string();
    let (_guest, answer) = raw(
        relay.address,
        format!("brique-relay 1 guest {nameplate}\n").as_bytes(),
    );
    assert_eq!(answer, "paired");
    assert_eq!(read_line(&mut host), "paired");
    // The guest never reads: the host's writes block, then the relay
    // gives up on the pair and the host's connection ends.
    host.set_write_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let chunk = vec![7u8; 64 * 1024];
    let start = Instant::now();
    let mut written = 0usize;
    loop {
        match host.write(&chunk) {
            Ok(n) => written += n,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => break,
        }
        assert!(
            start.elapsed() < DEADLINE,
            "the pair still open after {written} bytes"
        );
    }
    // What was written sits in the kernel's buffers and one relay buffer:
    // far less than the gigabytes a writer could send.
    assert!(written < 64 << 20, "{written} bytes taken");
    wait_until("the pair let go", || relay.stats().connections == 0);
}

#[test]
fn a_flood_is_refused_and_the_game_goes_on() {
    let relay = relay(Limits::default());
    let (host, guest, _) = pair(relay.address);
    exchange(&host, &guest, 0);
    // Many connections from one address: past the limit each is told why
    // and closed, and the game's connections are not touched.
    let mut refused = 0;
    let mut held = Vec::new();
    for _ in 0..200 {
        let Ok(mut s) = TcpStream::connect(relay.address) else {
            continue;
        };
        s.set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let mut line = [0u8; 64];
        match s.read(&mut line) {
            Ok(n) if n > 0 => {
                assert!(String::from_utf8_lossy(&line[..n]).contains("too many connections"));
                refused += 1;
            }
            _ => held.push(s),
        }
    }
    assert!(refused >= 150, "{refused} refused");
    assert!(relay.stats().connections <= Limits::default().per_address);
    // Requests too: one address may ask only so many nameplates a minute.
    drop(held);
    wait_until("the flood let go", || relay.stats().connections <= 4);
    let mut answers = Vec::new();
    for _ in 0..40 {
        let (_s, answer) = raw(relay.address, b"brique-relay 1 guest 999\n");
        answers.push(answer);
    }
    assert!(
        answers.iter().any(|a| a.contains("too many requests")),
        "{answers:?}"
    );
    exchange(&host, &guest, 1);
}

/// The resident memory of this process, in kB.
fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
#[cfg(target_os = "linux")]
fn a_thousand_idle_connections_hold_little_and_the_game_goes_on() {
    // Each idle connection takes two descriptors here (both ends).
    let files = server::raise_open_files().unwrap_or(0);
    let idle = 1000.min(usize::try_from(files.saturating_sub(200) / 2).unwrap_or(0));
    assert!(idle >= 400, "too few open files allowed ({files})");
    let relay = relay(Limits {
        per_address: idle + 16,
        request_timeout: Duration::from_secs(60),
        ..Limits::default()
    });
    let (host, guest, _) = pair(relay.address);
    exchange(&host, &guest, 0);
    let before = rss_kb();
    let connections: Vec<TcpStream> = (0..idle)
        .map(|_| TcpStream::connect(relay.address).unwrap())
        .collect();
    wait_until("all held", || relay.stats().connections >= idle);
    exchange(&host, &guest, 1);
    let grown = rss_kb().saturating_sub(before);
    // A few kB per connection in the relay (a task, a 160-byte line
    // buffer), none of the 4 kB copy buffers of a joined pair.
    assert!(grown < 32 * 1024, "{grown} kB for {idle} idle connections");
    drop(connections);
    wait_until("all let go", || relay.stats().connections <= 4);
    exchange(&host, &guest, 2);
}

/// `brique` with `config` as its config file and every directory under a
/// temporary one.
fn brique_with(config: &str, args: &[&str]) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config.toml");
    std::fs::write(&file, config).unwrap();
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_brique"));
    for (var, sub) in [
        ("HOME", "home"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_DATA_HOME", "data"),
        ("XDG_STATE_HOME", "state"),
    ] {
        command.env(var, dir.path().join(sub));
    }
    command
        .env("BRIQUE_CONFIG", &file)
        .args(args)
        .output()
        .expect("run brique")
}

fn brique(args: &[&str]) -> std::process::Output {
    brique_with("", args)
}

#[test]
fn join_tells_a_code_of_words_from_an_address() {
    let out = brique(&["join", "7-guitarist-revenge"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("give the relay with --server"), "{err}");
    assert!(!err.contains("guitarist"), "the words are a secret: {err}");
    let out = brique(&["join", "7-guitarist-revenge", "--server", "nowhere"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--server"));
    let out = brique(&["join", "127.0.0.1:7777"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--code"));
    // A mistyped word is named as such, and only that word is said.
    let out = brique(&["join", "7-guitarist-zzz"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("\"zzz\" is not one of a code's second words"),
        "{err}"
    );
    assert!(
        !err.contains("guitarist") && !err.contains("--code"),
        "{err}"
    );
    let out = brique(&["host", "--server", "127.0.0.1:7778", "--port", "1"]);
    assert_eq!(out.status.code(), Some(2), "--server and --port conflict");
}

#[test]
fn join_goes_through_the_configured_relay() {
    // Past the relay's checks, the game screen wants a terminal: the
    // command got that far. (The games themselves: tests/net/relay_app.rs.)
    let configured = "[network]\nserver = \"127.0.0.1:7778\"\n";
    let needs_terminal = |out: &std::process::Output| {
        String::from_utf8_lossy(&out.stderr).contains("needs a terminal")
    };
    let out = brique_with(configured, &["join", "7-guitarist-revenge"]);
    assert!(needs_terminal(&out), "{out:?}");
    let nowhere = "[network]\nserver = \"nowhere.invalid:7778\"\n";
    let out = brique_with(nowhere, &["join", "7-guitarist-revenge"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("the relay"),
        "{out:?}"
    );
    // --port listens here whatever the config says.
    let out = brique_with(nowhere, &["host", "--port", "0"]);
    assert!(needs_terminal(&out), "{out:?}");
}

#[test]
fn the_load_test_runs_pairs_through_a_relay_of_its_own() {
    let out = brique(&["server", "--load", "3"]);
    let report = crate::support::printed(&out);
    assert!(
        report.contains("connections held by the relay at once: 6"),
        "{report}"
    );
    assert!(report.contains("(120 moves)"), "{report}");
    if cfg!(target_os = "linux") {
        assert!(
            report.contains("the relay's peak memory (VmHWM): "),
            "{report}"
        );
    }
}
