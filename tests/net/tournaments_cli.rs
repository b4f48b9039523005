//! `brique online tournaments` against a real `brique server --lobby`
//! (127.0.0.1, a free port, SQLite in a temporary directory): a
//! tournament the server does not hold is refused in words with a
//! non-zero exit, and so is a server that is not there. The printing
//! itself is tested on its own (src/commands/online/tournaments.rs).

use std::ffi::OsStr;
use std::path::Path;

use brique::core::Variant;
use brique::online::Client;
use brique::online::protocol::{Answer, Ask, GameId, GameState, Pace, Push, Terms};
use brique::online::tournaments::{Kind, Stage, TournamentSpec};

use crate::lobby_support::{Lobby, archive, ask, brique, connect, play_turn, replay, wait_push};

/// `brique online tournaments --server ADDRESS --key KEY` and more.
fn tournaments(dir: &Path, address: &str, more: &[&str]) -> std::process::Output {
    let key = dir.join("cli.key");
    let head = ["online", "tournaments", "--server", address];
    let mut args: Vec<&OsStr> = head.iter().map(OsStr::new).collect();
    args.extend([OsStr::new("--key"), key.as_os_str()]);
    args.extend(more.iter().map(OsStr::new));
    brique(dir, &args)
}

#[test]
fn tournaments_cli_a_tournament_not_held_is_refused_in_words() {
    let lobby = Lobby::sqlite();
    let server = lobby.start();
    let out = tournaments(
        lobby.dir.path(),
        &server.lobby.to_string(),
        &["--id", "999"],
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{said}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        said.starts_with("brique online: the server refused: "),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "{said}");
}

#[test]
fn tournaments_cli_a_server_not_there_is_said_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    // A port nobody listens on: bound, then closed.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let out = tournaments(dir.path(), &format!("127.0.0.1:{port}"), &[]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{said}");
    assert!(said.contains("cannot reach the server"), "{said}");
    // A bad address is a usage error, said before connecting.
    let out = tournaments(dir.path(), "no port here", &[]);
    assert_eq!(out.status.code(), Some(2));
}

/// `players` (indices into `clients`, `[i, j]` with `i < j`) as two
/// borrows at once.
fn pair_of(clients: &mut [Client], i: usize, j: usize) -> [&mut Client; 2] {
    let (low, high) = clients.split_at_mut(j);
    [&mut low[i], &mut high[0]]
}

/// A swiss of four test clients on a real server, from its making to its
/// end: the CLI lists it, the rounds never repeat a pairing, the player
/// whose name comes later in the alphabet resigns each game (after both
/// moved, so that it counts), and the CLI's standings and the archive say
/// so.
#[test]
fn tournaments_cli_a_swiss_of_four_on_a_real_server_is_played_to_its_end_and_ranked() {
    let lobby = Lobby::sqlite();
    let server = lobby.start();
    let dir = lobby.dir.path();
    let address = server.lobby.to_string();
    let names = ["ann", "bob", "cid", "dan"];
    let mut clients: Vec<Client> = names.iter().map(|n| connect(&server, dir, n).0).collect();
    let spec = TournamentSpec {
        name: "Quick swiss".into(),
        kind: Kind::Swiss,
        terms: Terms {
            size: 5,
            variant: Variant::Revised,
            pie: false,
            pace: Pace::Clock {
                minutes: 2,
                increment: 1,
            },
            rated: true,
        },
        rounds: Some(2),
        minutes: None,
        // Time enough for the four to join on a loaded machine.
        starts_in_s: 8,
        bots: false,
    };
    let Answer::TournamentMade { tournament } =
        ask(&mut clients[0], Ask::CreateTournament { spec })
    else {
        panic!("no tournament made");
    };
    for client in &mut clients {
        assert_eq!(
            ask(client, Ask::JoinTournament { tournament }),
            Answer::Done
        );
    }
    let listed = tournaments(dir, &address, &[]);
    let list = String::from_utf8_lossy(&listed.stdout);
    assert!(listed.status.success(), "{list}");
    assert!(
        list.contains(&format!("#{tournament}  Quick swiss  swiss  upcoming")),
        "{list}"
    );
    assert!(list.contains("4 entrants"), "{list}");

    let mut met = std::collections::HashSet::new();
    for round in 1..=2 {
        // Each player is told of their pairing, then their game starts.
        let mut games = Vec::new();
        for (index, client) in clients.iter_mut().enumerate() {
            let (paired_round, game) = wait_push(client, "the pairing", |p| match p {
                Push::Paired { round, game, .. } => Some((*round, *game)),
                _ => None,
            });
            assert_eq!(paired_round, round);
            let state = wait_push(client, "the game's start", |p| match p {
                Push::Started { state } if state.game == game => Some(state.clone()),
                _ => None,
            });
            games.push((index, state));
        }
        // Two games, each seen by its two players.
        let mut by_game: Vec<(GameId, Vec<usize>, GameState)> = Vec::new();
        for (index, state) in games {
            match by_game.iter_mut().find(|(g, _, _)| *g == state.game) {
                Some((_, players, _)) => players.push(index),
                None => by_game.push((state.game, vec![index], state)),
            }
        }
        assert_eq!(by_game.len(), 2, "{by_game:?}");
        for (game, players, state) in by_game {
            let [i, j] = [players[0].min(players[1]), players[0].max(players[1])];
            assert!(
                met.insert((i, j)),
                "{} and {} met twice",
                names[i],
                names[j]
            );
            // Player 1's client first, as `play_turn` takes them.
            let one = names.iter().position(|n| *n == state.names[0]).unwrap();
            let mut core = replay(&state);
            for _ in 0..2 {
                let [a, b] = pair_of(&mut clients, i, j);
                let ordered = if one == i { [a, b] } else { [b, a] };
                play_turn(ordered, game, &mut core);
            }
            assert_eq!(ask(&mut clients[j], Ask::Resign { game }), Answer::Done);
        }
    }

    // The standings once the last round ended (pushed to the entrants).
    let page = wait_push(&mut clients[0], "the finished page", |p| match p {
        Push::Tournament { page } if page.summary.stage == Stage::Finished => Some(page.clone()),
        _ => None,
    });
    let points: Vec<(&str, u32)> = page
        .standings
        .iter()
        .map(|s| (s.name.as_str(), s.points))
        .collect();
    assert_eq!(points[0], ("ann", 2), "{points:?}");
    assert_eq!(points[3], ("dan", 0), "{points:?}");
    assert_eq!(page.tie_breaks, ["Buchholz", "Sonneborn-Berger"]);
    let shown = tournaments(dir, &address, &["--id", &tournament.to_string()]);
    let text = String::from_utf8_lossy(&shown.stdout);
    assert!(shown.status.success(), "{text}");
    assert!(text.contains("finished"), "{text}");
    assert!(
        text.contains("1  ann  2 points  Buchholz 2  Sonneborn-Berger 2  2 games"),
        "{text}"
    );
    assert!(text.contains("round 2 (Black - White)"), "{text}");
    // Every game is in the archive: two for each player.
    for (index, name) in names.iter().enumerate() {
        let games = archive(&mut clients[index], name);
        assert_eq!(games.len(), 2, "{name}: {games:?}");
    }
}
