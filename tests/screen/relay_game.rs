//! Two real copies of `brique` in pseudo-terminals play through a relay on
//! the loopback interface, each with the relay in its config: `brique host`
//! shows a code of words, `brique join CODE` types no address and no
//! `--server`. Every file lives in a temporary directory; every wait has a
//! deadline; the relay stops when dropped.

#![cfg(unix)]

use brique::net::WordCode;
use brique::server::{self, Limits};

use crate::support::{Running, start_with};

/// A home whose config names `name`, plays on a 5×5 board and names `relay`.
fn home(name: &str, relay: &str) -> tempfile::TempDir {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("config");
    std::fs::create_dir_all(&dir).unwrap();
    let config = format!(
        "[players]\nplayer1 = \"{name}\"\n\n[game]\nsize = 5\n\n[network]\nserver = \"{relay}\"\n"
    );
    std::fs::write(dir.join("brique.toml"), config).unwrap();
    home
}

fn shown_code(host: &mut Running) -> String {
    let code = |s: &str| {
        s.split_whitespace()
            .map(|w| w.trim_end_matches(['.', '│', '|']))
            .find(|w| w.parse::<WordCode>().is_ok())
            .map(String::from)
    };
    host.wait_for("a code of words", |s| code(s).is_some());
    code(&host.screen().contents()).unwrap()
}

#[test]
fn host_and_join_play_through_the_configured_relay_with_a_code_of_words() {
    let relay = server::start("127.0.0.1:0".parse().unwrap(), Limits::default()).unwrap();
    let at = relay.address.to_string();
    let (ann, bob) = (home("Ann", &at), home("Bob", &at));
    let mut host = start_with(ann.path(), &["host"]);
    host.wait_for("hosting through the relay", |s| {
        s.contains("Hosting through")
    });
    let code = shown_code(&mut host);
    let mut guest = start_with(bob.path(), &["join", &code]);
    let playing = |s: &str| s.contains("over the network");
    host.wait_for("the guest", playing);
    guest.wait_for("the host", playing);
    host.send(b"\r");
    guest.wait_for("the host's stone", |s| s.contains("1. ● c3"));
    guest.send(b"\x1b[C\r");
    host.wait_for("the guest's stone", |s| s.contains("2. ○ d3"));
    guest.wait_for("its own stone", |s| s.contains("2. ○ d3"));
    for copy in [&mut host, &mut guest] {
        copy.send(b"q");
        copy.wait_for("the quit question", |s| s.contains("Your game is saved"));
        copy.send(b"y");
        assert!(copy.wait_exit().success());
    }
}

#[test]
fn a_guest_killed_mid_game_comes_back_with_the_same_join_command() {
    let relay = server::start("127.0.0.1:0".parse().unwrap(), Limits::default()).unwrap();
    let at = relay.address.to_string();
    let (ann, bob) = (home("Ann", &at), home("Bob", &at));
    let mut host = start_with(ann.path(), &["host"]);
    let code = shown_code(&mut host);
    let mut guest = start_with(bob.path(), &["join", &code]);
    let playing = |s: &str| s.contains("over the network");
    host.wait_for("the guest", playing);
    guest.wait_for("the host", playing);
    host.send(b"\r");
    guest.wait_for("the host's stone", |s| s.contains("1. ● c3"));
    guest.send(b"\x1b[C\r");
    host.wait_for("the guest's stone", |s| s.contains("2. ○ d3"));
    guest.wait_for("its own stone", |s| s.contains("2. ○ d3"));
    // kill -9: nothing of the guest's program runs after.
    guest.signal("KILL");
    let _ = guest.wait_exit();
    host.wait_for("the wait, with a new code", |s| {
        s.contains("Waiting for Bob") && s.contains("can also join again")
    });
    // The very same command again.
    let mut guest = start_with(bob.path(), &["join", &code]);
    guest.wait_for("the game again", |s| playing(s) && s.contains("2. ○ d3"));
    host.wait_for("the guest again", playing);
    host.send(b"\x1b[B\r");
    guest.wait_for("the host's next stone", |s| s.contains("3. ● c2"));
    let mut seen = String::from_utf8_lossy(&guest.received).to_string();
    // Killed again: a plain start takes the game up from the autosave.
    guest.signal("KILL");
    let _ = guest.wait_exit();
    host.wait_for("the wait again", |s| s.contains("Waiting for Bob"));
    let mut guest = start_with(bob.path(), &[]);
    guest.wait_for("the game from the autosave", |s| {
        playing(s) && s.contains("3. ● c2")
    });
    host.wait_for("the guest back", playing);
    seen.push_str(&String::from_utf8_lossy(&guest.received));
    assert!(!seen.contains("too many requests"), "{seen}");
    assert_eq!(relay.stats().refused_asks, 0, "no request refused");
    for copy in [&mut host, &mut guest] {
        copy.send(b"q");
        copy.wait_for("the quit question", |s| s.contains("Your game is saved"));
        copy.send(b"y");
        assert!(copy.wait_exit().success());
    }
}
