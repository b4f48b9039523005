//! Tournaments in the lobby's database, on SQLite and PostgreSQL alike: a
//! swiss in the middle of a round (a key entered twice, a player
//! withdrawn after missing games), read back by a store opened again as a
//! restarted server opens it; its game ends; finished ones are the last
//! few only.

use brique::core::Variant;
use brique::online::Identity;
use brique::online::protocol::{Pace, Terms};
use brique::server::lobby::tournament::{Kind, Pairing, PlayerId, Stage};
use brique::server::lobby::{NewTournament, StoredPairing};

use crate::lobby_support::{Backend, Lobby, connect, on_both};

/// A lobby whose players `names` exist (they connected once), the server
/// stopped; their keys.
fn players(backend: Backend, names: &[&str]) -> (Lobby, Vec<String>) {
    let lobby = Lobby::new(backend);
    let server = lobby.start();
    let dir = lobby.dir.path();
    let keys = names
        .iter()
        .map(|name| {
            drop(connect(&server, dir, name));
            Identity::load_or_create(&dir.join(format!("{name}.key")))
                .unwrap()
                .public_hex()
        })
        .collect();
    drop(server);
    (lobby, keys)
}

fn a_swiss_in_the_middle_of_a_round_is_read_back_whole(backend: Backend) {
    let (lobby, keys) = players(backend, &["ann", "bob", "cy"]);
    let terms = Terms {
        size: 5,
        variant: Variant::Revised,
        pie: false,
        pace: Pace::Clock {
            minutes: 1,
            increment: 1,
        },
        rated: true,
    };
    let mut store = lobby.store();
    let id = store
        .create_tournament(
            &NewTournament {
                name: "Quick swiss".into(),
                kind: Kind::Swiss,
                creator: Some(keys[0].clone()),
                terms,
                rounds: Some(2),
                minutes: None,
                starts_ms: 5_000,
            },
            1_000,
        )
        .unwrap();
    for (seat, key) in (0..).zip(&keys) {
        assert_eq!(store.enter_tournament(id, key).unwrap(), PlayerId(seat));
    }
    assert!(
        store.enter_tournament(id, &keys[0]).is_err(),
        "a key enters once"
    );
    store.set_stage(id, Stage::Running).unwrap();
    let pairing = Pairing {
        white: PlayerId(1),
        black: PlayerId(0),
    };
    store
        .add_round(id, 1, Some(PlayerId(2)), &[pairing], 6_000)
        .unwrap();
    let game = store
        .new_game([&keys[1], &keys[0]], ["bob", "ann"], 1, &terms, 6_000)
        .unwrap();
    store.set_pairing_game(id, 1, 0, game).unwrap();
    assert_eq!(store.add_missed(id, PlayerId(2)).unwrap(), 1);
    assert_eq!(store.add_missed(id, PlayerId(1)).unwrap(), 1);
    assert_eq!(store.add_missed(id, PlayerId(1)).unwrap(), 2);
    store.set_withdrawn(id, PlayerId(1), true).unwrap();
    drop(store);

    let mut store = lobby.store();
    let all = store.tournaments(10).unwrap();
    assert_eq!(all.len(), 1);
    let t = &all[0];
    assert_eq!(
        (t.id, t.stage, t.new.kind),
        (id, Stage::Running, Kind::Swiss)
    );
    assert_eq!(t.new.name, "Quick swiss");
    assert_eq!(t.new.creator.as_deref(), Some(keys[0].as_str()));
    assert_eq!(
        (t.new.terms, t.new.rounds, t.new.starts_ms),
        (terms, Some(2), 5_000)
    );
    let entries: Vec<(&str, bool, u32)> = t
        .entries
        .iter()
        .map(|e| (e.name.as_str(), e.withdrawn, e.missed))
        .collect();
    assert_eq!(
        entries,
        [("ann", false, 0), ("bob", true, 2), ("cy", false, 1)]
    );
    assert_eq!(t.rounds.len(), 1);
    let round = &t.rounds[0];
    assert_eq!((round.round, round.bye), (1, Some(PlayerId(2))));
    assert_eq!(round.started_ms, 6_000);
    assert_eq!(
        round.pairings,
        vec![StoredPairing {
            pairing,
            game: Some(game),
            finished: false,
            winner: None,
            finished_ms: None,
        }]
    );
    assert_eq!(round.pairings.len(), 1);
    assert_eq!(round.pairings[0].pairing, pairing);
    assert_eq!(round.pairings[0].game, Some(game));
    assert!(!round.pairings[0].finished);
    assert_eq!(
        store.finish_pairing(game, Some(PlayerId(1)), 5).unwrap(),
        Some(id)
    );
    let round = &store.tournaments(10).unwrap()[0].rounds[0];
    assert_eq!(
        (round.pairings[0].finished, round.pairings[0].winner),
        (true, Some(PlayerId(1)))
    );
    assert_eq!(
        store.finish_pairing(game + 1, None, 5).unwrap(),
        None,
        "not a tournament's"
    );
    // Finished tournaments: the last few only.
    store.set_stage(id, Stage::Finished).unwrap();
    assert_eq!(store.tournaments(1).unwrap().len(), 1);
    assert_eq!(store.tournaments(0).unwrap().len(), 0);
}
on_both!(a_swiss_in_the_middle_of_a_round_is_read_back_whole);

/// An arena's games are its round 1's pairings, added as they are paired;
/// a pause and when each game ended are read back (migration 7).
fn an_arenas_games_pauses_and_ends_are_read_back(backend: Backend) {
    let (lobby, keys) = players(backend, &["ann", "bob"]);
    let terms = Terms {
        size: 5,
        variant: Variant::Revised,
        pie: false,
        pace: Pace::Clock {
            minutes: 1,
            increment: 1,
        },
        rated: false,
    };
    let mut store = lobby.store();
    let id = store
        .create_tournament(
            &NewTournament {
                name: "Quick arena".into(),
                kind: Kind::Arena,
                creator: Some(keys[0].clone()),
                terms,
                rounds: None,
                minutes: Some(3),
                starts_ms: 5_000,
            },
            1_000,
        )
        .unwrap();
    for key in &keys {
        store.enter_tournament(id, key).unwrap();
    }
    store.set_stage(id, Stage::Running).unwrap();
    let first = Pairing {
        white: PlayerId(0),
        black: PlayerId(1),
    };
    let second = Pairing {
        white: PlayerId(1),
        black: PlayerId(0),
    };
    store.add_round(id, 1, None, &[first], 5_000).unwrap();
    let game = store
        .new_game([&keys[0], &keys[1]], ["ann", "bob"], 1, &terms, 5_000)
        .unwrap();
    store.set_pairing_game(id, 1, 0, game).unwrap();
    assert_eq!(
        store
            .finish_pairing(game, Some(PlayerId(0)), 7_000)
            .unwrap(),
        Some(id)
    );
    store.add_pairings(id, 1, 1, &[second]).unwrap();
    store.set_paused(id, PlayerId(1), true).unwrap();
    drop(store);

    let mut store = lobby.store();
    let all = store.tournaments(10).unwrap();
    let t = &all[0];
    let entries: Vec<(&str, bool)> = t
        .entries
        .iter()
        .map(|e| (e.name.as_str(), e.paused))
        .collect();
    assert_eq!(entries, [("ann", false), ("bob", true)]);
    assert_eq!(t.rounds.len(), 1);
    assert_eq!(
        t.rounds[0].pairings,
        vec![
            StoredPairing {
                pairing: first,
                game: Some(game),
                finished: true,
                winner: Some(PlayerId(0)),
                finished_ms: Some(7_000),
            },
            StoredPairing {
                pairing: second,
                game: None,
                finished: false,
                winner: None,
                finished_ms: None,
            },
        ]
    );
}
on_both!(an_arenas_games_pauses_and_ends_are_read_back);

/// The operator's tournament has no creator: its empty creator is stored
/// (PostgreSQL checks a null's type against its TEXT column) and read back
/// as none.
fn a_tournament_of_the_operators_file_has_no_creator(backend: Backend) {
    let lobby = Lobby::new(backend);
    drop(lobby.start());
    let mut store = lobby.store();
    let made = NewTournament {
        name: "Nightly arena".into(),
        kind: Kind::Arena,
        creator: None,
        terms: Terms {
            size: 9,
            variant: Variant::Original,
            pie: true,
            pace: Pace::Clock {
                minutes: 3,
                increment: 2,
            },
            rated: true,
        },
        rounds: None,
        minutes: Some(30),
        starts_ms: 5_000,
    };
    let id = store.create_tournament(&made, 1_000).unwrap();
    let all = store.tournaments(10).unwrap();
    let t = all.iter().find(|t| t.id == id).unwrap();
    assert_eq!(t.new.creator, None);
    assert_eq!(t.new.name, "Nightly arena");
    assert_eq!(t.new.minutes, Some(30));
}
on_both!(a_tournament_of_the_operators_file_has_no_creator);
