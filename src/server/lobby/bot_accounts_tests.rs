//! Bot accounts in the referee, without sockets: declared at
//! registration and kept, marked in the lists, never paired with each
//! other, and this server's own bots' games capped.

use std::path::Path;
use std::sync::Arc;

use tokio::sync::mpsc::Receiver;

use super::referee::{Command, Referee};
use super::*;
use crate::core::Variant;
use crate::online::protocol::{Answer, Ask, FromServer, Pace, Push, Request, SeekId, Terms};

fn referee(dir: &Path, limits: LobbyLimits) -> Referee {
    let store = Store::open(&dir.join("lobby.sqlite")).unwrap();
    Referee::new(store, limits).unwrap()
}

fn key(n: u64) -> String {
    format!("{n:064x}")
}

/// Joins connection `conn` with key `key(n)`, named `name`, saying `bot`.
fn join(referee: &mut Referee, conn: u64, n: u64, name: &str, bot: bool) -> Receiver<Arc<[u8]>> {
    let (outbox, queued) = tokio::sync::mpsc::channel(referee.limits.outbox);
    referee.handle(Command::Join {
        conn,
        key: key(n),
        name: Some(name.into()),
        outbox,
        from: None,
        bot,
    });
    queued
}

/// Everything queued for a connection so far.
fn drain(queued: &mut Receiver<Arc<[u8]>>) -> Vec<FromServer> {
    let mut all = Vec::new();
    while let Ok(bytes) = queued.try_recv() {
        all.push(serde_json::from_slice(&bytes).unwrap());
    }
    all
}

/// `conn` asks `ask`; the answer.
fn ask(
    referee: &mut Referee,
    conn: u64,
    queued: &mut Receiver<Arc<[u8]>>,
    ask: Ask,
) -> Result<Answer, String> {
    drain(queued);
    let request = Request { id: 7, ask };
    referee.handle(Command::Ask { conn, request });
    drain(queued)
        .into_iter()
        .find_map(|m| match m {
            FromServer::Reply(r) if r.id == 7 => Some(r.answer),
            _ => None,
        })
        .unwrap()
}

fn terms() -> Terms {
    Terms {
        size: 9,
        variant: Variant::Original,
        pie: false,
        pace: Pace::Clock {
            minutes: 10,
            increment: 5,
        },
        rated: true,
    }
}

#[test]
fn a_bot_is_declared_at_registration_and_a_person_stays_a_person() {
    let dir = tempfile::tempdir().unwrap();
    let mut referee = referee(dir.path(), LobbyLimits::default());
    let _robo = join(&mut referee, 1, 1, "robo", true);
    let _alice = join(&mut referee, 2, 2, "alice", false);
    referee.handle(Command::Gone { conn: 2 });
    // Alice's key, known as a person, now says it is a bot: ignored.
    let mut again = join(&mut referee, 3, 2, "alice", true);
    assert_eq!(
        referee.store.player(&key(1)).unwrap(),
        Some(("robo".into(), true))
    );
    assert_eq!(
        referee.store.player(&key(2)).unwrap(),
        Some(("alice".into(), false))
    );
    let players = drain(&mut again).into_iter().find_map(|m| match m {
        FromServer::Push(Push::Players { players, bots }) => Some((players, bots)),
        _ => None,
    });
    assert_eq!(
        players,
        Some((vec!["alice".into(), "robo".into()], vec!["robo".into()]))
    );
    // Its seek is marked as a bot's; a person's is not.
    let mut robo = join(&mut referee, 4, 1, "robo", false);
    ask(&mut referee, 4, &mut robo, Ask::Seek { terms: terms() }).unwrap();
    ask(&mut referee, 3, &mut again, Ask::Seek { terms: terms() }).unwrap();
    referee.handle(Command::Ask {
        conn: 3,
        request: Request {
            id: 8,
            ask: Ask::Ping,
        },
    });
    let seeks = referee
        .seeks
        .values()
        .map(|s| (s.name.clone(), referee.is_bot(&s.key)));
    assert_eq!(
        seeks.collect::<Vec<_>>(),
        vec![("robo".into(), true), ("alice".into(), false)]
    );
}

#[test]
fn two_bots_never_meet_on_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let mut referee = referee(dir.path(), LobbyLimits::default());
    let mut robo = join(&mut referee, 1, 1, "robo", true);
    let mut droid = join(&mut referee, 2, 2, "droid", true);
    let Answer::Seeking { seek } =
        ask(&mut referee, 1, &mut robo, Ask::Seek { terms: terms() }).unwrap()
    else {
        panic!("no seek");
    };
    let refused = ask(&mut referee, 2, &mut droid, Ask::Accept { seek }).unwrap_err();
    assert!(refused.contains("bots do not play each other"), "{refused}");
    let challenge = Ask::Challenge {
        name: "robo".into(),
        terms: terms(),
    };
    let refused = ask(&mut referee, 2, &mut droid, challenge).unwrap_err();
    assert!(refused.contains("bots do not play each other"), "{refused}");
}

#[test]
fn the_servers_own_bots_play_at_most_bot_games_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let limits = LobbyLimits {
        bot_games: 1,
        ..LobbyLimits::default()
    };
    let house = std::iter::once(key(1)).collect();
    let mut referee = referee(dir.path(), limits).with_house_bots(house);
    let mut robo = join(&mut referee, 1, 1, "robo", true);
    let mut alice = join(&mut referee, 2, 2, "alice", false);
    let mut bob = join(&mut referee, 3, 3, "bob", false);
    let challenge = Ask::Challenge {
        name: "robo".into(),
        terms: terms(),
    };
    let Answer::Seeking { seek } = ask(&mut referee, 2, &mut alice, challenge.clone()).unwrap()
    else {
        panic!("no challenge");
    };
    assert!(matches!(
        ask(&mut referee, 1, &mut robo, Ask::Accept { seek }),
        Ok(Answer::Started { .. })
    ));
    // One game at once: Bob is told no, politely, and why.
    let refused = ask(&mut referee, 3, &mut bob, challenge).unwrap_err();
    assert!(
        refused.contains("as many games as they may (1 at once)"),
        "{refused}"
    );
    // Nor may anyone take a seek of robo's.
    let robo_seek = ask(&mut referee, 1, &mut robo, Ask::Seek { terms: terms() });
    let Ok(Answer::Seeking { seek }) = robo_seek else {
        panic!("no seek: {robo_seek:?}");
    };
    let refused = ask(&mut referee, 3, &mut bob, Ask::Accept { seek }).unwrap_err();
    assert!(refused.contains("1 at once"), "{refused}");
    assert_ne!(seek, SeekId(0));
}
