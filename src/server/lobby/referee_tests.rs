//! The referee on its own, without sockets: what it does with a client
//! that stops reading.

use std::path::Path;

use tokio::sync::mpsc::error::TryRecvError;

use super::*;
use crate::online::protocol::{Answer, Ask};

fn referee(dir: &Path) -> Referee {
    let store = Store::open(&dir.join("lobby.sqlite")).unwrap();
    Referee::new(store, LobbyLimits::default()).unwrap()
}

/// Joins connection `conn` (key and name its own); its outbox's far end.
fn join(referee: &mut Referee, conn: u64, name: &str) -> tokio::sync::mpsc::Receiver<Arc<[u8]>> {
    let (outbox, queued) = tokio::sync::mpsc::channel(referee.limits.outbox);
    referee.handle(Command::Join {
        conn,
        key: format!("{conn:064x}"),
        name: Some(name.into()),
        outbox,
        from: None,
        bot: false,
    });
    queued
}

fn ping(referee: &mut Referee, conn: u64, id: u64) {
    let request = Request { id, ask: Ask::Ping };
    referee.handle(Command::Ask { conn, request });
}

#[test]
fn a_client_that_does_not_read_is_dropped_at_a_full_outbox_and_the_lobby_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut referee = referee(dir.path());
    let outbox = referee.limits.outbox;
    assert_eq!(outbox, 256);
    let mut slow = join(&mut referee, 1, "slow");
    let mut other = join(&mut referee, 2, "other");
    // The slow client asks and never reads: every answer (a refusal past
    // its rate) waits in its outbox, until there is no room.
    for id in 1..=u64::try_from(outbox).unwrap() + 10 {
        ping(&mut referee, 1, id);
    }
    assert!(!referee.conns.contains_key(&1), "still connected");
    assert!(!referee.keys.contains_key(&format!("{:064x}", 1)));
    let mut held = 0;
    while slow.try_recv().is_ok() {
        held += 1;
    }
    assert_eq!(held, outbox, "the outbox held other than its limit");
    // Its writer sees the end: the connection closes.
    assert_eq!(slow.try_recv(), Err(TryRecvError::Disconnected));
    // The others go on.
    while other.try_recv().is_ok() {}
    ping(&mut referee, 2, 1);
    let reply: FromServer = serde_json::from_slice(&other.try_recv().unwrap()).unwrap();
    let done = Reply {
        id: 1,
        answer: Ok(Answer::Done),
    };
    assert_eq!(reply, FromServer::Reply(done));
}

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// A referee whose wall clock reads `clock` (ms since 1970).
fn referee_at(dir: &Path, clock: &Arc<std::sync::atomic::AtomicI64>) -> Referee {
    let clock = Arc::clone(clock);
    referee(dir).with_wall_clock(Box::new(move || {
        clock.load(std::sync::atomic::Ordering::Relaxed)
    }))
}

/// Joins connection `conn` from `from` asking for `name`; the first
/// push: its welcome, or why not.
fn join_from(referee: &mut Referee, conn: u64, name: &str, from: &str) -> Push {
    let (outbox, mut queued) = tokio::sync::mpsc::channel(referee.limits.outbox);
    referee.handle(Command::Join {
        conn,
        key: format!("{conn:064x}"),
        name: Some(name.into()),
        outbox,
        from: Some(from.parse().unwrap()),
        bot: false,
    });
    let first = queued.try_recv().unwrap();
    referee.handle(Command::Gone { conn });
    match serde_json::from_slice(&first).unwrap() {
        FromServer::Push(push) => push,
        other => panic!("{other:?}"),
    }
}

/// `conn` asks to be called `name`: the answer (a refusal as the wire
/// carries it: text).
fn rename(
    referee: &mut Referee,
    conn: u64,
    outbox: &mut tokio::sync::mpsc::Receiver<Arc<[u8]>>,
    name: &str,
) -> Result<Answer, String> {
    let ask = Ask::Rename { name: name.into() };
    referee.handle(Command::Ask {
        conn,
        request: Request { id: 77, ask },
    });
    while let Ok(bytes) = outbox.try_recv() {
        if let FromServer::Reply(reply) = serde_json::from_slice(&bytes).unwrap()
            && reply.id == 77
        {
            return reply.answer;
        }
    }
    panic!("no answer");
}

#[test]
fn a_rename_waits_a_month_and_the_old_name_stays_its_owners_as_long() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(std::sync::atomic::AtomicI64::new(1_000 * DAY_MS));
    let set = |day: i64| clock.store(day * DAY_MS, std::sync::atomic::Ordering::Relaxed);
    let mut referee = referee_at(dir.path(), &clock);
    let mut ann = join(&mut referee, 1, "ann");
    let mut bob = join(&mut referee, 2, "bob");
    assert_eq!(
        rename(&mut referee, 1, &mut ann, "anna"),
        Ok(Answer::Renamed {
            name: "anna".into()
        })
    );
    // 29 days on: too soon, and "ann" is still kept for its owner.
    set(1_029);
    let why = rename(&mut referee, 1, &mut ann, "annie").unwrap_err();
    assert!(why.contains("again in 1 day"), "{why}");
    let why = rename(&mut referee, 2, &mut bob, "ANN").unwrap_err();
    assert!(why.contains("taken"), "{why}");
    // A month on: both may.
    set(1_030);
    assert!(rename(&mut referee, 2, &mut bob, "ann").is_ok());
    assert!(rename(&mut referee, 1, &mut ann, "annie").is_ok());
    assert_eq!(
        referee.store.old_names(&format!("{:064x}", 1)).unwrap(),
        ["ann", "anna"]
    );
    assert_eq!(
        referee
            .store
            .name_of(&format!("{:064x}", 2))
            .unwrap()
            .as_deref(),
        Some("ann")
    );
}

#[test]
fn new_keys_are_counted_per_address_a_day_and_uncounted_ones_are_not() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(std::sync::atomic::AtomicI64::new(1_000 * DAY_MS));
    let mut referee = referee_at(dir.path(), &clock);
    let most = referee.limits.registrations_per_day;
    assert_eq!(most, 10);
    for i in 0..u64::from(most) {
        let push = join_from(&mut referee, 100 + i, &format!("p{i}"), "192.0.2.7");
        assert!(matches!(push, Push::Welcome { .. }), "{push:?}");
    }
    let refused = join_from(&mut referee, 200, "late", "192.0.2.7");
    let Push::Refused { why, name: None } = refused else {
        panic!("{refused:?}");
    };
    assert!(why.contains("at most 10 a day"), "{why}");
    // Another address, and one the server does not count (`from: None`).
    let other = join_from(&mut referee, 201, "other", "198.51.100.1");
    assert!(matches!(other, Push::Welcome { .. }));
    join(&mut referee, 202, "uncounted");
    // A refused name is no new key: it does not count.
    let blank = join_from(&mut referee, 203, "\u{3164}", "198.51.100.1");
    assert!(
        matches!(blank, Push::Refused { name: Some(_), .. }),
        "{blank:?}"
    );
    // A day later the address may again.
    clock.store(1_001 * DAY_MS, std::sync::atomic::Ordering::Relaxed);
    let next = join_from(&mut referee, 204, "late", "192.0.2.7");
    assert!(matches!(next, Push::Welcome { .. }), "{next:?}");
}
