//! Several lobby servers over one PostgreSQL (docs/server.md, "Several
//! servers"): each test starts its own throwaway database and two or
//! three `brique server --lobby --db postgres://…` processes on free
//! ports, stopped by PID. A seek made on one is taken on another and the
//! game played across them; the owner of a game killed, another takes it
//! over; names and the per-key limits hold across servers; a server
//! started later sees everything.

use std::time::Instant;

use brique::online::protocol::{Answer, Ask, GameId, Push, Terms};
use brique::online::{Client, Identity, OnlineError};

use crate::lobby_support::{
    Backend, Lobby, WAIT, archive, ask, connect, drain, known, moves_seen, play_one, play_out,
    quick, refused, replay, start_game, wait_push,
};

const QUICK: Terms = quick(10, 0);

/// The games of `name`'s archive, as `client`'s server reads it.
fn archived(client: &mut Client, name: &str) -> Vec<GameId> {
    archive(client, name).iter().map(|g| g.game).collect()
}

/// The end of `game` as `client` is told it: both ratings changed.
fn rated_end(client: &mut Client, game: GameId) {
    let changes = wait_push(client, "the game's end", |p| match p {
        Push::Ended {
            game: g, ratings, ..
        } if *g == game => Some(ratings.clone()),
        _ => None,
    });
    assert_eq!(changes.len(), 2, "{changes:?}");
}

#[test]
fn a_seek_on_one_server_is_taken_on_another_played_across_them_and_a_later_server_sees_all() {
    let lobby = Lobby::new(Backend::Postgres);
    let dir = lobby.dir.path();
    let (one, two) = (lobby.start(), lobby.start());
    let (mut alice, _) = connect(&one, dir, "alice");
    let (mut bob, _) = connect(&two, dir, "bob");
    let (mut carol, _) = connect(&one, dir, "carol");

    // A name taken on one server is refused on the other.
    let other = Identity::load_or_create(&dir.join("other.key")).unwrap();
    match Client::connect(two.lobby, &other, Some("Alice"), &known(dir)) {
        Err(OnlineError::Name(why)) => assert!(why.to_string().contains("taken"), "{why}"),
        other => panic!("a name taken on the other server was not refused: {other:?}"),
    }

    // Alice seeks on server 1, Bob sees it on server 2 and takes it;
    // Carol, on server 1, watches the game server 2 referees.
    let state = start_game(&mut alice, &mut bob, QUICK);
    let game = state.game;
    let Answer::Game { state } = ask(&mut carol, Ask::Watch { game }) else {
        panic!("no state");
    };
    let played = play_out(&mut [&mut alice, &mut bob], &state);
    rated_end(&mut alice, game);
    rated_end(&mut bob, game);
    let seen = drain(&mut carol);
    assert_eq!(moves_seen(&seen, game), played);
    assert!(
        seen.iter()
            .any(|p| matches!(p, Push::Ended { game: g, .. } if *g == game))
    );
    // Both servers' archives show it.
    assert_eq!(archived(&mut alice, "bob"), [game]);
    assert_eq!(archived(&mut bob, "alice"), [game]);

    // A game in progress and an open seek; then a third server.
    let second = start_game(&mut bob, &mut alice, QUICK).game;
    let Answer::Seeking { seek } = ask(&mut alice, Ask::Seek { terms: QUICK }) else {
        panic!("no seek");
    };
    let three = lobby.start();
    let (mut dan, _) = connect(&three, dir, "dan");
    wait_push(&mut dan, "everyone online", |p| match p {
        Push::Players { players, .. } => (["alice", "bob", "carol", "dan"]
            .iter()
            .all(|n| players.iter().any(|p| p == n)))
        .then_some(()),
        _ => None,
    });
    wait_push(&mut dan, "the open seek", |p| match p {
        Push::Seeks { seeks } => seeks.iter().any(|s| s.seek == seek).then_some(()),
        _ => None,
    });
    wait_push(&mut dan, "the game in progress", |p| match p {
        Push::Games { games } => games.iter().any(|g| g.game == second).then_some(()),
        _ => None,
    });
    assert_eq!(archived(&mut dan, "alice"), [game]);
    // And takes the seek made on server 1.
    let Answer::Started { game: third } = ask(&mut dan, Ask::Accept { seek }) else {
        panic!("not started");
    };
    wait_push(&mut alice, "the third game's start", |p| match p {
        Push::Started { state } if state.game == third => Some(()),
        _ => None,
    });
}

#[test]
fn the_owner_of_a_game_killed_another_server_takes_it_over_and_it_ends_rated() {
    let lobby = Lobby::new(Backend::Postgres);
    let dir = lobby.dir.path();
    let (one, two) = (lobby.start(), lobby.start());
    let (mut alice, _) = connect(&one, dir, "alice");
    let (mut bob, _) = connect(&two, dir, "bob");
    // Bob seeks on server 2, Alice takes it on server 1, which owns it.
    let state = start_game(&mut bob, &mut alice, QUICK);
    let game = state.game;
    let mut core = replay(&state);
    let players = ["bob", "alice"];
    for _ in 0..3 {
        let mover = players[core.player_to_move().index()];
        let client = if mover == "alice" {
            &mut alice
        } else {
            &mut bob
        };
        play_one(client, game, &mut core);
    }
    one.kill();
    drop((alice, bob));

    // Both come back through server 2, which takes the game over (a
    // bounded wait: it may take up to its lease).
    let (mut alice, _) = connect(&two, dir, "alice");
    let (mut bob, _) = connect(&two, dir, "bob");
    let deadline = Instant::now() + WAIT;
    let state = loop {
        match alice.request(Ask::Watch { game }, WAIT) {
            Ok(Answer::Game { state }) => break state,
            other => assert!(Instant::now() < deadline, "not taken over: {other:?}"),
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    };
    assert_eq!(replay(&state), core, "the moves made before the kill");
    let (one, two) = if state.names[0] == "bob" {
        (&mut bob, &mut alice)
    } else {
        (&mut alice, &mut bob)
    };
    play_out(&mut [one, two], &state);
    rated_end(&mut alice, game);
    // The surviving server's archive and a third's show it.
    assert_eq!(archived(&mut bob, "alice"), [game]);
    let three = lobby.start();
    let (mut carol, _) = connect(&three, dir, "carol");
    assert_eq!(archived(&mut carol, "bob"), [game]);
}

#[test]
fn the_open_seeks_limit_of_a_key_holds_across_servers() {
    let lobby = Lobby::new(Backend::Postgres);
    let dir = lobby.dir.path();
    let (one, two) = (lobby.start(), lobby.start());
    // One key, connected to both servers.
    let (mut here, _) = connect(&one, dir, "alice");
    let (mut there, _) = connect(&two, dir, "alice");
    for n in 0..5 {
        let client = if n < 3 { &mut here } else { &mut there };
        let answer = ask(client, Ask::Seek { terms: QUICK });
        assert!(matches!(answer, Answer::Seeking { .. }), "{answer:?}");
    }
    for client in [&mut here, &mut there] {
        let why = refused(client, Ask::Seek { terms: QUICK });
        assert_eq!(why, "at most 5 seeks and challenges open at once");
    }
}

#[test]
fn the_games_at_once_limit_of_a_key_holds_across_servers() {
    let lobby = Lobby::new(Backend::Postgres);
    let dir = lobby.dir.path();
    let (one, two) = (lobby.start(), lobby.start());
    // One key on both servers takes games on each; five seekers, each on
    // one of the servers, offer them (ten each, within their seek rate).
    let (mut here, _) = connect(&one, dir, "alice");
    let (mut there, _) = connect(&two, dir, "alice");
    let mut seekers: Vec<(Client, bool)> = (0..5)
        .map(|n| {
            let on_one = n % 2 == 0;
            let server = if on_one { &one } else { &two };
            (connect(server, dir, &format!("bob{n}")).0, on_one)
        })
        .collect();
    let mut take = |seeker: &mut Client, on_one: bool| {
        let Answer::Seeking { seek } = ask(seeker, Ask::Seek { terms: QUICK }) else {
            panic!("no seek");
        };
        // Alice's requests cost her two tokens each (a key on two servers):
        // paced under her rate in all.
        std::thread::sleep(std::time::Duration::from_millis(120));
        let taker = if on_one { &mut here } else { &mut there };
        (taker.request(Ask::Accept { seek }, WAIT), seek)
    };
    for (seeker, on_one) in &mut seekers {
        for _ in 0..10 {
            let (answer, seek) = take(seeker, *on_one);
            assert!(
                matches!(answer, Ok(Answer::Started { .. })),
                "seek {seek:?}: {answer:?}"
            );
        }
    }
    // Fifty games in progress, thirty on one server and twenty on the
    // other: the fifty-first is refused on both.
    for (n, (seeker, on_one)) in seekers.iter_mut().take(2).enumerate() {
        let (answer, _) = take(seeker, *on_one);
        match answer {
            Err(OnlineError::Refused(why)) => {
                assert_eq!(why, "at most 50 games in progress at once");
            }
            other => panic!("the fifty-first game on server {}: {other:?}", n + 1),
        }
    }
}

#[test]
fn a_key_on_two_servers_pays_twice_for_each_request() {
    let lobby = Lobby::new(Backend::Postgres);
    let dir = lobby.dir.path();
    let (one, two) = (lobby.start(), lobby.start());
    let (mut there, _) = connect(&two, dir, "alice");
    let (mut here, _) = connect(&one, dir, "alice");
    // Thirty requests at once fit one server's bucket (20 a second, 40 at
    // once); a key online on two servers pays two tokens a request, so some
    // are refused
    // once server 1 knows of server 2's connection (its presence is read
    // from the table: tried again, the bucket full again, until it does).
    let started = Instant::now();
    let refused_some = loop {
        let ids: Vec<u64> = (0..30).map(|_| here.send(Ask::Ping).unwrap()).collect();
        let mut refusals = 0;
        for id in ids {
            let reply = loop {
                match here.next(WAIT) {
                    Some(brique::online::Incoming::Reply(reply)) if reply.id == id => break reply,
                    Some(brique::online::Incoming::Closed(why)) => panic!("closed: {why}"),
                    Some(_) => {}
                    None => panic!("no reply to request {id}"),
                }
            };
            if let Err(why) = reply.answer {
                assert!(why.contains("too many requests"), "{why}");
                refusals += 1;
            }
        }
        if refusals > 0 || started.elapsed() > WAIT {
            break refusals > 0;
        }
        // The bucket full again (thirty tokens back at twenty a second).
        std::thread::sleep(std::time::Duration::from_millis(2_500));
    };
    assert!(
        refused_some,
        "thirty requests at once all passed on server 1"
    );
    // The other copy is still there, and still answered.
    assert_eq!(ask(&mut there, Ask::Ping), Answer::Done);
}
