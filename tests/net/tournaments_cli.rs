//! `brique online tournaments` against a real `brique server --lobby`
//! (127.0.0.1, a free port, SQLite in a temporary directory): a
//! tournament the server does not hold is refused in words with a
//! non-zero exit, and so is a server that is not there. The printing
//! itself is tested on its own (src/commands/online/tournaments.rs).

use std::ffi::OsStr;
use std::path::Path;

use crate::lobby_support::{Lobby, brique};

/// `brique online tournaments --server ADDRESS --key KEY` and more.
fn tournaments(dir: &Path, address: &str, more: &[&str]) -> std::process::Output {
    let key = dir.join("cli.key");
    let head = ["online", "tournaments", "--server", address];
    let mut args: Vec<&OsStr> = head.iter().map(OsStr::new).collect();
    args.extend([OsStr::new("--key"), key.as_os_str()]);
    args.extend(more.iter().map(OsStr::new));
    brique(dir, &args)
}

#[test]
fn tournaments_cli_a_tournament_not_held_is_refused_in_words() {
    let lobby = Lobby::sqlite();
    let server = lobby.start();
    let out = tournaments(
        lobby.dir.path(),
        &server.lobby.to_string(),
        &["--id", "999"],
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{said}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        said.starts_with("brique online: the server refused: "),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "{said}");
}

#[test]
fn tournaments_cli_a_server_not_there_is_said_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    // A port nobody listens on: bound, then closed.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let out = tournaments(dir.path(), &format!("127.0.0.1:{port}"), &[]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{said}");
    assert!(said.contains("cannot reach the server"), "{said}");
    // A bad address is a usage error, said before connecting.
    let out = tournaments(dir.path(), "no port here", &[]);
    assert_eq!(out.status.code(), Some(2));
}
