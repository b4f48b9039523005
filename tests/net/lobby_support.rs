//! A real `brique server --lobby` for the lobby's tests: a child process on
//! 127.0.0.1, free ports, its database an SQLite file in a temporary
//! directory or a throwaway PostgreSQL cluster (`on_both!` runs a test on
//! each); killed when dropped. And players: a key file each, a library
//! client, and the core to choose legal moves.

use std::ffi::OsString;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::Duration;

use brique::core::{BoardSize, Game, Move, Rules, Variant};
use brique::online::protocol::{
    Answer, Ask, FinishedGame, GameId, GameState, Pace, Push, RatedPlayer, Terms,
};
use brique::online::{Client, Identity, Incoming, Welcome};
use brique::server::lobby::load::spawn_server;
use brique::server::lobby::{Database, Store};

use crate::postgres::Cluster;

/// How long a lobby test waits for anything before it fails.
pub const WAIT: Duration = Duration::from_secs(20);

/// The lobby's database in a test.
#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// `on_both!(name)`: the lobby test `fn name(backend: Backend)` as two
/// tests, `name::sqlite` and `name::postgres`.
macro_rules! on_both {
    ($name:ident) => {
        mod $name {
            use crate::lobby_support::Backend;

            #[test]
            fn sqlite() {
                super::$name(Backend::Sqlite)
            }

            #[test]
            fn postgres() {
                super::$name(Backend::Postgres)
            }
        }
    };
}
pub(crate) use on_both;

/// A test's lobby: its directory (keys, known servers, the SQLite file)
/// and its database, which outlives the servers started on it.
pub struct Lobby {
    pub dir: tempfile::TempDir,
    db: OsString,
    /// Stopped when the test ends (after its servers: they are dropped first).
    _cluster: Option<Cluster>,
}

impl Lobby {
    pub fn new(backend: Backend) -> Lobby {
        let dir = tempfile::tempdir().unwrap();
        let (db, cluster) = match backend {
            Backend::Sqlite => (dir.path().join("lobby.sqlite").into_os_string(), None),
            Backend::Postgres => {
                let cluster = Cluster::start();
                (cluster.url().into(), Some(cluster))
            }
        };
        Lobby {
            dir,
            db,
            _cluster: cluster,
        }
    }

    /// The embedded default.
    pub fn sqlite() -> Lobby {
        Lobby::new(Backend::Sqlite)
    }

    /// A server on this lobby's database.
    pub fn start(&self) -> Server {
        self.start_on(&[])
    }

    /// A server on this lobby's database, with more arguments.
    pub fn start_on(&self, extra: &[&str]) -> Server {
        Server::spawn(self.dir.path(), self.db.clone(), extra)
    }

    /// The PostgreSQL database's URL (none for SQLite).
    pub fn url(&self) -> &str {
        self.db
            .to_str()
            .filter(|db| db.starts_with("postgres"))
            .unwrap()
    }

    /// The database, read as the server does.
    pub fn store(&self) -> Store {
        Store::connect(&Database::parse(&self.db)).unwrap()
    }
}

pub struct Server {
    child: Child,
    pub lobby: SocketAddr,
    /// Where it keeps its key, and its database.
    dir: PathBuf,
    db: OsString,
}

impl Server {
    /// Starts a server keeping its state (an SQLite file) in `dir`.
    pub fn start(dir: &Path) -> Server {
        Server::start_on(dir, &[])
    }

    /// Starts a server keeping its state (an SQLite file) in `dir`, with
    /// more arguments.
    pub fn start_on(dir: &Path, extra: &[&str]) -> Server {
        Server::spawn(dir, dir.join("lobby.sqlite").into_os_string(), extra)
    }

    fn spawn(dir: &Path, db: OsString, extra: &[&str]) -> Server {
        let exe = Path::new(env!("CARGO_BIN_EXE_brique"));
        let data_dir = dir.to_str().unwrap();
        let extra = [extra, &["--data-dir", data_dir]].concat();
        let (child, lobby) = spawn_server(exe, Path::new(&db), &extra).unwrap();
        Server {
            child,
            lobby,
            dir: dir.to_path_buf(),
            db,
        }
    }

    /// `kill -9`, then the server again on the same port with the same
    /// database and key: to its clients, the same server back.
    pub fn restart(mut self) -> Server {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let port = self.lobby.port().to_string();
        let again = Server::spawn(&self.dir, self.db.clone(), &["--lobby-port", &port]);
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

/// Rated terms on a 5×5 board, `minutes` + `increment`.
pub const fn quick(minutes: u16, increment: u16) -> Terms {
    Terms {
        size: 5,
        variant: Variant::Original,
        pie: false,
        pace: Pace::Clock { minutes, increment },
        rated: true,
    }
}

/// `seeker` seeks with `terms`, `taker` accepts when the seek shows in
/// its list; both see the game start. Returns the game's state.
pub fn start_game(seeker: &mut Client, taker: &mut Client, terms: Terms) -> GameState {
    let Answer::Seeking { seek } = ask(seeker, Ask::Seek { terms }) else {
        panic!("no seek");
    };
    wait_push(taker, "the seek in the list", |p| match p {
        Push::Seeks { seeks } => seeks
            .iter()
            .any(|s| s.seek == seek && s.terms == terms)
            .then_some(()),
        _ => None,
    });
    let Answer::Started { game } = ask(taker, Ask::Accept { seek }) else {
        panic!("not started");
    };
    wait_push(seeker, "the game's start", |p| match p {
        Push::Started { state } if state.game == game => Some(state.clone()),
        _ => None,
    })
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

/// The side to move in `core` plays one move (`players`: Player 1's
/// client first); the ply it was played at.
pub fn play_turn(players: [&mut Client; 2], game: GameId, core: &mut Game) -> u16 {
    let [one, two] = players;
    let client = if core.player_to_move().index() == 0 {
        one
    } else {
        two
    };
    play_one(client, game, core)
}

/// `client` challenges `bot` with `terms`; the game's state once it
/// accepted.
pub fn challenge(client: &mut Client, bot: &str, terms: Terms) -> GameState {
    let answer = ask(
        client,
        Ask::Challenge {
            name: bot.into(),
            terms,
        },
    );
    assert!(matches!(answer, Answer::Seeking { .. }), "{answer:?}");
    wait_push(client, "the game's start", |p| match p {
        Push::Started { state } => Some(state.clone()),
        _ => None,
    })
}

/// The games of `name`'s archive, as `client`'s server reads it.
pub fn archive(client: &mut Client, name: &str) -> Vec<FinishedGame> {
    let Answer::Archive { games } = ask(client, Ask::Archive { name: name.into() }) else {
        panic!("no archive");
    };
    games
}

/// The leaderboard of `variant`, as `client`'s server reads it.
pub fn leaderboard(client: &mut Client, variant: Variant) -> Vec<RatedPlayer> {
    let Answer::Leaderboard { players } = ask(client, Ask::Leaderboard { variant }) else {
        panic!("no leaderboard");
    };
    players
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

/// Plays the first empty square for whoever is to move, until the game
/// ends; `players[0]` is Player 1. Returns the moves played.
pub fn play_out(players: &mut [&mut Client; 2], state: &GameState) -> Vec<String> {
    let mut game = replay(state);
    let mut played = Vec::new();
    while !game.is_over() {
        let mover = game.player_to_move().index();
        let ply = play_one(players[mover], state.game, &mut game);
        played.push(game.history()[usize::from(ply)].mv.to_string());
    }
    played
}

pub fn moves_seen(pushes: &[Push], game: GameId) -> Vec<String> {
    pushes
        .iter()
        .filter_map(|p| match p {
            Push::Moved { game: g, mv, .. } if *g == game => Some(mv.clone()),
            _ => None,
        })
        .collect()
}
