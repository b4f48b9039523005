//! The lobby in the screen-reader mode: two `brique --screen-reader`
//! players, each with their own files, connect to a real `brique server
//! --lobby` (a child process on 127.0.0.1, a free port, killed when the
//! test ends), one seeks, the other accepts from the numbered list, and
//! both hear each move, the resignation and the rating change as plain
//! lines (the reader's thread fails on any escape byte).

use std::path::Path;
use std::process::Child;
use std::time::{Duration, Instant};

use brique::server::lobby::load::spawn_server;

use super::screen_reader::Reader;

/// The lobby server, stopped when dropped (by its own id).
struct LobbyServer {
    child: Child,
    address: std::net::SocketAddr,
    _dir: tempfile::TempDir,
}

impl LobbyServer {
    fn start() -> LobbyServer {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("lobby.sqlite");
        let data = dir.path().to_str().unwrap().to_string();
        let exe = Path::new(env!("CARGO_BIN_EXE_brique"));
        let (child, address) = spawn_server(exe, &db, &["--data-dir", &data]).unwrap();
        LobbyServer {
            child,
            address,
            _dir: dir,
        }
    }
}

impl Drop for LobbyServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A player called `name` whose settings name the lobby at `server`,
/// connected to it.
fn online(name: &str, server: &LobbyServer) -> Reader {
    let config = format!(
        "[players]\nplayer1 = \"{name}\"\n\n[network]\nonline_server = \"{}\"\n",
        server.address
    );
    let mut reader = Reader::start(&config, &["--screen-reader"]);
    reader.until(|l| l.contains("Type help"));
    reader.ask("online", |l| {
        l.starts_with(&format!(
            "Connected to the lobby at {} as {name}.",
            server.address
        ))
    });
    reader
}

/// The numbered seeks, asked again until `wanted` is among them (the
/// lists come from the server a moment after the connection).
fn seek_listed(reader: &mut Reader, wanted: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let line = reader.ask("seeks", |l| {
            l.starts_with("1: ") || l.starts_with("No seek is open")
        });
        if line.starts_with(wanted) {
            return line;
        }
        assert!(Instant::now() < deadline, "{line}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn two_screen_reader_players_seek_accept_play_and_resign_on_the_lobby() {
    let server = LobbyServer::start();
    let mut ann = online("Ann", &server);
    ann.ask("seeks", |l| l.starts_with("No seek is open"));
    ann.ask("accept 1", |l| {
        l == "There is no seek number 1: type seeks to hear the list."
    });
    ann.ask("seek 4", |l| {
        l.starts_with("A board of 4 is refused") && l.ends_with("Nothing was offered.")
    });
    ann.ask("seek 5 original nopie 5+0", |l| {
        l == "You seek a game: 5 by 5, original rules, pie rule off, 5+0, rated. \
              Waiting for someone to accept."
    });

    let mut bob = online("Bob", &server);
    let listed = seek_listed(&mut bob, "1: by Ann");
    assert!(
        listed.ends_with(": 5 by 5, original rules, pie rule off, 5+0, rated."),
        "{listed}"
    );
    bob.ask("players", |l| {
        l.contains(" connected: ") && l.contains("Ann")
    });
    bob.ask("accept 1", |l| l == "Seek accepted.");
    let bob_color = bob.until(|l| l.starts_with("Game ") && l.contains("against Ann started"));
    let ann_color = ann.until(|l| l.starts_with("Game ") && l.contains("against Bob started"));
    let bob_black = bob_color.ends_with("you play Black.");
    assert_eq!(
        ann_color.ends_with("you play White."),
        bob_black,
        "{ann_color}"
    );
    let terms = "New game: 5 by 5, original rules, pie rule off;";
    bob.until(|l| l.starts_with(terms));
    ann.until(|l| l.starts_with(terms));

    let (black, white) = if bob_black {
        (&mut bob, &mut ann)
    } else {
        (&mut ann, &mut bob)
    };
    // Out of turn: refused at once, nothing sent.
    white.ask("a5", |l| {
        l.starts_with("It is ") && l.ends_with("'s turn; wait for their move.")
    });
    black.ask("c1", |l| l.starts_with("Black c1"));
    white.until(|l| l.starts_with("Black c1"));
    white.ask("a5", |l| l.starts_with("White a5"));
    black.until(|l| l.starts_with("White a5"));
    black.ask("status", |l| {
        l.starts_with("Clocks at the last move: Black ")
    });
    white.ask("board", |l| l.starts_with("5: a5 White"));

    ann.type_line("resign");
    for reader in [&mut ann, &mut bob] {
        let end = reader.until(|l| l.contains(" resigns. "));
        assert!(end.ends_with(" wins: Bob."), "{end}");
        let ratings = reader.until(|l| l.starts_with("Ratings: "));
        assert!(
            ratings.contains("Ann from ") && ratings.contains("(down "),
            "{ratings}"
        );
        assert!(
            ratings.contains("Bob from ") && ratings.contains("(up "),
            "{ratings}"
        );
    }
    bob.ask("e5", |l| l.starts_with("The game is over."));
    ann.ask("quit", |l| l == "Goodbye.");
    bob.ask("quit", |l| l == "Goodbye.");
    for heard in [ann.finish(), bob.finish()] {
        assert!(heard.iter().all(|l| l.is_ascii()), "{heard:?}");
    }
}

#[test]
fn the_lobby_commands_without_a_lobby_say_what_to_do() {
    let mut reader = Reader::start("", &["--screen-reader"]);
    reader.ask("seeks", |l| {
        l == "You are not connected to the lobby: type online first."
    });
    reader.ask("online", |l| l.starts_with("No lobby server is set"));
    reader.ask("accept x", |l| {
        l == "accept needs a number from its list, as in: accept 1. Type seeks to hear the list."
    });
    reader.ask("seek 5 fast", |l| {
        l.starts_with("\"fast\" is not understood in a seek")
    });
    reader.ask("help", |l| l.starts_with("seek [SIZE]"));
    reader.finish();
}
