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
