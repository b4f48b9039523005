//! The config file: round trips, the example, broken and unusual files,
//! where it is found, and saving from the settings screen. Every test works
//! in a temporary directory; the real user config is never touched.

use std::fs;
use std::path::{Path, PathBuf};

use crate::support::*;
use brique::app::{App, Config, ConfigFile, Locations, Mode, Screen, ThemeName, Tone};
use brique::core::{BoardSize, Player, Variant};
use ratatui::crossterm::event::KeyCode;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/config");

/// A fixture copied into a fresh temporary directory (tests may write it).
fn fixture(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::copy(Path::new(FIXTURES).join(name), &path).unwrap();
    (dir, path)
}

fn all_changed() -> Config {
    let mut config = Config::default();
    config.players.names = ["Zoë".to_string(), "Bob \"the\" builder".to_string()];
    config.players.black = Player::Two;
    config.game.size = BoardSize::new(9).unwrap();
    config.game.variant = Variant::Revised;
    config.game.pie = false;
    config.game.clock = Some("10+5".parse().unwrap());
    config.display.theme = ThemeName::Ascii;
    config.display.escorts = false;
    config.display.colours =
        brique::app::BoardColours::palette(["charcoal", "ivory", "sand", "walnut"]);
    config.engine.mode = Mode::HumanVsComputer;
    config.engine.level = brique::ai::Level::Hard;
    config.engine.threads = brique::app::Threads::Count(std::num::NonZeroU16::new(3).unwrap());
    config.engine.ponder = false;
    config.engine.resign = false;
    config.engine.review_seconds = brique::app::ReviewTime(250);
    config.network.server =
        Some(brique::app::RelayServer::parse("relay.example.org:7778").unwrap());
    config.network.online_server =
        brique::app::LobbyServers::parse("lobby.example.org:7779, lobby2.example.org:7779")
            .unwrap();
    config.network.online_name = "ann".into();
    config.ui.screen_reader = true;
    // Every action on a key of its own, so that none clashes.
    for (i, binding) in (0x410..).zip(brique::app::keymap::KEYMAP) {
        let key = char::from_u32(i).unwrap().to_string();
        let key = brique::app::keymap::Key::parse(&key).unwrap();
        config.keys.set(binding.name, vec![key]).unwrap();
    }
    config
}

/// Every `section.key` of a TOML text.
fn keys_of(text: &str) -> Vec<String> {
    let doc: toml_edit::DocumentMut = text.parse().unwrap();
    let mut keys: Vec<String> = doc
        .iter()
        .flat_map(|(section, item)| {
            let table = item.as_table_like().unwrap();
            table
                .iter()
                .map(|(key, _)| format!("{section}.{key}"))
                .collect::<Vec<_>>()
        })
        .collect();
    keys.sort();
    keys
}

#[test]
fn settings_round_trip_through_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deep/er/config.toml");
    let mut file = ConfigFile::load(path.clone()).file;
    let saved = file.save(&Config::default(), &all_changed()).unwrap();
    assert_eq!(saved.path, path);
    assert_eq!(saved.backup, None);
    let loaded = ConfigFile::load(path);
    assert_eq!(loaded.notice, None);
    assert_eq!(loaded.config, all_changed());
}

#[test]
fn the_example_file_parses_to_the_defaults_and_names_every_key() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("config.example.toml");
    let loaded = ConfigFile::load(path.clone());
    assert_eq!(loaded.notice, None, "the example has problems");
    assert_eq!(loaded.config, Config::default());
    // A file written with every setting changed has exactly the example's keys.
    let dir = tempfile::tempdir().unwrap();
    let written = dir.path().join("config.toml");
    let mut file = ConfigFile::load(written.clone()).file;
    file.save(&Config::default(), &all_changed()).unwrap();
    let example = fs::read_to_string(&path).unwrap();
    assert_eq!(
        keys_of(&example),
        keys_of(&fs::read_to_string(written).unwrap())
    );
}

#[test]
fn a_relay_is_read_from_network_server_and_a_bad_one_is_refused() {
    let (config, problems) = Config::read("[network]\nserver = \"127.0.0.1:7778\"\n").unwrap();
    assert_eq!(problems, []);
    let server = config.network.server.expect("the relay");
    assert_eq!(server.as_str(), "127.0.0.1:7778");
    for bad in ["\"relay.example.org\"", "\"relay:0\"", "7778"] {
        let (config, problems) = Config::read(&format!("[network]\nserver = {bad}\n")).unwrap();
        assert_eq!(config.network.server, None, "{bad}");
        assert_eq!(problems.len(), 1, "{bad}");
        let problem = &problems[0];
        assert_eq!((problem.line, problem.column), (2, 10));
        assert!(
            problem.message.contains("`network.server`"),
            "{}",
            problem.message
        );
        assert!(problem.message.contains("HOST:PORT"), "{}", problem.message);
    }
}

#[test]
fn a_lobby_is_one_server_or_a_list_and_a_bad_list_is_refused() {
    let text = "[network]\nonline_server = [\"a.example.org:7779\", \"127.0.0.1:7780\"]\n";
    let (config, problems) = Config::read(text).unwrap();
    assert_eq!(problems, []);
    assert_eq!(
        config.network.online_server.to_string(),
        "a.example.org:7779, 127.0.0.1:7780"
    );
    let (one, _) = Config::read("[network]\nonline_server = \"127.0.0.1:7779\"\n").unwrap();
    assert_eq!(one.network.online_server.servers().len(), 1);
    for bad in ["[]", "[\"a.example.org\"]", "[[\"a:1\"]]"] {
        let (config, problems) =
            Config::read(&format!("[network]\nonline_server = {bad}\n")).unwrap();
        assert!(config.network.online_server.is_empty(), "{bad}");
        assert_eq!(problems.len(), 1, "{bad}");
        let problem = &problems[0];
        assert_eq!((problem.line, problem.column), (2, 17), "{bad}");
        assert!(
            problem.message.contains("`network.online_server`"),
            "{}",
            problem.message
        );
        assert!(problem.message.contains("HOST:PORT"), "{}", problem.message);
    }
    // In a file: the default kept, the rest read, the place said.
    let (_dir, path) = fixture("bad_lobby_list.toml");
    let loaded = ConfigFile::load(path);
    assert!(loaded.config.network.online_server.is_empty());
    assert_eq!(loaded.config.network.online_name, "ann");
    let body = loaded.notice.unwrap().body;
    assert!(body.contains("line 3, column 17"), "{body}");
}

#[test]
fn a_broken_file_gives_defaults_a_notice_and_keeps_its_bytes() {
    let (_dir, path) = fixture("broken.toml");
    let original = fs::read(&path).unwrap();
    let mut app = App::new(ConfigFile::load(path.clone()), false);
    assert_eq!(app.config(), &Config::default());
    let Screen::Notice(notice) = app.screen() else {
        panic!("the error is shown");
    };
    assert!(
        notice
            .body
            .contains("TOML parse error at line 4, column 15"),
        "{}",
        notice.body
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Board);

    // Playing, and opening and closing the settings without a change: untouched.
    play_at(&mut app, "c3");
    type_keys(&mut app, "o");
    press(&mut app, KeyCode::Esc);
    assert_eq!(fs::read(&path).unwrap(), original);

    // Saving on purpose replaces it, and the old bytes are kept beside it.
    type_keys(&mut app, "o");
    press(&mut app, KeyCode::End);
    type_keys(&mut app, "!");
    press(&mut app, KeyCode::Enter);
    let backup = path.with_file_name("config.toml.bak");
    assert_eq!(fs::read(&backup).unwrap(), original);
    let message = app.message().unwrap();
    assert_eq!(message.tone, Tone::Success, "{}", message.text);
    assert!(message.text.contains("config.toml.bak"), "{}", message.text);
    assert_eq!(ConfigFile::load(path).config.players.names[0], "Player 1!");
}

#[test]
fn a_second_backup_does_not_overwrite_the_first() {
    let (dir, path) = fixture("broken.toml");
    fs::write(dir.path().join("config.toml.bak"), "older").unwrap();
    let mut file = ConfigFile::load(path.clone()).file;
    let saved = file.save(&Config::default(), &all_changed()).unwrap();
    assert_eq!(saved.backup, Some(dir.path().join("config.toml.bak1")));
    assert_eq!(
        fs::read_to_string(dir.path().join("config.toml.bak")).unwrap(),
        "older"
    );
}

#[test]
fn unknown_keys_are_reported_and_kept_with_the_comments() {
    let (_dir, path) = fixture("unknown_keys.toml");
    let loaded = ConfigFile::load(path.clone());
    assert_eq!(loaded.config.players.names, ["Ann", "Bob"]);
    assert_eq!(loaded.config.game.size.get(), 9);
    let notice = loaded.notice.clone().expect("unknown keys are reported");
    for expected in [
        "line 5, column 1: unknown setting `players.nickname`",
        "line 9, column 1: unknown setting `game.speed`",
        "line 11, column 2: unknown setting `sound`",
    ] {
        assert!(
            notice.body.contains(expected),
            "{expected} in {}",
            notice.body
        );
    }
    let mut app = App::new(loaded, false);
    press(&mut app, KeyCode::Esc);
    type_keys(&mut app, "o");
    press(&mut app, KeyCode::Down);
    type_keys(&mut app, "by");
    press(&mut app, KeyCode::Enter);
    let text = fs::read_to_string(&path).unwrap();
    for kept in [
        "# Settings kept by hand",
        "player1 = \"Ann\"   # that's me",
        "player2 = \"Bobby\"",
        "nickname = \"annie\"",
        "speed = \"fast\"",
        "[sound]\nvolume = 3",
        "size = 9",
    ] {
        assert!(text.contains(kept), "{kept:?} lost from:\n{text}");
    }
}

#[test]
fn bad_values_keep_their_defaults_and_each_is_reported_where_it_is() {
    let (_dir, path) = fixture("bad_values.toml");
    let loaded = ConfigFile::load(path);
    assert_eq!(loaded.config, Config::default());
    let body = loaded.notice.unwrap().body;
    for place in [
        "line 2, column 11",
        "line 3, column 9",
        "line 6, column 8",
        "line 7, column 9",
        "line 8, column 7",
        "line 11, column 9",
    ] {
        assert!(body.contains(place), "{place} in {body}");
    }
}

#[test]
fn sections_that_are_not_tables_are_reported_and_replaced_only_on_save() {
    let (_dir, path) = fixture("not_tables.toml");
    let loaded = ConfigFile::load(path.clone());
    assert_eq!(loaded.config, Config::default());
    let body = loaded.notice.clone().unwrap().body;
    assert!(
        body.contains("line 1, column 1: `players` should be a section"),
        "{body}"
    );
    assert!(body.contains("`display.theme`: expected a value"), "{body}");
    let mut file = loaded.file;
    let mut changed = Config::default();
    changed.players.names[0] = "Ann".to_string();
    file.save(&Config::default(), &changed).unwrap();
    assert_eq!(ConfigFile::load(path).config, changed);
}

#[test]
fn leaving_the_settings_unchanged_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let mut app = App::new(ConfigFile::load(path.clone()), false);
    type_keys(&mut app, "o");
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Esc);
    assert!(!path.exists());
    type_keys(&mut app, "o");
    press(&mut app, KeyCode::BackTab); // Play online
    press(&mut app, KeyCode::Up); // Join a game
    press(&mut app, KeyCode::Up); // Host a game
    press(&mut app, KeyCode::Up); // Screen reader
    press(&mut app, KeyCode::Up); // Colours
    press(&mut app, KeyCode::Up); // Theme
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Enter);
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("theme = \"mono\""), "{text}");
    assert!(
        !text.contains("size"),
        "only what changed is written:\n{text}"
    );
}

/// The screen-reader row: it says it waits for the next start, and saving
/// writes `[ui] screen_reader`, which `brique` reads at start-up.
#[test]
fn the_screen_reader_row_is_saved_for_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let mut app = App::new(ConfigFile::load(path.clone()), false);
    type_keys(&mut app, "o");
    press(&mut app, KeyCode::BackTab); // Play online
    press(&mut app, KeyCode::Up); // Join a game
    press(&mut app, KeyCode::Up); // Host a game
    press(&mut app, KeyCode::Up); // Screen reader
    press(&mut app, KeyCode::Right);
    let screen = text(&app, 100, 40);
    assert!(screen.contains("Screen reader"), "{screen}");
    assert!(screen.contains("from the next start"), "{screen}");
    press(&mut app, KeyCode::Enter);
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("[ui]\nscreen_reader = true"), "{text}");
    assert!(ConfigFile::load(path).config.ui.screen_reader);
}

#[test]
fn settings_are_found_again_by_a_new_app() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let mut app = App::new(ConfigFile::load(path.clone()), false);
    type_keys(&mut app, "o");
    type_keys(&mut app, "2");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    type_keys(&mut app, " ");
    press(&mut app, KeyCode::Enter);
    let again = App::new(ConfigFile::load(path), false);
    assert_eq!(again.config().players.names[0], "Player 12");
    assert_eq!(again.game().holder(brique::core::Color::Black), Player::Two);
}

#[test]
fn an_unwritable_location_says_so_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("a-file");
    fs::write(&blocker, "not a directory").unwrap();
    let mut app = App::new(ConfigFile::load(blocker.join("config.toml")), false);
    assert_eq!(app.screen(), &Screen::Board, "a missing file is no problem");
    type_keys(&mut app, "o");
    type_keys(&mut app, "x");
    press(&mut app, KeyCode::Enter);
    let message = app.message().unwrap();
    assert_eq!(message.tone, Tone::Warning);
    assert!(message.text.contains("not saved"), "{}", message.text);
    assert_eq!(app.name(Player::One), "Player 1x", "applied all the same");
    play_at(&mut app, "c3");
    assert_eq!(app.game().history().len(), 1);
}

#[test]
fn the_flag_beats_the_environment_which_beats_the_platform() {
    let flag = PathBuf::from("/flag/config.toml");
    let env = PathBuf::from("/env/config.toml");
    assert_eq!(
        Locations::resolve(Some(flag.clone()), Some(env.clone())).config,
        Some(flag)
    );
    assert_eq!(
        Locations::resolve(None, Some(env.clone())).config,
        Some(env)
    );
    if let Some(platform) = Locations::resolve(None, Some(PathBuf::new())).config {
        assert!(platform.ends_with("brique/config.toml"), "{platform:?}");
    }
}

/// Loads the config at `path` in a thread, failing instead of hanging when
/// the load does not end (a FIFO with no writer, `/dev/zero`).
fn load_within_bounded_wait(path: PathBuf) -> brique::app::Loaded {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(ConfigFile::load(path));
    });
    receive
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("the config was still being read after 20 s")
}

#[test]
fn a_config_that_is_a_fifo_a_device_a_link_to_one_or_too_large_gives_defaults_and_a_notice() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let link = dir.path().join("link.toml");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    // Sparse: 1 GiB long, no disk used.
    let huge = dir.path().join("huge.toml");
    fs::File::create(&huge).unwrap().set_len(1 << 30).unwrap();
    for (path, why) in [
        (fifo.clone(), "not a regular file"),
        (PathBuf::from("/dev/zero"), "not a regular file"),
        (link.clone(), "not a regular file"),
        (huge.clone(), "more than the 1048576 bytes"),
    ] {
        let loaded = load_within_bounded_wait(path.clone());
        assert_eq!(loaded.config, Config::default(), "{}", path.display());
        let notice = loaded.notice.expect("a notice");
        assert_eq!(notice.title, "Settings file not used");
        assert!(notice.body.contains(why), "{}", notice.body);
        assert!(loaded.file.unusable());
    }
}

#[test]
fn the_settings_say_not_saved_yet_while_changes_are_unsaved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let mut app = App::new(ConfigFile::load(path.clone()), false);
    type_keys(&mut app, "o");
    let screen = text(&app, 100, 40);
    assert!(screen.contains("Saved in"), "{screen}");
    assert!(!screen.contains("Not saved yet"), "{screen}");
    press(&mut app, KeyCode::Tab); // Player 2
    press(&mut app, KeyCode::Tab); // Black
    press(&mut app, KeyCode::Right);
    let screen = text(&app, 100, 40);
    assert!(screen.contains("Not saved yet: Enter saves"), "{screen}");
    assert!(!screen.contains("Saved in"), "{screen}");
    // Changed back: nothing is unsaved.
    press(&mut app, KeyCode::Right);
    assert!(!text(&app, 100, 40).contains("Not saved yet"));
}

#[test]
fn against_the_computer_the_settings_hide_the_unused_player_2_name() {
    let mut config = Config::default();
    let row = |screen: &str| screen.lines().any(|l| l.contains("Player 2  "));
    let mut app = App::with_config(config.clone());
    type_keys(&mut app, "o");
    assert!(row(&text(&app, 100, 40)));
    config.engine.mode = Mode::HumanVsComputer;
    let mut app = App::with_config(config);
    type_keys(&mut app, "o");
    let screen = text(&app, 100, 40);
    assert!(!row(&screen), "{screen}");
    assert!(screen.contains("Player 1"), "{screen}");
}
