//! The lobby on PostgreSQL, past what `on_both!` runs on each backend:
//! servers started at once over one empty database migrate it once, and
//! a name is the database's, whichever server took it.

use brique::online::{Identity, OnlineError};

use crate::lobby_support::{Backend, Lobby, connect, known};

#[test]
fn two_servers_started_at_once_over_one_database_migrate_it_once() {
    let lobby = Lobby::new(Backend::Postgres);
    let (first, second) = std::thread::scope(|s| {
        let first = s.spawn(|| lobby.start());
        let second = s.spawn(|| lobby.start());
        (first.join().unwrap(), second.join().unwrap())
    });
    let mut db = postgres::Client::connect(lobby.url(), postgres::NoTls).unwrap();
    let versions: Vec<i64> = db
        .query(
            "SELECT version FROM brique_migrations ORDER BY version",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(versions, [1, 2, 3, 4, 5, 6, 7]);

    // A name taken on one is refused on the other: the unique index decides.
    let dir = lobby.dir.path();
    let (_alice, welcome) = connect(&first, dir, "alice");
    assert_eq!(welcome.name.as_deref(), Some("alice"));
    let other = Identity::load_or_create(&dir.join("other.key")).unwrap();
    match brique::online::Client::connect(second.lobby, &other, Some("Alice"), &known(dir)) {
        Err(OnlineError::Name(why)) => assert!(why.to_string().contains("taken"), "{why}"),
        other => panic!("a name taken on the other server was not refused: {other:?}"),
    }
}
