use super::*;
use crate::core::Variant;
use crate::online::protocol::Pace;

pub(crate) fn swiss(starts_ms: i64) -> NewTournament {
    NewTournament {
        name: "Quick swiss".into(),
        kind: Kind::Swiss,
        creator: None,
        terms: Terms {
            size: 5,
            variant: Variant::default(),
            pie: false,
            pace: Pace::Clock {
                minutes: 1,
                increment: 1,
            },
            rated: true,
        },
        rounds: Some(2),
        minutes: None,
        starts_ms,
    }
}

#[test]
fn a_tournament_in_the_middle_of_a_round_reads_back_as_it_was_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lobby.sqlite");
    let mut store = Store::open(&path).unwrap();
    for (i, name) in ["ann", "bob", "cy"].iter().enumerate() {
        store
            .db
            .execute(
                "INSERT INTO players (key, name, name_key, skeleton, created_ms)
                 VALUES (?1, ?2, ?2, ?2, 0)",
                &values![format!("{i:064x}").as_str(), *name],
            )
            .unwrap();
    }
    let id = store.create_tournament(&swiss(1_000), 10).unwrap();
    for i in 0..3 {
        let seat = store.enter_tournament(id, &format!("{i:064x}")).unwrap();
        assert_eq!(seat, PlayerId(i));
    }
    assert!(
        store.enter_tournament(id, &format!("{:064x}", 0)).is_err(),
        "a key enters once"
    );
    store.set_stage(id, Stage::Running).unwrap();
    let pairing = Pairing {
        white: PlayerId(0),
        black: PlayerId(1),
    };
    store
        .add_round(id, 1, Some(PlayerId(2)), &[pairing], 2_000)
        .unwrap();
    let game = store
        .new_game(
            [&format!("{:064x}", 0), &format!("{:064x}", 1)],
            ["ann", "bob"],
            1,
            &swiss(0).terms,
            2_000,
        )
        .unwrap();
    store.set_pairing_game(id, 1, 0, game).unwrap();
    assert_eq!(store.add_missed(id, PlayerId(1)).unwrap(), 1);
    assert_eq!(store.add_missed(id, PlayerId(1)).unwrap(), 2);
    store.set_withdrawn(id, PlayerId(1), true).unwrap();
    drop(store);

    // A server started again reads it all back.
    let mut store = Store::open(&path).unwrap();
    let all = store.tournaments(10).unwrap();
    assert_eq!(all.len(), 1);
    let t = &all[0];
    assert_eq!(
        (t.id, t.stage, t.new.kind),
        (id, Stage::Running, Kind::Swiss)
    );
    assert_eq!(t.new.name, "Quick swiss");
    assert_eq!(t.new.rounds, Some(2));
    assert_eq!(t.new.terms, swiss(0).terms);
    let names: Vec<&str> = t.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["ann", "bob", "cy"]);
    assert!(t.entries[1].withdrawn);
    assert_eq!(t.entries[1].missed, 2);
    assert_eq!(t.rounds.len(), 1);
    let round = &t.rounds[0];
    assert_eq!(
        (round.round, round.bye, round.started_ms),
        (1, Some(PlayerId(2)), 2_000)
    );
    assert_eq!(
        round.pairings,
        vec![StoredPairing {
            pairing,
            game: Some(game),
            finished: false,
            winner: None
        }]
    );
    // Its game ends: the pairing is finished, with its winner.
    assert_eq!(
        store.finish_pairing(game, Some(PlayerId(0))).unwrap(),
        Some(id)
    );
    assert_eq!(
        store.finish_pairing(game + 1, None).unwrap(),
        None,
        "not a tournament's"
    );
    let round = &store.tournaments(10).unwrap()[0].rounds[0];
    assert!(round.pairings[0].finished);
    assert_eq!(round.pairings[0].winner, Some(PlayerId(0)));
    // Finished tournaments: the last few only.
    store.set_stage(id, Stage::Finished).unwrap();
    assert_eq!(store.tournaments(1).unwrap().len(), 1);
    assert_eq!(store.tournaments(0).unwrap().len(), 0);
}
