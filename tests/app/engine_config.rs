//! `[engine]`'s threads, pondering and resigning in the config file: read
//! over the defaults, bad values refused alone with where they are, threads,
//! pondering and resigning saved from the settings screen. Every file is in
//! a temporary directory.

use std::fs;
use std::num::NonZeroU16;
use std::path::Path;

use brique::ai::Level;
use brique::app::{Config, ConfigFile, EngineConfig, Threads};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/config/bad_engine.toml"
);

fn load(text: &str) -> brique::app::Loaded {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, text).unwrap();
    ConfigFile::load(path)
}

#[test]
fn the_defaults_use_every_core_ponder_and_resign() {
    let engine = EngineConfig::default();
    assert_eq!(engine.threads, Threads::All);
    assert!(engine.ponder && engine.resign);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(engine.threads.count(), cores);
}

#[test]
fn good_values_are_read() {
    let loaded = load("[engine]\nthreads = 1\nponder = false\nresign = false\n");
    assert_eq!(loaded.notice, None);
    let engine = loaded.config.engine;
    assert_eq!(engine.threads, Threads::Count(NonZeroU16::MIN));
    assert_eq!(engine.threads.count(), 1);
    assert!(!engine.ponder && !engine.resign);
    let loaded = load("[engine]\nthreads = \"all\"\n");
    assert_eq!(loaded.config.engine.threads, Threads::All);
}

#[test]
fn bad_values_fall_back_alone_and_are_reported_where_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::copy(Path::new(FIXTURE), &path).unwrap();
    let loaded = ConfigFile::load(path);
    // The good key next to them is kept.
    let expected = EngineConfig {
        level: Level::Hard,
        ..EngineConfig::default()
    };
    assert_eq!(loaded.config.engine, expected);
    let body = loaded.notice.unwrap().body;
    for (place, why) in [
        ("line 3, column 11", "a number of threads 1 to 256"),
        ("line 4, column 10", "expected true or false"),
        ("line 5, column 10", "expected true or false"),
    ] {
        let line = body
            .lines()
            .find(|l| l.contains(place))
            .unwrap_or_else(|| panic!("{place} in {body}"));
        assert!(line.contains(why), "{why} in {line}");
    }
}

#[test]
fn too_many_threads_are_refused() {
    let loaded = load("[engine]\nthreads = 100000\n");
    assert_eq!(loaded.config, Config::default());
    assert!(loaded.notice.unwrap().body.contains("1 to 256"));
}

#[test]
fn the_settings_screen_saves_threads_ponder_and_resign() {
    use brique::app::{Action, App, Field, Screen};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let mut app = App::new(ConfigFile::load(path.clone()), false);
    app.update(Action::OpenSettings);
    for field in [Field::Threads, Field::Ponder, Field::Resign] {
        while !matches!(app.screen(), Screen::Settings(form) if form.focus == field) {
            app.update(Action::NextField);
        }
        app.update(Action::NextValue);
    }
    app.update(Action::Submit);
    let engine = ConfigFile::load(path).config.engine;
    assert_eq!(engine.threads, Threads::Count(NonZeroU16::MIN));
    assert!(!engine.ponder && !engine.resign);
}
