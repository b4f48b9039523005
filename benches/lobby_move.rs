//! `cargo bench --bench lobby_move`: how long a lobby move made by another
//! client takes to reach the board of a screen watching the game. A real
//! lobby (`brique server --lobby`, a child process on 127.0.0.1, its state
//! in a temporary directory); two library clients play a game of random
//! legal moves on 15×15; a game screen watches it in a remote session (the
//! app and event loop the SSH server runs, on a thread here). Each move is
//! timed from the mover's request to the first bytes of the watcher's new
//! frame: the server's push happens between them, so this bounds the time
//! from the push to the board (and includes drawing it). It also prints
//! the time from the mover's answer (sent by the server in the same step
//! as the push, just after it) to the watcher's frame: the push to the
//! board, as near as a client outside the server can time it.

// Bench code: its helpers may unwrap, expect and panic, as test code does.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{self, Write};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use brique::app::Locations;
use brique::app::remote::{RemoteInput, RemoteSession, RemoteTerminal, run};
use brique::core::{BoardSize, Game, Move, Player, Rules, Variant};
use brique::online::protocol::{Answer, Ask, Pace, Terms};
use brique::online::{Client, Identity, Incoming, KEY_FILE, KNOWN_SERVERS_FILE};
use brique::server::lobby::load::spawn_server;
use brique::storage::Paths;

const WAIT: Duration = Duration::from_secs(30);
const SIZE: u8 = 15;

/// The watcher's output: each write, with when it was written.
struct Frames(Sender<(Instant, Vec<u8>)>);

impl Write for Frames {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let sent = self.0.send((Instant::now(), buf.to_vec()));
        sent.map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The watching screen: its keys in, its frames out, parsed.
struct Watcher {
    keys: Sender<RemoteInput>,
    frames: Receiver<(Instant, Vec<u8>)>,
    screen: vt100::Parser,
}

impl Watcher {
    fn key(&self, bytes: &[u8]) {
        let key = RemoteInput::Bytes(bytes.to_vec());
        self.keys.send(key).expect("the session");
    }

    /// Takes frames in until the screen shows `text`.
    fn until(&mut self, text: &str) {
        self.until_any(&[text]);
    }

    /// Takes frames in until the screen shows one of `texts`.
    fn until_any(&mut self, texts: &[&str]) {
        let deadline = Instant::now() + WAIT;
        let shown = |screen: &vt100::Parser| {
            let contents = screen.screen().contents();
            texts.iter().any(|t| contents.contains(t))
        };
        while !shown(&self.screen) {
            let left = deadline.saturating_duration_since(Instant::now());
            let frame = self.frames.recv_timeout(left).map(|(_, bytes)| bytes);
            let frame = frame.unwrap_or_else(|_| panic!("no {texts:?} on the screen in time"));
            self.screen.process(&frame);
        }
    }

    /// Takes in what was drawn, until nothing more comes for a while.
    fn settle(&mut self) {
        while let Ok((_, frame)) = self.frames.recv_timeout(Duration::from_millis(50)) {
            self.screen.process(&frame);
        }
    }
}

/// A session for a player whose key and settings (the lobby, the name
/// `ann`) are in `home`: it connects at start, as a returning player's does.
fn watch(home: &Path, lobby: SocketAddr) -> Watcher {
    let paths = Paths::under(home);
    for dir in [&paths.state_dir, &paths.data_dir] {
        std::fs::create_dir_all(dir).expect("a directory");
    }
    std::fs::write(paths.state_dir.join("welcomed"), "").expect("the welcome answered");
    Identity::load_or_create(&paths.data_dir.join(KEY_FILE)).expect("a key");
    if let Some(dir) = paths.config.parent() {
        std::fs::create_dir_all(dir).expect("the config directory");
    }
    let settings = format!("[network]\nonline_server = \"{lobby}\"\nonline_name = \"ann\"\n");
    std::fs::write(&paths.config, settings).expect("the settings");
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
            width: 120,
            height: 40,
            term: Some("xterm-256color".to_string()),
            colorterm: None,
        },
        engine_threads: 1,
        lobby: Some(lobby),
    };
    std::thread::spawn(move || run(session));
    Watcher {
        keys,
        frames,
        screen: vt100::Parser::new(nonzero(40), nonzero(120), 0),
    }
}

fn player(dir: &Path, lobby: SocketAddr, name: &str) -> Client {
    let identity = Identity::load_or_create(&dir.join(format!("{name}.key"))).expect("a key");
    let known = dir.join(KNOWN_SERVERS_FILE);
    let (client, _) = Client::connect(lobby, &identity, Some(name), &known).expect("connected");
    client
}

fn ask(client: &mut Client, ask: Ask) -> Answer {
    client.request(ask, WAIT).expect("an answer")
}

/// Waits for the reply numbered `id`, dropping pushes.
fn reply(client: &mut Client, id: u64) -> Answer {
    loop {
        match client.next(WAIT) {
            Some(Incoming::Reply(reply)) if reply.id == id => return reply.answer.expect("done"),
            Some(Incoming::Closed(why)) => panic!("the connection ended: {why}"),
            Some(_) => {}
            None => panic!("no reply in time"),
        }
    }
}

fn nonzero(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("not zero")
}

/// A random empty square (xorshift, seeded: the same game each run).
fn random_move(game: &Game, seed: &mut u64) -> Move {
    let position = game.position();
    let empty: Vec<_> = position
        .size()
        .squares()
        .filter(|&sq| position.get(sq).is_none())
        .collect();
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    let at = usize::try_from(*seed % empty.len() as u64).unwrap_or(0);
    Move::Place(empty[at])
}

fn figures(what: &str, mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
    format!(
        "{what}: median {:.2} ms, 90% {:.2} ms, most {:.2} ms ({} moves)\n",
        at(0.5),
        at(0.9),
        at(1.0),
        times.len()
    )
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let most_moves = if full { 60 } else { 4 };
    let root = tempfile::tempdir().expect("a temporary directory");
    let exe = Path::new(env!("CARGO_BIN_EXE_brique"));
    let (mut server, lobby) =
        spawn_server(exe, &root.path().join("lobby.sqlite"), &[]).expect("a lobby server");
    let mut players = [
        player(root.path(), lobby, "bob"),
        player(root.path(), lobby, "cat"),
    ];
    let terms = Terms {
        size: SIZE,
        variant: Variant::ALL[0],
        pie: false,
        pace: Pace::Days(3),
        rated: false,
    };
    let Answer::Seeking { seek } = ask(&mut players[0], Ask::Seek { terms }) else {
        panic!("no seek");
    };
    let Answer::Started { game: id } = ask(&mut players[1], Ask::Accept { seek }) else {
        panic!("no game");
    };
    let Answer::Game { state } = ask(&mut players[0], Ask::Watch { game: id }) else {
        panic!("no game state");
    };
    let black = state.black;
    let rules = Rules {
        variant: terms.variant,
        pie: false,
    };
    let size = BoardSize::new(SIZE).expect("a size");
    let mut game = Game::new(size, rules, black);

    // The watcher: the Online screen, its games page, the game.
    let mut watcher = watch(&root.path().join("ann"), lobby);
    watcher.until("Connected");
    watcher.key(b"d");
    watcher.key(b"\t");
    watcher.key(b"\t");
    watcher.until("to watch");
    watcher.until_any(&["bob – cat", "cat – bob"]);
    watcher.key(b"\r");
    // A watcher's panel names the two players (its own game would say
    // "Online game #").
    watcher.until_any(&["Watching bob – cat", "Watching cat – bob"]);
    watcher.settle();

    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut times = Vec::new();
    let mut after_push = Vec::new();
    while times.len() < most_moves && !game.is_over() {
        let mv = random_move(&game, &mut seed);
        let mover = match game.player_to_move() {
            Player::One => 0,
            Player::Two => 1,
        };
        let ply = u16::try_from(game.history().len()).expect("a ply");
        let sent = Instant::now();
        let id = players[mover]
            .send(Ask::Move {
                game: id,
                ply,
                mv: mv.to_string(),
            })
            .expect("sent");
        // The server sends the move to the watcher just before it
        // answers the mover, in the same step: the answer's arrival stands
        // for the push's (both over the loopback).
        assert_eq!(reply(&mut players[mover], id), Answer::Done, "{mv}");
        let pushed = Instant::now();
        let (drawn, frame) = watcher.frames.recv_timeout(WAIT).expect("a frame in time");
        times.push(drawn.duration_since(sent));
        after_push.push(drawn.saturating_duration_since(pushed));
        watcher.screen.process(&frame);
        game.play(mv).expect("a legal move");
        watcher.settle();
    }
    let _ = watcher.keys.send(RemoteInput::Closed);
    let _ = server.kill();
    let _ = server.wait();
    print!(
        "{}{}",
        figures(
            "a lobby move, from the request to the watcher's board",
            times
        ),
        figures(
            "from the server's answer to the watcher's board",
            after_push
        )
    );
}
