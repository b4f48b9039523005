//! A real `brique server --lobby` for the lobby's tests: a child process on
//! 127.0.0.1, free ports, a database in a temporary directory; killed when
//! dropped. And players: a key file each, a library client, and the core
//! to choose legal moves.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::Duration;

use brique::core::{BoardSize, Game, Move, Rules};
use brique::online::protocol::{Answer, Ask, GameId, GameState, Push};
use brique::online::{Client, Identity, Incoming, Welcome};
use brique::server::lobby::load::spawn_server;

/// How long a lobby test waits for anything before it fails.
pub const WAIT: Duration = Duration::from_secs(20);

pub struct Server {
    child: Child,
    pub lobby: SocketAddr,
    /// Where it keeps its state (the database, its key).
    dir: PathBuf,
}

impl Server {
    /// Starts a server keeping its state in `dir`.
    pub fn start(dir: &Path) -> Server {
        Server::start_on(dir, &[])
    }

    /// Starts a server keeping its state in `dir`, with more arguments.
    pub fn start_on(dir: &Path, extra: &[&str]) -> Server {
        let exe = Path::new(env!("CARGO_BIN_EXE_brique"));
        let (child, lobby) = spawn_server(exe, &dir.join("lobby.sqlite"), extra).unwrap();
        Server {
            child,
            lobby,
            dir: dir.to_path_buf(),
        }
    }

    /// `kill -9`, then the server again on the same port with the same
    /// database and key: to its clients, the same server back.
    pub fn restart(mut self) -> Server {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let port = self.lobby.port().to_string();
        let again = Server::start_on(&self.dir, &["--lobby-port", &port]);
        assert_eq!(again.lobby, self.lobby);
        again
    }

    /// `kill -9`: nothing is flushed or closed by the server.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A player with a key in `dir`, connected under `name`.
pub fn connect(server: &Server, dir: &Path, name: &str) -> (Client, Welcome) {
    let identity = Identity::load_or_create(&dir.join(format!("{name}.key"))).unwrap();
    Client::connect(server.lobby, &identity, Some(name), &known(dir)).unwrap()
}

/// The players' file of known servers in `dir`.
pub fn known(dir: &Path) -> std::path::PathBuf {
    dir.join(brique::online::KNOWN_SERVERS_FILE)
}

pub fn ask(client: &mut Client, ask: Ask) -> Answer {
    client
        .request(ask.clone(), WAIT)
        .unwrap_or_else(|e| panic!("{ask:?}: {e}"))
}

/// The refusal of `ask`.
pub fn refused(client: &mut Client, ask: Ask) -> String {
    match client.request(ask.clone(), WAIT) {
        Err(brique::online::OnlineError::Refused(why)) => why,
        other => panic!("{ask:?} was not refused: {other:?}"),
    }
}

/// The first push `wanted` picks.
pub fn wait_push<T>(client: &mut Client, what: &str, wanted: impl FnMut(&Push) -> Option<T>) -> T {
    client
        .wait_for(WAIT, wanted)
        .unwrap_or_else(|e| panic!("no {what}: {e}"))
}

/// The game as the core sees it from a server's state.
pub fn replay(state: &GameState) -> Game {
    let size = BoardSize::new(state.terms.size).unwrap();
    let rules = Rules {
        variant: state.terms.variant,
        pie: state.terms.pie,
    };
    let moves: Vec<Move> = state.moves.iter().map(|m| m.parse().unwrap()).collect();
    Game::from_moves(size, rules, state.black, &moves).unwrap()
}

/// A legal move: the first empty square.
pub fn some_move(game: &Game) -> Move {
    let position = game.position();
    let square = position
        .size()
        .squares()
        .find(|&sq| position.get(sq).is_none())
        .unwrap();
    Move::Place(square)
}

/// Plays `some_move` for `client` in `game`, which the server accepts,
/// and in `core`; returns its ply.
pub fn play_one(client: &mut Client, game: GameId, core: &mut Game) -> u16 {
    let mv = some_move(core);
    let ply = u16::try_from(core.history().len()).unwrap();
    let answer = ask(
        client,
        Ask::Move {
            game,
            ply,
            mv: mv.to_string(),
        },
    );
    assert_eq!(answer, Answer::Done);
    core.play(mv).unwrap();
    ply
}

/// Every push the client has been sent so far, waiting a little for more.
pub fn drain(client: &mut Client) -> Vec<Push> {
    let mut pushes = Vec::new();
    while let Some(item) = client.next(Duration::from_millis(200)) {
        if let Incoming::Push(push) = item {
            pushes.push(push);
        }
    }
    pushes
}

/// `brique ARGS` with every directory under `dir`.
pub fn brique(dir: &Path, args: &[&std::ffi::OsStr]) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_brique"));
    for (var, sub) in [
        ("HOME", "home"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_DATA_HOME", "data"),
        ("XDG_STATE_HOME", "state"),
    ] {
        command.env(var, dir.join(sub));
    }
    command
        .env_remove("BRIQUE_LOG")
        .args(args)
        .output()
        .expect("run brique")
}
