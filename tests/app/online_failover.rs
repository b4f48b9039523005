//! A lobby of several servers in the settings (`online_server` a list):
//! the connect form shows and uses the list, a server that cannot be
//! reached is passed over, and when the one in use dies the copies go on
//! through the next, with the same key and name.

use crate::lobby_support::Server;
use crate::online_support::{app_in, connect, seek_and_accept, tick_until};
use crate::support::{press, text};
use brique::app::Screen;
use brique::online::{Client, Identity, KEY_FILE, KNOWN_SERVERS_FILE};
use brique::storage::Paths;
use ratatui::crossterm::event::KeyCode;

#[test]
fn online_a_lost_server_passes_the_players_to_the_next_of_the_list_with_their_names() {
    let root = tempfile::tempdir().unwrap();
    // Two servers of one lobby: one key between them (each its own
    // SQLite file here: the names need not be shared for this).
    let key = root.path().join("lobby.key");
    let key = key.to_str().unwrap();
    let first = Server::start_on(&root.path().join("first"), &["--server-key", key]);
    let second = Server::start_on(&root.path().join("second"), &["--server-key", key]);
    // A port just freed: nothing answers there, it is passed over.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap();
    let list = format!("{closed}, {}, {}", first.lobby, second.lobby);
    let mut ann = app_in(&root.path().join("a"), &list, "ann");
    let mut bob = app_in(&root.path().join("b"), &list, "bob");
    // The connect form shows the list whole, and connecting uses it.
    press(&mut ann, KeyCode::Char('d'));
    assert!(matches!(ann.screen(), Screen::Online(_)));
    let shown = text(&ann, 160, 40);
    assert!(shown.contains(&list), "{shown}");
    press(&mut ann, KeyCode::Esc);
    connect(&mut ann, "ann");
    connect(&mut bob, "bob");
    let first_address = first.lobby.to_string();
    assert_eq!(ann.online().server(), Some(first_address.as_str()));
    seek_and_accept(&mut ann, &mut bob);

    // The first server dies (by its PID): both copies go on through the
    // second, under the same key and name.
    first.kill();
    let second_address = second.lobby.to_string();
    for (app, name) in [(&mut ann, "ann"), (&mut bob, "bob")] {
        tick_until(&mut [app], "the next server", |a| {
            a.online().is_up() && a.online().server() == Some(second_address.as_str())
        });
        assert_eq!(app.online().me.as_deref(), Some(name));
    }
    // The settings keep the list as it was, whichever server answered.
    assert_eq!(ann.config().network.online_server.to_string(), list);
    // The second server knows Ann's key by her name: the same key moved.
    let data = Paths::under(&root.path().join("a")).data_dir;
    let identity = Identity::load_or_create(&data.join(KEY_FILE)).unwrap();
    let known = data.join(KNOWN_SERVERS_FILE);
    let (_client, welcome) = Client::connect(second.lobby, &identity, None, &known).unwrap();
    assert_eq!(welcome.name.as_deref(), Some("ann"));
    // Both servers' lines in the known servers, with one key.
    let lines = std::fs::read_to_string(&known).unwrap();
    let keys: Vec<&str> = lines.lines().filter_map(|l| l.split(' ').nth(1)).collect();
    assert_eq!(keys.len(), 2, "{lines}");
    assert_eq!(keys[0], keys[1]);
}
