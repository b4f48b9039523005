//! The welcome of a first start: the goal and four ways to begin, shown
//! once (no config file, no unfinished game, never answered), its choice
//! remembered; an unfinished game resumes as before.

use crate::support::*;
use brique::app::{App, ConfigFile, Course, HelpOver, Mode, PlayArgs, Screen};
use brique::storage::Paths;
use ratatui::crossterm::event::KeyCode;

/// The app as `brique` starts it, with every file under `dir`.
fn start(dir: &std::path::Path) -> App {
    let paths = Paths::under(dir);
    let mut app = App::new(ConfigFile::load(paths.config.clone()), false);
    app.open_files(Some(paths), &PlayArgs::default().opening());
    app.welcome_if_first_start();
    app
}

#[test]
fn a_first_start_shows_the_goal_and_four_ways_to_begin() {
    let dir = tempfile::tempdir().unwrap();
    let app = start(dir.path());
    assert_eq!(app.screen(), &Screen::Welcome);
    let screen = text(&app, 100, 30);
    for words in [
        "Welcome to Brique",
        "Black joins top and bottom, White left and right",
        "Learn the game",
        "Play the computer on a small 9×9 board",
        "Two players at one keyboard",
        "The usual game: two players on 15×15",
    ] {
        assert!(screen.contains(words), "{words:?} in\n{screen}");
    }
}

#[test]
fn the_computer_on_9x9_is_kept_in_the_settings_and_the_welcome_is_not_shown_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    press(&mut app, KeyCode::Char('c'));
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(app.game().size().get(), 9);
    assert_eq!(app.computer().mode(), Mode::HumanVsComputer);
    let saved = std::fs::read_to_string(Paths::under(dir.path()).config).unwrap();
    assert!(saved.contains("size = 9"), "{saved}");
    drop(app);

    let app = start(dir.path());
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(app.game().size().get(), 9);
}

#[test]
fn learning_opens_the_lessons_and_the_usual_game_is_remembered_too() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    press(&mut app, KeyCode::Char('l'));
    assert_eq!(app.screen(), &Screen::Training);
    assert_eq!(app.training().unwrap().course(), Course::Lessons);
    drop(app);
    assert_eq!(start(dir.path()).screen(), &Screen::Board);

    let other = tempfile::tempdir().unwrap();
    let mut app = start(other.path());
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(app.game().size().get(), 15);
    assert_eq!(app.computer().mode(), Mode::HumanVsHuman);
    drop(app);
    assert_eq!(start(other.path()).screen(), &Screen::Board);
}

#[test]
fn quitting_the_welcome_answers_nothing_and_an_unfinished_game_resumes_without_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    press(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
    drop(app);
    assert_eq!(start(dir.path()).screen(), &Screen::Welcome);

    // A game played on without an answer (as an older version left it).
    let paths = Paths::under(dir.path());
    let mut app = App::new(ConfigFile::load(paths.config.clone()), false);
    app.open_files(Some(paths), &PlayArgs::default().opening());
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.game().moves().len(), 1);
    drop(app);

    let app = start(dir.path());
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(app.game().moves().len(), 1, "the game resumed");
}

#[test]
fn playing_online_opens_the_online_screen_with_the_connect_form() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    assert!(text(&app, 80, 24).contains("Play people online"));
    press(&mut app, KeyCode::Char('o'));
    assert!(matches!(app.screen(), Screen::Online(_)));
    let screen = text(&app, 80, 24);
    assert!(
        screen.contains("Play online") && screen.contains("Server"),
        "{screen}"
    );
    // Answered: the next start goes to the board.
    drop(app);
    assert_eq!(start(dir.path()).screen(), &Screen::Board);
}

#[test]
fn question_mark_opens_the_help_over_the_welcome_and_closing_it_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    assert!(
        text(&app, 100, 30).contains("? help"),
        "the box names the key"
    );
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(
        app.screen(),
        &Screen::Help {
            scroll: 0,
            over: HelpOver::Welcome
        }
    );
    assert!(text(&app, 100, 30).contains("How to play"));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), &Screen::Welcome, "still to be answered");
    // Not answered by it: the next start welcomes again.
    drop(app);
    assert_eq!(start(dir.path()).screen(), &Screen::Welcome);
}

#[test]
fn the_welcome_says_which_way_enter_and_esc_pick() {
    let dir = tempfile::tempdir().unwrap();
    let app = start(dir.path());
    let screen = text(&app, 100, 30);
    assert!(
        screen.contains("Learn the game: short lessons, then puzzles (or Enter)"),
        "{screen}"
    );
    assert!(
        screen.contains("The usual game: two players on 15×15 (or Esc)"),
        "{screen}"
    );
}

/// At 30×12 the full text does not fit: a compact list, each way to begin
/// with its key, all of them on screen.
#[test]
fn every_way_to_begin_shows_on_a_30x12_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    app.update(brique::app::Action::Resize {
        width: 30,
        height: 12,
    });
    let screen = text(&app, 30, 12);
    for line in [
        "l Lessons (or Enter)",
        "c Computer, 9×9",
        "t Two players, 9×9",
        "u Usual 15×15 (or Esc)",
        "o Online",
        "? help",
    ] {
        assert!(screen.contains(line), "{line:?} in\n{screen}");
    }
    // Each works from there.
    press(&mut app, KeyCode::Char('t'));
    assert_eq!(app.computer().mode(), Mode::HumanVsHuman);
    assert_eq!(app.game().size().get(), 9);
}
