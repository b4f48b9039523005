//! `cargo bench --bench remote`: twenty game screens at once in one process,
//! as the SSH server runs them (`brique::app::remote`, each on its thread
//! with its own temporary home): the memory each costs once its board is
//! drawn, and the time from a key's bytes reaching a session to its new
//! frame leaving it (the server's share of keystroke-to-frame latency,
//! without SSH or the network), one session typing and all typing at once.

// Test code: its helpers outside #[test] may unwrap, expect and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{self, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use brique::app::Locations;
use brique::app::remote::{RemoteInput, RemoteSession, RemoteTerminal, run};
use brique::storage::Paths;

const SESSIONS: usize = 20;
const WAIT: Duration = Duration::from_secs(30);

struct Frames(Sender<Vec<u8>>);

impl Write for Frames {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let sent = self.0.send(buf.to_vec());
        sent.map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

struct Client {
    keys: Sender<RemoteInput>,
    frames: Receiver<Vec<u8>>,
    _home: tempfile::TempDir,
}

fn start() -> Client {
    let home = tempfile::tempdir().expect("a temporary home");
    let paths = Paths::under(home.path());
    std::fs::create_dir_all(&paths.state_dir).expect("the state directory");
    std::fs::write(paths.state_dir.join("welcomed"), "").expect("the welcome answered");
    let (keys, input) = channel();
    let (out, frames) = channel();
    let session = RemoteSession {
        locations: Some(Locations {
            config: Some(paths.config.clone()),
            paths: Some(paths),
        }),
        terminal: RemoteTerminal {
            input,
            output: Box::new(Frames(out)),
            width: 100,
            height: 30,
            term: Some("xterm-256color".to_string()),
            colorterm: None,
        },
        engine_threads: 1,
        lobby: None,
    };
    std::thread::spawn(move || run(session));
    let client = Client {
        keys,
        frames,
        _home: home,
    };
    let mut screen = vt100::Parser::new(nonzero(30), nonzero(100), 0);
    while !screen.screen().contents().contains("to play") {
        screen.process(&client.frame());
    }
    client
}

impl Client {
    /// The next frame's first bytes.
    fn frame(&self) -> Vec<u8> {
        self.frames.recv_timeout(WAIT).expect("a frame in time")
    }

    /// Sends an arrow and returns when its frame comes.
    fn key(&self, round: usize) -> Duration {
        let sent = Instant::now();
        self.keys.send(arrow(round)).expect("a session");
        self.frame();
        sent.elapsed()
    }
}

/// → on even rounds, ← on odd ones: the cursor moves, so the frame changes.
fn arrow(round: usize) -> RemoteInput {
    let key: &[u8] = if round.is_multiple_of(2) {
        b"\x1b[C"
    } else {
        b"\x1b[D"
    };
    RemoteInput::Bytes(key.to_vec())
}

fn nonzero(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("not zero")
}

/// The process's resident memory, in KiB (Linux).
fn resident_kib() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4)
}

fn figures(what: &str, mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
    format!(
        "{what}: median {:.2} ms, 90% {:.2} ms, 99% {:.2} ms, most {:.2} ms ({} keys)\n",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
        times.len()
    )
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let rounds = if full { 50 } else { 2 };
    let before = resident_kib();
    let clients: Vec<Client> = (0..SESSIONS).map(|_| start()).collect();
    let after = resident_kib();
    // Let go of what the first frames cost before measuring the keys.
    for client in &clients {
        while client.frames.try_recv().is_ok() {}
    }
    let mut text = format!("{SESSIONS} remote sessions on 100×30, one engine thread each\n");
    if let (Some(before), Some(after)) = (before, after) {
        let each = after.saturating_sub(before) / SESSIONS as u64;
        text += &format!("memory: {each} KiB a session (resident {before} → {after} KiB)\n");
    }
    let mut one = Vec::new();
    for round in 0..rounds {
        for client in &clients {
            one.push(client.key(round));
        }
    }
    text += &figures("a key to its frame, one typing", one);
    let mut all = Vec::new();
    for round in 0..rounds {
        let sent = Instant::now();
        for client in &clients {
            client.keys.send(arrow(round)).expect("a session");
        }
        for client in &clients {
            client.frame();
            all.push(sent.elapsed());
        }
    }
    text += &figures("a key to its frame, all twenty typing at once", all);
    for client in &clients {
        let _ = client.keys.send(RemoteInput::Closed);
    }
    print!("{text}");
}
