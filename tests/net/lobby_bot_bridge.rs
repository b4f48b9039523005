//! `brique online bot`: a GTP engine (`brique gtp --level easy`) brought
//! into a real lobby by the bridge, challenged and played against to the
//! end; its engine killed in a game, which the bot resigns, staying online
//! for the next; a challenge outside its filter declined.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};

use brique::core::{Color, Game, Player};
use brique::online::Client;
use brique::online::protocol::{Answer, Ask, GameId, GameResult, GameState, Pace, Push, Terms};

use crate::lobby_support::{
    Lobby, Server, WAIT, ask, challenge, connect, play_one, replay, wait_push,
};

/// A bridge running as a child process; killed when dropped.
struct Bridge {
    child: Child,
    lines: Receiver<String>,
    /// Every line it printed so far.
    seen: Vec<String>,
}

impl Bridge {
    fn start(server: &Server, dir: &Path, name: &str, accept: &str) -> Bridge {
        let exe = env!("CARGO_BIN_EXE_brique");
        let engine = format!("{} gtp --level easy", shlex::try_quote(exe).unwrap());
        let key = dir.join(format!("{name}.key"));
        let mut child = Command::new(exe)
            .args(["online", "bot", "--server", &server.lobby.to_string()])
            .args(["--name", name, "--gtp", &engine, "--accept", accept])
            .arg("--key")
            .arg(&key)
            .env("HOME", dir.join("home"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env_remove("BRIQUE_LOG")
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        let mut bridge = Bridge {
            child,
            lines,
            seen: Vec::new(),
        };
        bridge.wait_line(&format!("online as {name}"));
        bridge
    }

    /// The first line not seen before that contains `text`.
    fn wait_line(&mut self, text: &str) -> String {
        loop {
            let line = self
                .lines
                .recv_timeout(WAIT)
                .unwrap_or_else(|e| panic!("no line {text:?} ({e}); so far: {:#?}", self.seen));
            self.seen.push(line.clone());
            if line.contains(text) {
                return line;
            }
        }
    }

    /// The engine's process id, as last printed.
    fn engine_pid(&self) -> i32 {
        let line = self
            .seen
            .iter()
            .rev()
            .find(|l| l.starts_with("engine pid "))
            .unwrap();
        line["engine pid ".len()..].parse().unwrap()
    }
}

impl Drop for Bridge {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const fn terms(size: u8, pie: bool) -> Terms {
    Terms {
        size,
        variant: brique::core::Variant::Original,
        pie,
        pace: Pace::Clock {
            minutes: 1,
            increment: 0,
        },
        rated: true,
    }
}

/// What happened next in `game`.
enum Next {
    Moved(u16, String),
    Ended(GameResult),
}

fn next_in(client: &mut Client, game: GameId) -> Next {
    wait_push(client, "a move or the end", |p| match p {
        Push::Moved {
            game: g, ply, mv, ..
        } if *g == game => Some(Next::Moved(*ply, mv.clone())),
        Push::Ended {
            game: g, result, ..
        } if *g == game => Some(Next::Ended(*result)),
        _ => None,
    })
}

/// Takes a move of `core`'s game seen by the challenger (Player 1): the
/// bot's is played in `core`, which fails on an illegal one.
fn follow(core: &mut Game, ply: u16, mv: &str) {
    if usize::from(ply) == core.history().len() {
        core.play(mv.parse().unwrap()).unwrap();
    }
}

/// The challenger (Player 1) plays the first empty square at each turn
/// until the game ends; the game and its result.
fn play_out(client: &mut Client, state: &GameState) -> (Game, GameResult) {
    let mut core = replay(state);
    loop {
        if !core.is_over() && core.player_to_move() == Player::One {
            play_one(client, state.game, &mut core);
        }
        match next_in(client, state.game) {
            Next::Moved(ply, mv) => follow(&mut core, ply, &mv),
            Next::Ended(result) => return (core, result),
        }
    }
}

/// Waits until the challenger (Player 1) is to move.
fn until_my_turn(client: &mut Client, state: &GameState) -> Game {
    let mut core = replay(state);
    while core.player_to_move() != Player::One {
        match next_in(client, state.game) {
            Next::Moved(ply, mv) => follow(&mut core, ply, &mv),
            Next::Ended(result) => panic!("the game ended first: {result}"),
        }
    }
    core
}

#[test]
fn a_bot_bridge_plays_to_the_end_resigns_when_its_engine_dies_and_stays_online() {
    let lobby = Lobby::sqlite();
    let server = lobby.start();
    let dir = lobby.dir.path();
    let mut bridge = Bridge::start(&server, dir, "gtpbot", "any");
    let (mut alice, _) = connect(&server, dir, "alice");

    // A whole game, with the pie rule: every move of the bot legal (the
    // core takes it), the result recorded in the archive.
    let state = challenge(&mut alice, "gtpbot", terms(5, true));
    assert_eq!(state.names, ["alice".to_string(), "gtpbot".to_string()]);
    let (core, result) = play_out(&mut alice, &state);
    assert!(core.is_over(), "{result}");
    let winner = core.winning_color().unwrap();
    assert_eq!(result, GameResult::Connection { winner });
    bridge.wait_line(&format!("game {} ended: {result}", state.game));
    let Answer::Archive { games } = ask(
        &mut alice,
        Ask::Archive {
            name: "gtpbot".into(),
        },
    ) else {
        panic!("no archive");
    };
    assert_eq!(games.len(), 1);
    assert_eq!((games[0].game, games[0].result), (state.game, result));

    // The engine killed in the middle of the second game: the bot resigns
    // it and says why.
    let first_engine = bridge.engine_pid();
    let state = challenge(&mut alice, "gtpbot", terms(5, false));
    let mut core = until_my_turn(&mut alice, &state);
    rustix::process::kill_process(
        rustix::process::Pid::from_raw(first_engine).unwrap(),
        rustix::process::Signal::KILL,
    )
    .unwrap();
    play_one(&mut alice, state.game, &mut core);
    let result = loop {
        match next_in(&mut alice, state.game) {
            Next::Moved(ply, mv) => follow(&mut core, ply, &mv),
            Next::Ended(result) => break result,
        }
    };
    let bot_color: Color = core.color_of(Player::Two);
    assert_eq!(
        result,
        GameResult::Resignation {
            resigned: bot_color
        }
    );
    let why = bridge.wait_line(&format!("game {}: resigning", state.game));
    assert!(why.contains("engine"), "{why}");

    // Still online: a third challenge is accepted, a new engine plays it.
    let state = challenge(&mut alice, "gtpbot", terms(5, false));
    let (core, result) = play_out(&mut alice, &state);
    assert!(core.is_over(), "{result}");
    bridge.wait_line("engine pid ");
    assert_ne!(bridge.engine_pid(), first_engine);
}

#[test]
fn a_challenge_outside_the_bridges_filter_is_declined() {
    let lobby = Lobby::sqlite();
    let server = lobby.start();
    let dir = lobby.dir.path();
    let mut bridge = Bridge::start(&server, dir, "smallbot", "size=5-7,pace=clock");
    let (mut alice, _) = connect(&server, dir, "alice");
    let ask_it = Ask::Challenge {
        name: "smallbot".into(),
        terms: terms(9, false),
    };
    let Answer::Seeking { seek: too_big } = ask(&mut alice, ask_it) else {
        panic!("no challenge");
    };
    let state = challenge(&mut alice, "smallbot", terms(5, false));
    assert_eq!(state.terms.size, 5);
    let line = bridge.wait_line(&format!("declined challenge {too_big} from alice"));
    assert!(line.contains("a 9x9 board is outside sizes 5-7"), "{line}");
    // The declined challenge is still open, never taken: its challenger
    // may withdraw it.
    assert_eq!(ask(&mut alice, Ask::Cancel { seek: too_big }), Answer::Done);
}

#[test]
fn a_bot_bridge_comes_back_after_its_server_restarts_and_accepts_a_challenge() {
    let lobby = Lobby::sqlite();
    let server = lobby.start();
    let dir = lobby.dir.path();
    let mut bridge = Bridge::start(&server, dir, "backbot", "any");
    let engine = bridge.engine_pid();
    // The server killed and started again on the same port and database.
    let server = server.restart();
    let lost = bridge.wait_line("lost the server");
    assert!(lost.contains("trying again in 1 s"), "{lost}");
    bridge.wait_line("online as backbot");
    let (mut alice, _) = connect(&server, dir, "alice");
    let state = challenge(&mut alice, "backbot", terms(5, false));
    assert_eq!(state.names, ["alice".to_string(), "backbot".to_string()]);
    let (core, result) = play_out(&mut alice, &state);
    assert!(core.is_over(), "{result}");
    bridge.wait_line(&format!("game {} ended: {result}", state.game));
    assert_eq!(bridge.engine_pid(), engine, "the engine kept");
}
