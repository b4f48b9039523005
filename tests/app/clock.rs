//! Game clocks on the game screen, driven by hand (`App::pass_time`): the
//! clocks' time stands still but when told, so nothing here waits. A flag
//! falls and the record says so; undo gives the clocks back; the panel shows
//! both; the computer's thinking fits its clock at the timed levels; a bad
//! `clock` in the config falls back alone.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::support::*;
use brique::ai::{Budget, Level};
use brique::app::{Action, App, Config, ConfigFile, Job, Mode, PlayArgs, SearchSlots, Tone};
use brique::core::{Color, Outcome, Player, TimeControl};
use brique::storage::{AutosaveLoad, Paths, load_autosave, load_results};

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

fn timed(control: &str) -> Config {
    let mut config = config_with_size(9);
    config.game.clock = Some(control.parse().unwrap());
    config
}

/// A new game with the clocks' time standing still from its start.
fn frozen(config: Config) -> App {
    let mut app = App::with_config(config);
    app.pass_time(Duration::ZERO);
    type_keys(&mut app, "n");
    app
}

/// Like [`frozen`], with the files under `dir`.
fn frozen_with_files(config: Config, dir: &Path) -> App {
    let mut app = App::with_config(config);
    app.open_files(Some(Paths::under(dir)), &PlayArgs::default().opening());
    app.pass_time(Duration::ZERO);
    type_keys(&mut app, "n");
    app
}

/// Each player's time left, Black's holder first.
fn left(app: &App) -> [Duration; 2] {
    app.clock_faces()
        .expect("the game has clocks")
        .map(|f| f.left)
}

#[test]
fn a_player_who_does_not_move_loses_on_time_and_the_record_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = frozen_with_files(timed("0+2"), dir.path());
    // Each clock starts with its side's first move: first moves are free.
    app.pass_time(secs(1.5));
    play_at(&mut app, "e5");
    assert_eq!(left(&app), [secs(4.0), secs(2.0)], "2 s for e5, 2 s more");
    app.pass_time(secs(100.0));
    app.update(Action::Tick);
    assert_eq!(app.lost_on_time(), None, "White's clock has not started");
    play_at(&mut app, "d4");
    assert_eq!(left(&app), [secs(4.0), secs(4.0)]);
    app.pass_time(secs(3.9));
    app.update(Action::Tick);
    assert_eq!(app.lost_on_time(), None);
    app.pass_time(secs(0.1));
    app.update(Action::Tick);
    assert_eq!(app.lost_on_time(), Some(Player::One));
    let said = app.message().expect("the loss is announced");
    assert_eq!(said.tone, Tone::Warning);
    assert!(said.text.contains("ran out of time"), "{}", said.text);
    let screen = text(&app, 100, 34);
    assert!(
        screen.contains("Player 1 (Black) ran out of time: Player 2 (White) wins on time."),
        "{screen}"
    );
    // The game is over: no more moves, and the clocks stand.
    play_at(&mut app, "e6");
    assert_eq!(app.game().history().len(), 2);
    assert_eq!(app.clock_interval(), None);
    assert!(!app.game_in_progress());
    assert!(!app.offers(Action::Place), "the key line offers no move");
    // The autosave holds the record: the clock, the move's time, the result.
    let record = match load_autosave(&Paths::under(dir.path())) {
        AutosaveLoad::Finished(record) => record,
        other => panic!("expected a finished game, found {other:?}"),
    };
    assert_eq!(record.clock, TimeControl::new(0, 2));
    assert_eq!(
        record.times,
        vec![Some(Duration::ZERO), Some(Duration::ZERO)]
    );
    assert_eq!(record.outcome(), Outcome::Won(Color::White));
    assert!(record.won_on_time());
    assert!(record.to_string().contains("result: White wins on time"));
    // And the result counts.
    let results = load_results(&Paths::under(dir.path())).unwrap();
    assert_eq!(results.rows.len(), 1);
    assert_eq!(results.rows[0].winner_player(), Player::Two);
}

#[test]
fn nobody_loses_on_time_before_moving() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = frozen_with_files(timed("0+2"), dir.path());
    app.pass_time(secs(100.0));
    app.update(Action::Tick);
    assert_eq!(app.lost_on_time(), None);
    assert!(!app.offers(Action::Undo), "no take-back offered");
    assert_eq!(left(&app), [secs(2.0), secs(2.0)]);
    let results = load_results(&Paths::under(dir.path())).unwrap();
    assert!(results.rows.is_empty(), "no result recorded");
}

#[test]
fn a_resumed_game_goes_on_from_the_clocks_after_its_last_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = frozen_with_files(timed("1+0"), dir.path());
    // The first moves are free; then e6 takes 7 s and d5 5 s.
    play_at(&mut app, "e5");
    play_at(&mut app, "d4");
    app.pass_time(secs(7.0));
    play_at(&mut app, "e6");
    app.pass_time(secs(5.0));
    play_at(&mut app, "d5");
    // The turn under way when the program ends is not counted.
    app.pass_time(secs(30.0));
    drop(app);
    let mut again = App::with_config(config_with_size(9));
    again.pass_time(Duration::ZERO);
    again.open_files(
        Some(Paths::under(dir.path())),
        &PlayArgs::default().opening(),
    );
    assert_eq!(again.game().history().len(), 4);
    assert_eq!(again.clock_control(), TimeControl::new(1, 0));
    assert_eq!(left(&again), [secs(53.0), secs(55.0)]);
    assert!(again.clock_interval().is_some(), "Black's clock runs");
}

#[test]
fn undo_gives_the_clocks_back_as_they_were_before_the_move() {
    let mut app = frozen(timed("1+0"));
    play_at(&mut app, "e5");
    play_at(&mut app, "d4");
    app.pass_time(secs(10.0));
    play_at(&mut app, "e6");
    app.pass_time(secs(5.0));
    assert_eq!(left(&app), [secs(50.0), secs(55.0)]);
    type_keys(&mut app, "u");
    assert_eq!(left(&app), [secs(60.0), secs(60.0)], "both as before e6");
    app.pass_time(secs(2.0));
    type_keys(&mut app, "r");
    assert_eq!(left(&app), [secs(50.0), secs(60.0)], "e6's own 10 s");
    // A flag that fell goes with the move undone before it.
    app.pass_time(secs(60.0));
    app.update(Action::Tick);
    assert_eq!(app.lost_on_time(), Some(Player::Two));
    type_keys(&mut app, "u");
    assert_eq!(app.lost_on_time(), None);
    assert!(app.clock_interval().is_some(), "running again");
}

#[test]
fn the_panel_shows_both_clocks_counting_down_for_the_side_to_move() {
    let mut app = frozen(timed("10+5"));
    let screen = text(&app, 100, 34);
    assert!(screen.contains("Clock 10+5  ● 10:05  ○ 10:05"), "{screen}");
    app.pass_time(secs(3.0));
    assert!(
        text(&app, 100, 34).contains("● 10:05  ○ 10:05"),
        "not started"
    );
    play_at(&mut app, "e5");
    play_at(&mut app, "d4");
    app.pass_time(secs(3.0));
    assert!(text(&app, 100, 34).contains("● 10:07  ○ 10:10"));
    play_at(&mut app, "e6");
    app.pass_time(secs(600.5));
    assert!(text(&app, 100, 34).contains("● 10:12  ○ 0:09.5"));
    // A game without clocks shows none.
    let untimed = frozen(config_with_size(9));
    assert!(!text(&untimed, 100, 34).contains("Clock"));
    assert_eq!(untimed.clock_interval(), None);
}

/// The budget of the computer's first move in a game with `clock`.
fn computer_budget(level: Level, clock: &str) -> Budget {
    let mut config = timed(clock);
    config.engine.mode = Mode::HumanVsComputer;
    config.engine.level = level;
    let mut app = frozen(config);
    play_at(&mut app, "e5");
    let start = Instant::now();
    while app.computer().snapshot(app.game().position()).is_none() {
        assert!(start.elapsed() < Duration::from_secs(20), "no progress");
        std::thread::sleep(Duration::from_millis(10));
        app.update(Action::Tick);
    }
    app.computer()
        .snapshot(app.game().position())
        .unwrap()
        .budget
}

#[test]
fn the_computers_thinking_comes_out_of_its_clock_at_the_timed_levels() {
    // A minute left: a twentieth of it, 3 s, rather than strongest's 10 s.
    assert_eq!(
        computer_budget(Level::Strongest, "1+0"),
        Budget::millis(3_000)
    );
    // Plenty of time: the level's own budget.
    assert_eq!(computer_budget(Level::Hard, "10+5"), Level::Hard.budget());
    // A level that counts iterations thinks as it always does; at White's
    // first turn, the pie rule's decision, that is at least the iterations
    // it runs (not "80,400 of 200 iterations").
    assert_eq!(
        computer_budget(Level::Easy, "0+2"),
        Budget::iterations(brique::thinker::PIE_DECISION_ITERATIONS)
    );
}

#[test]
fn a_bad_clock_in_the_config_falls_back_alone_with_its_place() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/config/bad_clock.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let (config, problems) = Config::read(&text).unwrap();
    assert_eq!(config.game.clock, None, "the default");
    assert_eq!(config.game.size.get(), 9, "the other keys stand");
    let places: Vec<(usize, usize)> = problems.iter().map(|p| (p.line, p.column)).collect();
    assert_eq!(places, vec![(4, 9)], "{problems:?}");
    assert!(problems[0].message.contains("game.clock"), "{problems:?}");
    assert!(problems[0].message.contains("\"10+5\""), "{problems:?}");
    // The app starts on the defaults and says so.
    let app = App::new(ConfigFile::load(path), false);
    assert_eq!(app.config().game.clock, None);
    for (good, clock) in [("\"off\"", None), ("\"0+2\"", TimeControl::new(0, 2))] {
        let (config, problems) = Config::read(&format!("[game]\nclock = {good}\n")).unwrap();
        assert_eq!((config.game.clock, problems.len()), (clock, 0));
    }
    for bad in ["\"0+0\"", "\"10\"", "10", "\"10+5+1\""] {
        let (config, problems) = Config::read(&format!("[game]\nclock = {bad}\n")).unwrap();
        assert_eq!((config.game.clock, problems.len()), (None, 1), "{bad}");
    }
}

#[test]
fn the_settings_row_sets_the_clock_for_the_next_game() {
    use ratatui::crossterm::event::KeyCode;
    let mut app = App::with_config(config_with_size(9));
    app.pass_time(Duration::ZERO);
    let choose_next_clock = |app: &mut App| {
        type_keys(app, "o");
        press(app, KeyCode::BackTab); // Play online
        press(app, KeyCode::Up); // Join a game
        press(app, KeyCode::Up); // Host a game
        press(app, KeyCode::Up); // Screen reader
        press(app, KeyCode::Up); // Colours
        press(app, KeyCode::Up); // Theme
        press(app, KeyCode::Up); // Review
        press(app, KeyCode::Up); // Resign
        press(app, KeyCode::Up); // Ponder
        press(app, KeyCode::Up); // Threads
        press(app, KeyCode::Up); // Clock
        press(app, KeyCode::Right);
        press(app, KeyCode::Enter);
    };
    choose_next_clock(&mut app);
    // Nothing played yet: the new game has the clock at once.
    assert_eq!(app.config().game.clock, TimeControl::new(0, 2));
    assert_eq!(app.clock_control(), TimeControl::new(0, 2));
    play_at(&mut app, "e5");
    choose_next_clock(&mut app);
    assert_eq!(app.config().game.clock, TimeControl::new(1, 1));
    assert_eq!(
        app.clock_control(),
        TimeControl::new(0, 2),
        "the game goes on"
    );
    assert!(app.settings_waiting().contains(&"clock 1+1".to_string()));
}

/// Issue #45: on a busy server the computer's move waits for one of the
/// server's search slots; meanwhile its clock stands (the server's load is
/// nobody's thinking time), and counts again once the move has its slot.
#[test]
fn the_computers_clock_stands_while_its_move_waits_for_a_search_slot() {
    let mut config = timed("1+0");
    config.engine.mode = Mode::HumanVsComputer;
    config.engine.level = Level::Easy;
    let slots = SearchSlots::new(1);
    let mut app = App::with_config(config);
    app.computer_mut().share_slots(&slots);
    app.pass_time(Duration::ZERO);
    type_keys(&mut app, "n");
    play_at(&mut app, "e5");
    app.wait_for_engine();
    assert_eq!(app.game().history().len(), 2, "the computer's first move");
    // Another player's search takes the only slot; the person moves.
    let other = slots.take().expect("the free slot");
    for square in ["a1", "i9", "a9"] {
        if app.game().history().len() == 2 {
            play_at(&mut app, square);
        }
    }
    assert_eq!(app.game().history().len(), 3);
    app.update(Action::Tick);
    assert_eq!(app.computer().waiting(), Some(Job::Move));
    let before = left(&app);
    app.pass_time(secs(30.0));
    app.update(Action::Tick);
    assert_eq!(left(&app), before, "no clock runs while the move waits");
    assert_eq!(app.computer().waiting(), Some(Job::Move));
    // The slot is free: the computer thinks, on its clock again.
    drop(other);
    app.update(Action::Tick);
    assert_eq!(app.computer().job(), Some(Job::Move));
    app.pass_time(secs(1.0));
    let index = usize::from(app.game().position().to_move() == Color::White);
    assert_eq!(left(&app)[index], before[index] - secs(1.0));
}
