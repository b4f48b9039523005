//! A lobby of several servers, as a client sees it: the addresses tried
//! in order, the first that answers taken; one server key for all
//! (`--server-key FILE`), trusted across them, and another key refused.

use brique::online::{Client, Identity, KnownError, OnlineError};

use crate::lobby_support::{Server, known};

/// A port just freed: nothing answers there.
fn closed_port() -> std::net::SocketAddr {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
}

#[test]
fn a_client_given_a_closed_port_first_connects_to_the_live_server() {
    let root = tempfile::tempdir().unwrap();
    let live = Server::start(&root.path().join("live"));
    let identity = Identity::load_or_create(&root.path().join("ann.key")).unwrap();
    let servers = [closed_port().to_string(), live.lobby.to_string()];
    let reached =
        Client::connect_first(&servers, 0, &identity, Some("ann"), &known(root.path())).unwrap();
    assert_eq!(reached.index, 1);
    assert_eq!(reached.welcome.name.as_deref(), Some("ann"));
    // From the live one, it is the first tried.
    let again =
        Client::connect_first(&servers, 1, &identity, Some("ann"), &known(root.path())).unwrap();
    assert_eq!(again.index, 1);
    // None answering: the last failure is said.
    let dead = [closed_port().to_string()];
    match Client::connect_first(&dead, 0, &identity, None, &known(root.path())) {
        Err(OnlineError::Unreachable(..)) => {}
        other => panic!("no server answers, yet: {other:?}"),
    }
}

#[test]
fn servers_given_one_server_key_are_one_lobby_to_a_client_and_another_key_is_refused() {
    let root = tempfile::tempdir().unwrap();
    let key = root.path().join("keys").join("lobby.key");
    let key_arg = key.to_str().unwrap();
    let a = Server::start_on(&root.path().join("a"), &["--server-key", key_arg]);
    let b = Server::start_on(&root.path().join("b"), &["--server-key", key_arg]);
    // Another server, with its own key (its data directory's).
    let other = Server::start(&root.path().join("other"));
    // Made by the first, private, and read by the second.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    assert!(!root.path().join("a").join("lobby-server.key").exists());
    let identity = Identity::load_or_create(&root.path().join("ann.key")).unwrap();
    let known = known(root.path());
    let servers = [
        a.lobby.to_string(),
        b.lobby.to_string(),
        other.lobby.to_string(),
    ];
    let on_a = Client::connect_first(&servers, 0, &identity, Some("ann"), &known).unwrap();
    assert_eq!(on_a.index, 0);
    drop(on_a);
    // Server a gone: b, met for the first time, proves the lobby's key.
    a.kill();
    let on_b = Client::connect_first(&servers, 0, &identity, Some("ann"), &known).unwrap();
    assert_eq!(on_b.index, 1);
    drop(on_b);
    b.kill();
    // Only the other is left: its key is not the lobby's, and is refused.
    match Client::connect_first(&servers, 0, &identity, Some("ann"), &known) {
        Err(OnlineError::ServerKey(KnownError::NotTheLobby { address, .. })) => {
            assert_eq!(address, other.lobby);
        }
        other => panic!("a server with another key was not refused: {other:?}"),
    }
    let lines = std::fs::read_to_string(&known).unwrap();
    assert_eq!(lines.lines().count(), 2, "{lines}");
}

#[test]
fn a_server_key_file_that_is_no_key_is_never_replaced() {
    let root = tempfile::tempdir().unwrap();
    let key = root.path().join("notes.txt");
    std::fs::write(&key, "not a key, and someone's\n").unwrap();
    let exe = std::path::Path::new(env!("CARGO_BIN_EXE_brique"));
    let data_dir = root.path().join("server");
    let started = brique::server::lobby::load::spawn_server(
        exe,
        &data_dir.join("lobby.sqlite"),
        &[
            "--data-dir",
            data_dir.to_str().unwrap(),
            "--server-key",
            key.to_str().unwrap(),
        ],
    );
    assert!(started.is_err(), "a server started with no key");
    assert_eq!(
        std::fs::read_to_string(&key).unwrap(),
        "not a key, and someone's\n"
    );
}

#[test]
fn the_lobby_load_test_runs_over_two_servers_on_one_postgres_database() {
    let dir = tempfile::tempdir().unwrap();
    let cluster = crate::postgres::Cluster::start();
    let url = cluster.url();
    let args = [
        "server",
        "--lobby",
        "--load",
        "8",
        "--db",
        &url,
        "--servers",
        "2",
    ]
    .map(std::ffi::OsStr::new);
    let out = crate::lobby_support::brique(dir.path(), &args);
    let report = crate::support::printed(&out);
    assert!(
        report.contains("players: 8 (4 rated 9x9 games at once, 50 ms before each move), 2 servers over one database"),
        "{report}"
    );
    assert!(report.contains("the servers' peak memory"), "{report}");
    assert!(report.contains("a move's time to acceptance"), "{report}");
    // Several servers share one database: SQLite's file is one server's.
    let args = ["server", "--lobby", "--load", "8", "--servers", "2"].map(std::ffi::OsStr::new);
    let out = crate::lobby_support::brique(dir.path(), &args);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("--servers needs"), "{said}");
}
