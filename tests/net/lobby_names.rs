//! The lobby's names and ratings against a real `brique server --lobby`:
//! a name too long is refused with the limit, look-alike, invisible and
//! blank names are refused, a key renames itself (its games keep the name
//! they were played under), new keys per address are limited, and
//! throwaway keys that resign at once cannot lift a rating.

use std::path::Path;

use brique::core::{NAME_MAX_CHARS, Record, Variant};
use brique::online::protocol::{Answer, Ask, GameId, Push, Terms};
use brique::online::{Client, Identity, NameError, OnlineError};
use brique::server::lobby::{ABORTED, GAMES_TO_COUNT};

use crate::lobby_support::{
    Backend, Lobby, Server, archive, ask, connect, known, on_both, play_one, quick, refused,
    replay, start_game, wait_push,
};

const RATED: Terms = quick(10, 0);

/// A new key (file `file` in `dir`) asking for `name`: how the server answers.
fn try_name(server: &Server, dir: &Path, file: &str, name: &str) -> Result<String, OnlineError> {
    let identity = Identity::load_or_create(&dir.join(format!("{file}.key"))).unwrap();
    Client::connect(server.lobby, &identity, Some(name), &known(dir))
        .map(|(_, welcome)| welcome.name.unwrap_or_default())
}

/// How `game` ended, as `client` is told: the result and rating changes.
fn ended(client: &mut Client, game: GameId) -> (String, Vec<String>) {
    wait_push(client, "the end", |p| match p {
        Push::Ended {
            game: g,
            result,
            ratings,
        } if *g == game => Some((
            result.to_string(),
            ratings.iter().map(|r| r.name.clone()).collect(),
        )),
        _ => None,
    })
}

/// `name`'s rating in the original rules (1500 when unrated).
fn rating(client: &mut Client, name: &str) -> f64 {
    let Answer::Ratings { ratings, .. } = ask(
        client,
        Ask::Ratings {
            name: name.to_string(),
        },
    ) else {
        panic!("no ratings");
    };
    ratings
        .iter()
        .find(|r| r.variant == Variant::Original)
        .map_or(1500.0, |r| r.rating)
}

#[test]
fn a_name_too_long_is_refused_with_the_limit_not_cut() {
    let lobby = Lobby::sqlite();
    let (dir, server) = (&lobby.dir, lobby.start());
    let long = "x".repeat(NAME_MAX_CHARS + 3);
    match try_name(&server, dir.path(), "long", &long) {
        Err(OnlineError::Name(NameError::TooLong { chars, max })) => {
            assert_eq!((chars, max), (NAME_MAX_CHARS + 3, NAME_MAX_CHARS));
        }
        other => panic!("a name of {} characters: {other:?}", long.len()),
    }
    let most = "y".repeat(NAME_MAX_CHARS);
    assert_eq!(try_name(&server, dir.path(), "most", &most).unwrap(), most);
}

#[test]
fn look_alike_invisible_and_blank_names_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_on(dir.path(), &["--registrations-per-day", "50"]);
    assert_eq!(
        try_name(&server, dir.path(), "alice", "alice").unwrap(),
        "alice"
    );
    let taken = |name: &str| NameError::Taken { name: name.into() };
    let cases = [
        ("ali\u{200b}ce", taken("alice")),
        ("al\u{ad}ice", taken("alice")),
        ("\u{feff}alice", taken("alice")),
        ("ali\u{61c}ce", taken("alice")),
        ("ALICE", taken("alice")),
        (
            "\u{430}lice",
            NameError::LooksLike {
                name: "\u{430}lice".into(),
                taken: "alice".into(),
            },
        ),
        ("\u{3164}", NameError::Blank),
        ("\u{61c}", NameError::Blank),
        ("\u{200b} \u{feff}", NameError::Blank),
    ];
    for (i, (name, why)) in cases.into_iter().enumerate() {
        match try_name(&server, dir.path(), &format!("k{i}"), name) {
            Err(OnlineError::Name(e)) => assert_eq!(e, why, "{name:?}"),
            other => panic!("{name:?} was not refused: {other:?}"),
        }
    }
    // The invisible characters of a new name are dropped, not kept.
    assert_eq!(
        try_name(&server, dir.path(), "bob", "\u{feff}b\u{200b}ob").unwrap(),
        "bob"
    );
}

on_both!(a_key_renames_itself_once_a_month_and_its_games_keep_the_old_name);
fn a_key_renames_itself_once_a_month_and_its_games_keep_the_old_name(backend: Backend) {
    let lobby = Lobby::new(backend);
    let (dir, server) = (&lobby.dir, lobby.start());
    let (mut alice, _) = connect(&server, dir.path(), "alice");
    let (mut bob, _) = connect(&server, dir.path(), "bob");
    let state = start_game(&mut alice, &mut bob, RATED);
    let mut core = replay(&state);
    let seats = [&mut alice, &mut bob];
    for _ in 0..2 {
        let mover = core.player_to_move().index();
        play_one(seats[mover], state.game, &mut core);
    }
    assert_eq!(
        ask(&mut bob, Ask::Resign { game: state.game }),
        Answer::Done
    );
    ended(&mut alice, state.game);

    // A second copy of alice's key asks for another name: it keeps its own.
    let (mut copy, welcome) = connect(&server, dir.path(), "alice");
    assert_eq!(welcome.name.as_deref(), Some("alice"));
    let again = Identity::load_or_create(&dir.path().join("alice.key")).unwrap();
    let (_, welcome) =
        Client::connect(server.lobby, &again, Some("alicia"), &known(dir.path())).unwrap();
    assert_eq!(
        welcome.name.as_deref(),
        Some("alice"),
        "the name asked is ignored"
    );

    // Refused: another's name, a look-alike of it, too long, blank.
    let rename = |name: &str| Ask::Rename { name: name.into() };
    assert!(refused(&mut alice, rename("bob")).contains("taken"));
    assert!(refused(&mut alice, rename("b\u{43e}b")).contains("looks like bob"));
    assert!(refused(&mut alice, rename(&"z".repeat(30))).contains("at most 20"));
    assert!(refused(&mut alice, rename("\u{3164}")).contains("letter or a digit"));
    // Taken, cleaned; every copy of the key is told.
    let answer = ask(&mut alice, rename("  alicia\u{200b} "));
    assert_eq!(
        answer,
        Answer::Renamed {
            name: "alicia".into()
        }
    );
    let told = wait_push(&mut copy, "the new name", |p| match p {
        Push::Renamed { name } => Some(name.clone()),
        _ => None,
    });
    assert_eq!(told, "alicia");
    // Once a month: a second rename is refused, saying when.
    let why = refused(&mut alice, rename("alina"));
    assert!(
        why.contains("once in 30 days") && why.contains("30 days"),
        "{why}"
    );
    // The old name is kept for its owner: no one else takes it now.
    let why = refused(&mut bob, rename("alice"));
    assert!(why.contains("taken"), "{why}");
    assert!(
        refused(
            &mut bob,
            Ask::Archive {
                name: "alice".into()
            }
        )
        .contains("no player")
    );

    // The game keeps the name it was played under, in the archive and record.
    let games = archive(&mut bob, "alicia");
    assert_eq!(games.len(), 1);
    assert!(
        games[0].names.contains(&"alice".to_string()),
        "{:?}",
        games[0].names
    );
    let Answer::Record { text } = ask(&mut bob, Ask::Record { game: state.game }) else {
        panic!("no record");
    };
    let record = Record::parse(&text).unwrap();
    assert!(
        record.names.contains(&"alice".to_string()),
        "{:?}",
        record.names
    );
    // The lists say the new name.
    wait_push(&mut bob, "the players list", |p| match p {
        Push::Players { players, .. } => players.contains(&"alicia".to_string()).then_some(()),
        _ => None,
    });
}

#[test]
fn new_keys_from_one_address_are_limited_a_day() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_on(dir.path(), &["--registrations-per-day", "2"]);
    try_name(&server, dir.path(), "a", "one").unwrap();
    try_name(&server, dir.path(), "b", "two").unwrap();
    match try_name(&server, dir.path(), "c", "three") {
        Err(OnlineError::Refused(why)) => {
            assert!(why.contains("at most 2 a day"), "{why}");
        }
        other => panic!("a third new key: {other:?}"),
    }
    // A known key comes back, and a key without a name may look.
    assert_eq!(try_name(&server, dir.path(), "a", "one").unwrap(), "one");
    let look = Identity::load_or_create(&dir.path().join("d.key")).unwrap();
    assert!(Client::connect(server.lobby, &look, None, &known(dir.path())).is_ok());
}

#[test]
fn throwaway_keys_resigning_at_once_cannot_lift_a_rating() {
    let lobby = Lobby::sqlite();
    let (dir, server) = (&lobby.dir, lobby.start());
    let (mut main, _) = connect(&server, dir.path(), "main");
    // The attack: throwaway keys accept main's rated seek and resign at
    // move 0. Each game is aborted: unrated, and marked so.
    for i in 0..4 {
        let (mut throwaway, _) = connect(&server, dir.path(), &format!("throwaway{i}"));
        let state = start_game(&mut main, &mut throwaway, RATED);
        assert_eq!(
            ask(&mut throwaway, Ask::Resign { game: state.game }),
            Answer::Done
        );
        let (result, ratings) = ended(&mut main, state.game);
        assert_eq!(result, ABORTED);
        assert!(ratings.is_empty(), "{ratings:?}");
    }
    assert_eq!(rating(&mut main, "main"), 1500.0);
    let games = archive(&mut main, "main");
    assert_eq!(games.len(), 4);
    assert!(games.iter().all(|g| g.result.to_string() == ABORTED));
    let Answer::Record { text } = ask(
        &mut main,
        Ask::Record {
            game: games[0].game,
        },
    ) else {
        panic!("no record");
    };
    let record = Record::parse(&text).unwrap();
    assert_eq!(record.extra("x-rated"), Some("no"));
    assert_eq!(record.extra("x-aborted"), Some("yes"));

    // Main is established: it has played games with moves.
    let (mut rival, _) = connect(&server, dir.path(), "rival");
    for _ in 0..GAMES_TO_COUNT {
        let state = start_game(&mut main, &mut rival, RATED);
        let mut core = replay(&state);
        let seats = [&mut main, &mut rival];
        for _ in 0..2 {
            let mover = core.player_to_move().index();
            play_one(seats[mover], state.game, &mut core);
        }
        let loser = core.player_to_move().index();
        assert_eq!(
            ask(seats[loser], Ask::Resign { game: state.game }),
            Answer::Done
        );
        ended(&mut main, state.game);
    }
    let established = rating(&mut main, "main");
    // A throwaway that moves once, then resigns: rated for itself, but a
    // provisional key's result does not move main's rating.
    let (mut throwaway, _) = connect(&server, dir.path(), "throwaway9");
    let state = start_game(&mut main, &mut throwaway, RATED);
    let mut core = replay(&state);
    let seats = [&mut main, &mut throwaway];
    for _ in 0..2 {
        let mover = core.player_to_move().index();
        play_one(seats[mover], state.game, &mut core);
    }
    assert_eq!(
        ask(&mut throwaway, Ask::Resign { game: state.game }),
        Answer::Done
    );
    let (result, ratings) = ended(&mut main, state.game);
    assert_ne!(result, ABORTED);
    assert_eq!(ratings, vec!["throwaway9".to_string()]);
    assert_eq!(rating(&mut main, "main"), established);
    assert!(rating(&mut main, "throwaway9") < 1500.0);
}
