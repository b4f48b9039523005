//! The lobby (`brique server --lobby`) as a real process with a temporary
//! database, and players on the library's client: seeks, accepting,
//! watching, the server as referee and clock, ratings, the archive, and
//! games that outlive restarts and a `kill -9` of the server.

use std::ffi::OsStr;
use std::path::Path;

use brique::core::{Record, Variant};
use brique::online::protocol::{Answer, Ask, GameId, Pace, Push, Terms};
use brique::online::{Client, Identity, OnlineError};

use crate::lobby_support::{
    Backend, Lobby, Server, archive, ask, connect, drain, known, leaderboard, moves_seen, on_both,
    play_one, play_out, quick, refused, replay, some_move, start_game, wait_push,
};

const QUICK: Terms = quick(10, 0);

on_both!(one_seeks_one_accepts_one_watches_the_game_is_refereed_rated_and_archived);
fn one_seeks_one_accepts_one_watches_the_game_is_refereed_rated_and_archived(backend: Backend) {
    let lobby = Lobby::new(backend);
    let (dir, server) = (&lobby.dir, lobby.start());
    let (mut alice, welcome) = connect(&server, dir.path(), "alice");
    assert_eq!(welcome.name.as_deref(), Some("alice"));
    let (mut bob, _) = connect(&server, dir.path(), "bob");
    let (mut carol, _) = connect(&server, dir.path(), "carol");

    // Absurd seeks are refused with the reason.
    let mut absurd = QUICK;
    absurd.size = 99;
    assert!(refused(&mut alice, Ask::Seek { terms: absurd }).contains("a board of 99"));
    absurd = QUICK;
    absurd.pace = Pace::Days(0);
    assert!(refused(&mut alice, Ask::Seek { terms: absurd }).contains("1 to 14 days"));
    absurd.pace = Pace::Clock {
        minutes: 0,
        increment: 0,
    };
    assert!(refused(&mut alice, Ask::Seek { terms: absurd }).contains("not 0+0"));

    let state = start_game(&mut alice, &mut bob, QUICK);
    assert_eq!(state.names, ["alice".to_string(), "bob".to_string()]);
    let game = state.game;
    let Answer::Game { state: watched } = ask(&mut carol, Ask::Watch { game }) else {
        panic!("not watching");
    };
    assert!(watched.moves.is_empty());
    wait_push(&mut alice, "the watcher count", |p| {
        matches!(p, Push::Watchers { game: g, count: 1 } if *g == game).then_some(())
    });

    // The referee: out of turn, not a player, illegal.
    let core = replay(&state);
    let mover = core.player_to_move().index();
    let (to_move, other) = if mover == 0 {
        (&mut alice, &mut bob)
    } else {
        (&mut bob, &mut alice)
    };
    let first = some_move(&core).to_string();
    let why = refused(
        other,
        Ask::Move {
            game,
            ply: 0,
            mv: first.clone(),
        },
    );
    assert!(why.contains("not your turn"), "{why}");
    let why = refused(
        &mut carol,
        Ask::Move {
            game,
            ply: 0,
            mv: first.clone(),
        },
    );
    assert!(why.contains("do not play"), "{why}");
    assert!(
        refused(
            to_move,
            Ask::Move {
                game,
                ply: 0,
                mv: "z99".into()
            }
        )
        .contains("not a move")
    );
    assert_eq!(
        ask(
            to_move,
            Ask::Move {
                game,
                ply: 0,
                mv: first.clone()
            }
        ),
        Answer::Done
    );
    let why = refused(
        other,
        Ask::Move {
            game,
            ply: 1,
            mv: first.clone(),
        },
    );
    assert!(why.contains("occupied"), "{why}");
    let why = refused(
        other,
        Ask::Move {
            game,
            ply: 0,
            mv: "e5".into(),
        },
    );
    assert!(why.contains("move 2 was expected"), "{why}");
    let why = refused(
        other,
        Ask::Move {
            game,
            ply: u16::MAX,
            mv: "e5".into(),
        },
    );
    assert!(why.contains("not move 65536"), "{why}");

    let Answer::Game { state } = ask(&mut alice, Ask::Watch { game }) else {
        panic!("no state");
    };
    let mut played = vec![first];
    played.extend(play_out(&mut [&mut alice, &mut bob], &state));

    // The watcher saw every move, then the end.
    let seen = drain(&mut carol);
    assert_eq!(moves_seen(&seen, game), played);
    assert!(
        seen.iter()
            .any(|p| matches!(p, Push::Ended { game: g, .. } if *g == game))
    );
    // The players were told both ratings changed.
    let ended = drain(&mut alice)
        .into_iter()
        .find_map(|p| match p {
            Push::Ended {
                game: g,
                result,
                ratings,
            } if g == game => Some((result, ratings)),
            _ => None,
        })
        .expect("alice told of the end");
    assert_eq!(ended.1.len(), 2);
    assert!(
        ended.1.iter().all(|c| (c.after - c.before).abs() > 1.0),
        "{:?}",
        ended.1
    );

    for name in ["alice", "bob"] {
        let Answer::Ratings { ratings, history } =
            ask(&mut carol, Ask::Ratings { name: name.into() })
        else {
            panic!("no ratings");
        };
        assert_eq!(ratings.len(), 1);
        assert_eq!(ratings[0].games, 1);
        assert!((ratings[0].rating - 1500.0).abs() > 1.0);
        assert_eq!(history.len(), 1);
        assert_eq!(history[0].game, game);
    }
    let players = leaderboard(&mut carol, Variant::Original);
    assert_eq!(players.len(), 2);
    assert!(players[0].rating > players[1].rating);

    // The archive holds the record, which the core reads back.
    let games = archive(&mut carol, "bob");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].game, game);
    assert_eq!(usize::from(games[0].moves), played.len());
    let Answer::Record { text } = ask(&mut carol, Ask::Record { game }) else {
        panic!("no record");
    };
    let record = Record::parse(&text).unwrap();
    let moves: Vec<String> = record.game.moves().map(|m| m.to_string()).collect();
    assert_eq!(moves, played);
    assert!(record.game.is_over());
    assert_eq!(record.names, ["alice".to_string(), "bob".to_string()]);
    assert_eq!(games[0].result.to_string(), format!("{}", record.outcome()));

    // `brique online games` lists and downloads the same.
    let records = dir.path().join("records");
    let (address, key) = (server.lobby.to_string(), dir.path().join("cli.key"));
    let args = ["online", "games", "bob", "--server", &address, "--download"];
    let mut args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    args.extend([records.as_os_str(), OsStr::new("--key"), key.as_os_str()]);
    let out = crate::lobby_support::brique(dir.path(), &args);
    let printed = crate::support::printed(&out);
    assert!(
        printed.contains(&format!("#{game}  alice - bob  5x5 original 10+0 rated")),
        "{printed}"
    );
    let saved = std::fs::read_to_string(records.join(format!("online-{game}.brique"))).unwrap();
    assert_eq!(saved, text);
}

on_both!(names_are_unique_and_a_key_without_a_name_may_only_look);
fn names_are_unique_and_a_key_without_a_name_may_only_look(backend: Backend) {
    let lobby = Lobby::new(backend);
    let (dir, server) = (&lobby.dir, lobby.start());
    let (_alice, _) = connect(&server, dir.path(), "alice");
    let other = Identity::load_or_create(&dir.path().join("other.key")).unwrap();
    match Client::connect(server.lobby, &other, Some("ALICE"), &known(dir.path())) {
        // Refused with the name's fault typed (the form blames its field).
        Err(OnlineError::Name(why)) => assert!(why.to_string().contains("taken"), "{why}"),
        other => panic!("a taken name was not refused: {other:?}"),
    }
    let (mut nameless, welcome) =
        Client::connect(server.lobby, &other, None, &known(dir.path())).unwrap();
    assert_eq!(welcome.name, None);
    let why = refused(&mut nameless, Ask::Seek { terms: QUICK });
    assert!(why.contains("no name"), "{why}");
    // A name with escapes is cleaned as chat names are.
    let escaped = Identity::load_or_create(&dir.path().join("escaped.key")).unwrap();
    let (_, welcome) = Client::connect(
        server.lobby,
        &escaped,
        Some("  eve\x1b[2J "),
        &known(dir.path()),
    )
    .unwrap();
    assert_eq!(welcome.name.as_deref(), Some("eve[2J"));
    // The same key comes back under its name, whatever it asks for.
    let (_, welcome) = connect(&server, dir.path(), "alice");
    assert_eq!(welcome.name.as_deref(), Some("alice"));
    let (_, welcome) =
        Client::connect(server.lobby, &other, Some("zed"), &known(dir.path())).unwrap();
    assert_eq!(welcome.name.as_deref(), Some("zed"));
}

/// Reconnects `name`; its welcome's games waiting for its move.
fn back(server: &Server, dir: &Path, name: &str) -> (Client, Vec<GameId>) {
    let identity = Identity::load_or_create(&dir.join(format!("{name}.key"))).unwrap();
    let (client, welcome) = Client::connect(server.lobby, &identity, None, &known(dir)).unwrap();
    assert_eq!(welcome.name.as_deref(), Some(name));
    (client, welcome.waiting.iter().map(|g| g.game).collect())
}

on_both!(a_correspondence_game_survives_restarts_of_the_server_and_both_players);
fn a_correspondence_game_survives_restarts_of_the_server_and_both_players(backend: Backend) {
    let lobby = Lobby::new(backend);
    let dir = &lobby.dir;
    let terms = Terms {
        pace: Pace::Days(3),
        rated: false,
        ..QUICK
    };
    let mut server = lobby.start();
    let (mut alice, _) = connect(&server, dir.path(), "alice");
    let (mut bob, _) = connect(&server, dir.path(), "bob");
    let state = start_game(&mut alice, &mut bob, terms);
    let game = state.game;
    let mut core = replay(&state);
    let names = ["alice", "bob"];
    for _ in 0..4 {
        // Everyone goes away; the server stops and starts again.
        drop((alice, bob));
        server = server.restart();
        let mover = core.player_to_move().index();
        let (mut to_move, waiting) = back(&server, dir.path(), names[mover]);
        assert_eq!(waiting, vec![game], "{} waits for nothing", names[mover]);
        let (mut other, waiting) = back(&server, dir.path(), names[1 - mover]);
        assert!(waiting.is_empty());
        let Answer::Game { state } = ask(&mut to_move, Ask::Watch { game }) else {
            panic!("no state");
        };
        assert_eq!(replay(&state), core, "the moves made while away");
        assert!(state.clocks.black_ms > 2 * 24 * 3600 * 1000);
        let ply = play_one(&mut to_move, game, &mut core);
        wait_push(&mut other, "the move", |p| {
            matches!(p, Push::Moved { game: g, ply: n, .. } if *g == game && *n == ply)
                .then_some(())
        });
        (alice, bob) = if mover == 0 {
            (to_move, other)
        } else {
            (other, to_move)
        };
    }
    assert_eq!(ask(&mut alice, Ask::Resign { game }), Answer::Done);
    let Answer::Record { text } = ask(&mut bob, Ask::Record { game }) else {
        panic!("no record");
    };
    let record = Record::parse(&text).unwrap();
    assert_eq!(record.game.history().len(), 4);
    assert!(record.game.resigned().is_some());
    assert_eq!(record.extra("x-pace"), Some("3 days a move"));
}

on_both!(after_kill_9_the_game_goes_on_from_the_last_accepted_move);
fn after_kill_9_the_game_goes_on_from_the_last_accepted_move(backend: Backend) {
    let lobby = Lobby::new(backend);
    let (dir, server) = (&lobby.dir, lobby.start());
    let (mut alice, _) = connect(&server, dir.path(), "alice");
    let (mut bob, _) = connect(&server, dir.path(), "bob");
    let state = start_game(&mut alice, &mut bob, QUICK);
    let game = state.game;
    let mut core = replay(&state);
    for _ in 0..3 {
        let mover = core.player_to_move().index();
        play_one(
            if mover == 0 { &mut alice } else { &mut bob },
            game,
            &mut core,
        );
    }
    server.kill();
    drop((alice, bob));
    let server = lobby.start();
    // Two copies of alice's key: a move from one shows on the other.
    let (mut alice, _) = back(&server, dir.path(), "alice");
    let (mut alice_again, _) = back(&server, dir.path(), "alice");
    let (mut bob, _) = back(&server, dir.path(), "bob");
    let Answer::Games { games } = ask(&mut bob, Ask::MyGames) else {
        panic!("no games");
    };
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].ply, 3);
    let Answer::Game { state } = ask(&mut bob, Ask::Watch { game }) else {
        panic!("no state");
    };
    assert_eq!(replay(&state), core);
    let played = play_out(&mut [&mut alice, &mut bob], &state);
    let seen = drain(&mut alice_again);
    assert_eq!(moves_seen(&seen, game), played);
    let games = archive(&mut alice, "alice");
    assert_eq!(usize::from(games[0].moves), 3 + played.len());
}

#[test]
fn the_lobby_load_test_pairs_players_into_rated_games() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["server", "--lobby", "--load", "4"].map(OsStr::new);
    let out = crate::lobby_support::brique(dir.path(), &args);
    let report = crate::support::printed(&out);
    assert!(
        report.contains("players: 4 (2 rated 9x9 games at once"),
        "{report}"
    );
    assert!(report.contains("a move's time to acceptance"), "{report}");
}

#[test]
fn the_servers_clock_decides_a_loss_on_time() {
    let lobby = Lobby::sqlite();
    let (dir, server) = (&lobby.dir, lobby.start());
    let (mut alice, _) = connect(&server, dir.path(), "alice");
    let (mut bob, _) = connect(&server, dir.path(), "bob");
    let terms = Terms {
        pace: Pace::Clock {
            minutes: 0,
            increment: 2,
        },
        ..QUICK
    };
    let state = start_game(&mut alice, &mut bob, terms);
    let game = state.game;
    // Each side moves once (a game ended before that is aborted, unrated).
    let mut core = replay(&state);
    let seats = [&mut alice, &mut bob];
    for _ in 0..2 {
        let mover = core.player_to_move().index();
        play_one(seats[mover], game, &mut core);
    }
    // Then no one moves: the side to move has its seconds, then loses.
    let result = wait_push(&mut bob, "the end on time", |p| match p {
        Push::Ended {
            game: g,
            result,
            ratings,
        } if *g == game => Some((*result, ratings.len())),
        _ => None,
    });
    let loser = core.position().to_move();
    assert_eq!(
        result.0.to_string(),
        format!("{} wins on time", loser.other())
    );
    assert_eq!(result.1, 2, "a rated game lost on time is rated");
    let Answer::Record { text } = ask(&mut alice, Ask::Record { game }) else {
        panic!("no record");
    };
    let record = Record::parse(&text).unwrap();
    assert!(record.won_on_time());
    let why = refused(
        &mut alice,
        Ask::Move {
            game,
            ply: 0,
            mv: "a1".into(),
        },
    );
    assert!(why.contains("no game"), "{why}");
}

#[test]
fn floods_and_garbage_are_refused_and_the_lobby_goes_on() {
    use std::io::{Read, Write};
    let lobby = Lobby::sqlite();
    let (dir, server) = (&lobby.dir, lobby.start());
    let (mut alice, _) = connect(&server, dir.path(), "alice");
    // Requests past the rate of one key are refused with the reason.
    let flooded = (0..100)
        .filter(
            |_| match alice.request(Ask::Ping, crate::lobby_support::WAIT) {
                Err(OnlineError::Refused(why)) => why.contains("too many requests"),
                _ => false,
            },
        )
        .count();
    assert!(flooded > 0, "a flood of requests went through");
    // So are seeks past the open ones a key may hold.
    std::thread::sleep(std::time::Duration::from_secs(3));
    for _ in 0..5 {
        ask(&mut alice, Ask::Seek { terms: QUICK });
    }
    let why = refused(&mut alice, Ask::Seek { terms: QUICK });
    assert!(why.contains("at most 5 seeks"), "{why}");
    // A first message is any 32 bytes and more (an ephemeral key); a
    // third that proves no key closes the connection without a word.
    let mut raw = std::net::TcpStream::connect(server.lobby).unwrap();
    raw.set_read_timeout(Some(crate::lobby_support::WAIT))
        .unwrap();
    raw.write_all(&[0, 40]).unwrap();
    raw.write_all(&[0x55; 40]).unwrap();
    let mut header = [0u8; 2];
    raw.read_exact(&mut header).unwrap();
    let mut second = vec![0u8; usize::from(u16::from_be_bytes(header))];
    raw.read_exact(&mut second).unwrap();
    raw.write_all(&[0, 80]).unwrap();
    raw.write_all(&[0xaa; 80]).unwrap();
    let mut rest = Vec::new();
    raw.read_to_end(&mut rest).unwrap();
    assert!(
        rest.is_empty(),
        "the server answered a handshake that proves no key"
    );
    assert_eq!(ask(&mut alice, Ask::Ping), Answer::Done);
}

#[test]
fn a_challenge_is_seen_and_taken_by_the_named_player_only() {
    let lobby = Lobby::sqlite();
    let (dir, server) = (&lobby.dir, lobby.start());
    let (mut alice, _) = connect(&server, dir.path(), "alice");
    let (mut bob, _) = connect(&server, dir.path(), "bob");
    let (mut carol, _) = connect(&server, dir.path(), "carol");
    let why = refused(
        &mut alice,
        Ask::Challenge {
            name: "nobody".into(),
            terms: QUICK,
        },
    );
    assert!(why.contains("no player is called nobody"), "{why}");
    let why = refused(
        &mut alice,
        Ask::Challenge {
            name: "Alice".into(),
            terms: QUICK,
        },
    );
    assert!(why.contains("oneself"), "{why}");
    let Answer::Seeking { seek } = ask(
        &mut alice,
        Ask::Challenge {
            name: "BOB".into(),
            terms: QUICK,
        },
    ) else {
        panic!("no challenge");
    };
    let shown = wait_push(&mut bob, "the challenge", |p| match p {
        Push::Seeks { seeks } => seeks.iter().find(|s| s.seek == seek).cloned(),
        _ => None,
    });
    assert_eq!(
        (shown.by.as_str(), shown.to.as_deref()),
        ("alice", Some("bob"))
    );
    assert_eq!(shown.rating, 1500);
    let carol_sees = drain(&mut carol);
    assert!(
        carol_sees
            .iter()
            .all(|p| !matches!(p, Push::Seeks { seeks } if seeks.iter().any(|s| s.seek == seek))),
        "a challenge shown to a third player"
    );
    let why = refused(&mut carol, Ask::Accept { seek });
    assert!(why.contains("a challenge to another player"), "{why}");
    let Answer::Started { game } = ask(&mut bob, Ask::Accept { seek }) else {
        panic!("not started");
    };
    let Answer::Games { games } = ask(&mut alice, Ask::MyGames) else {
        panic!("no games");
    };
    assert_eq!(games.iter().map(|g| g.game).collect::<Vec<_>>(), vec![game]);
    let why = refused(&mut bob, Ask::Accept { seek });
    assert!(why.contains("is gone"), "{why}");
}
