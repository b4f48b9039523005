//! What the Online screen's tests share: apps with their files in a
//! directory and the lobby in their settings, ticked until something
//! holds; library clients holding an app's key.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::lobby_support::{Server, WAIT};
use crate::support::press;
use brique::app::{Action, App, Config, LobbyServers, PlayArgs, Screen};
use brique::core::BoardSize;
use brique::online::protocol::{Pace, Terms};
use brique::online::{Client, Identity, KEY_FILE, KNOWN_SERVERS_FILE};
use brique::storage::Paths;
use ratatui::crossterm::event::KeyCode;

/// An app with its files under `dir`, the lobby set in its settings.
pub fn app_in(dir: &Path, lobby: &str, name: &str) -> App {
    let mut config = Config::default();
    config.network.online_server = LobbyServers::parse(lobby).unwrap();
    config.network.online_name = name.into();
    config.game.size = BoardSize::new(5).unwrap();
    let mut app = App::with_config(config);
    app.open_files(Some(Paths::under(dir)), &PlayArgs::default().opening());
    app
}

/// Ticks every app until `done` holds for `apps[0]`; panics at the deadline.
pub fn tick_until(apps: &mut [&mut App], what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(apps[0]) {
        assert!(
            start.elapsed() < WAIT,
            "no {what} in time; message: {:?}",
            apps[0].message().map(|m| m.text.clone())
        );
        for app in apps.iter_mut() {
            app.update(Action::Tick);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

pub fn notes(app: &App) -> String {
    app.panel_notes()
        .into_iter()
        .map(|n| n.text + "\n")
        .collect()
}

/// Opens the Online screen and connects with the settings' server and name.
pub fn connect(app: &mut App, name: &str) {
    press(app, KeyCode::Char('d'));
    assert!(matches!(app.screen(), Screen::Online(_)));
    press(app, KeyCode::Enter);
    tick_until(&mut [app], "connection", |a| {
        a.online().me.as_deref() == Some(name)
    });
}

pub fn terms(pace: Pace) -> Terms {
    Terms {
        size: 5,
        variant: brique::core::Variant::ALL[0],
        pie: false,
        pace,
        rated: true,
    }
}

/// A client for the key of the app whose files are under `dir`.
pub fn client_of(server: &Server, dir: &Path, name: &str) -> Client {
    let data = Paths::under(dir).data_dir;
    std::fs::create_dir_all(&data).unwrap();
    let identity = Identity::load_or_create(&data.join(KEY_FILE)).unwrap();
    let known = data.join(KNOWN_SERVERS_FILE);
    Client::connect(server.lobby, &identity, Some(name), &known)
        .unwrap()
        .0
}

/// A lobby server keeping its state under `root`, and its address.
pub fn server_in(root: &Path) -> (Server, String) {
    let server = Server::start(&root.join("server"));
    let lobby = server.lobby.to_string();
    (server, lobby)
}

/// Ann seeks with the form's terms, Bob accepts: the game on both boards.
pub fn seek_and_accept(ann: &mut App, bob: &mut App) {
    press(ann, KeyCode::Char('n'));
    press(ann, KeyCode::Enter);
    tick_until(&mut [bob, ann], "Ann's seek at Bob's", |b| {
        !b.online().seeks.is_empty()
    });
    press(bob, KeyCode::Enter);
    tick_until(&mut [ann, bob], "the game on both boards", |a| {
        a.online().game.is_some()
    });
    tick_until(&mut [bob, ann], "the game at Bob's", |b| {
        b.online().game.is_some()
    });
}
