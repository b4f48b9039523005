//! Details of the game screen: questions that say the game
//! is kept, the key line, the settings' Esc, text fields, saving to a
//! folder that is not there, and which unfinished games become records.
//! Every test works in its own temporary directory (`Paths::under`).

use std::path::{Path, PathBuf};

use crate::support::*;
use brique::app::{Action, App, Mode, PlayArgs, Question, Screen};
use brique::core::{Game, Move, Player, Record};
use brique::storage::{Paths, list_records, save_autosave, save_record};
use ratatui::crossterm::event::KeyCode;

fn start(dir: &Path, args: &PlayArgs) -> App {
    let mut app = App::with_config(config_with_size(9));
    app.open_files(Some(Paths::under(dir)), &args.opening());
    app.update(Action::Resize {
        width: 100,
        height: 34,
    });
    app
}

/// The saved games' files, in name order.
fn records_in(dir: &Path) -> Vec<PathBuf> {
    let listed = list_records(&Paths::under(dir)).unwrap();
    let mut files: Vec<PathBuf> = listed.into_iter().map(|entry| entry.path).collect();
    files.sort();
    files
}

/// The words on a 100×34 screen, box sides and line breaks as spaces.
fn words(app: &App) -> String {
    let screen = text(app, 100, 34).replace('│', " ");
    screen.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The bottom line of a 100×34 screen.
fn key_line(app: &App) -> String {
    text(app, 100, 34)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

fn game_of(moves: &[&str], mode: Mode) -> Record {
    let mut game = Game::new(
        config_with_size(9).game.size,
        Default::default(),
        Player::One,
    );
    for mv in moves {
        game.play(Move::Place(sq(mv))).unwrap();
    }
    let mut record = Record::new(["Ann".into(), "Bob".into()], game);
    record.set_extra("x-mode", mode.key());
    record
}

#[test]
fn the_questions_say_that_the_game_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), &PlayArgs::default());
    play_at(&mut app, "e5");
    type_keys(&mut app, "q");
    assert_eq!(app.screen(), &Screen::Confirm(Question::Quit));
    let screen = words(&app);
    assert!(screen.contains("Your game is saved"), "{screen}");
    assert!(!screen.contains("Quit anyway"), "{screen}");
    // The key line is the question's, not the board's.
    let line = key_line(&app);
    assert!(line.contains("y") && line.contains("yes"), "{line}");
    assert!(!line.contains("place"), "{line}");
    type_keys(&mut app, "nn");
    assert_eq!(app.screen(), &Screen::Confirm(Question::NewGame));
    let screen = words(&app);
    assert!(screen.contains("kept in your saved games"), "{screen}");
    assert!(!screen.contains("Abandon"), "{screen}");
}

#[test]
fn a_new_game_puts_the_cursor_at_the_centre() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), &PlayArgs::default());
    let centre = app.board().cursor();
    play_at(&mut app, "a1");
    type_keys(&mut app, "ny");
    assert_eq!(app.game().moves().len(), 0);
    assert_eq!(app.board().cursor(), centre);
}

#[test]
fn the_key_line_offers_the_swap_only_when_it_can_be_made() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), &PlayArgs::default());
    assert!(!key_line(&app).contains("swap"), "{}", key_line(&app));
    play_at(&mut app, "e5");
    press(&mut app, KeyCode::Esc);
    assert!(key_line(&app).contains("s swap"), "{}", key_line(&app));
    type_keys(&mut app, ":");
    let line = key_line(&app);
    assert!(!line.contains("q quit"), "q is typed there: {line}");
}

#[test]
fn esc_leaves_the_settings_without_saving_asking_when_something_changed() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), &PlayArgs::default());
    type_keys(&mut app, "o");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), &Screen::Board, "nothing changed: no question");
    type_keys(&mut app, "o");
    ctrl(&mut app, 'u');
    type_keys(&mut app, "Zoë");
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen(), Screen::Settings(form) if form.leaving));
    assert!(words(&app).contains("without saving"));
    type_keys(&mut app, "n");
    assert!(matches!(app.screen(), Screen::Settings(form) if !form.leaving));
    press(&mut app, KeyCode::Esc);
    type_keys(&mut app, "y");
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(app.config(), &config_with_size(9));
    type_keys(&mut app, "o");
    ctrl(&mut app, 'u');
    type_keys(&mut app, "Zoë");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.config().players.names[0], "Zoë", "Enter saves");
}

#[test]
fn ctrl_u_clears_the_save_name_and_a_missing_folder_is_asked_about() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), &PlayArgs::default());
    play_at(&mut app, "e5");
    type_keys(&mut app, "w");
    ctrl(&mut app, 'u');
    let Screen::SaveAs(input) = app.screen() else {
        panic!("the save prompt: {:?}", app.screen());
    };
    assert_eq!(input.text(), "", "one key clears the line");
    let folder = dir.path().join("no/such/dir");
    type_keys(&mut app, &folder.join("x").display().to_string());
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Confirm(Question::MakeFolders));
    assert!(!folder.exists(), "nothing is made before the answer");
    type_keys(&mut app, "n");
    assert!(matches!(app.screen(), Screen::SaveAs(_)));
    press(&mut app, KeyCode::Enter);
    type_keys(&mut app, "y");
    assert!(folder.join("x.brique").is_file());
}

#[test]
fn a_demo_is_neither_resumed_nor_kept() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::under(dir.path());
    let demo = game_of(&["e5", "d4", "f6"], Mode::ComputerVsComputer);
    save_autosave(&paths, &demo).unwrap();
    let mut app = start(dir.path(), &PlayArgs::default());
    assert_eq!(app.game().moves().len(), 0, "not resumed");
    play_at(&mut app, "e5");
    assert_eq!(records_in(dir.path()), Vec::<PathBuf>::new());
}

#[test]
fn a_game_already_in_its_file_is_not_kept_a_second_time() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::under(dir.path());
    let file = paths.records_dir().join("ours.brique");
    let mut game = game_of(&["e5", "d4"], Mode::HumanVsHuman);
    save_record(&file, &game).unwrap();
    game.set_extra("x-record", file.display().to_string());
    save_autosave(&paths, &game).unwrap();
    let mut app = start(dir.path(), &PlayArgs::default());
    assert_eq!(app.game().moves().len(), 2, "resumed");
    type_keys(&mut app, "ny");
    assert_eq!(records_in(dir.path()), vec![file]);
}

#[test]
fn a_missing_record_is_said_and_the_unfinished_game_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::under(dir.path());
    save_autosave(&paths, &game_of(&["e5"], Mode::HumanVsHuman)).unwrap();
    let args = PlayArgs {
        file: Some(dir.path().join("nosuchfile.brique")),
        ..PlayArgs::default()
    };
    let app = start(dir.path(), &args);
    let Screen::Notice(notice) = app.screen() else {
        panic!("no message: {:?}", app.screen());
    };
    assert!(notice.body.contains("There is no file"), "{}", notice.body);
    assert!(
        notice.body.contains("unfinished game is kept"),
        "{}",
        notice.body
    );
    assert_eq!(app.game().moves().len(), 1);
}

#[test]
fn the_records_screen_filters_and_deletes_after_a_question() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::under(dir.path());
    let mut ann_bob = game_of(&["e5"], Mode::HumanVsHuman);
    let ann_zoe = {
        let mut record = game_of(&["e5", "d4"], Mode::HumanVsHuman);
        record.names = ["Ann".into(), "Zoë".into()];
        record
    };
    ann_bob.names = ["Ann".into(), "Bob".into()];
    let bob_file = paths.records_dir().join("a.brique");
    save_record(&bob_file, &ann_bob).unwrap();
    save_record(&paths.records_dir().join("b.brique"), &ann_zoe).unwrap();
    let mut app = start(dir.path(), &PlayArgs::default());
    type_keys(&mut app, "f");
    assert_eq!(app.files().listed_records(app.screen()).len(), 2);
    assert!(
        words(&app).contains("Ann vs Bob · 9×9 · 1 move ·"),
        "{}",
        words(&app)
    );
    type_keys(&mut app, "/zo");
    assert_eq!(
        app.files().listed_records(app.screen()).len(),
        1,
        "narrowed as it is typed"
    );
    press(&mut app, KeyCode::Esc);
    assert_eq!(
        app.files().listed_records(app.screen()).len(),
        2,
        "Esc clears it"
    );
    type_keys(&mut app, "/bob");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Records { selected: 0 });
    assert!(words(&app).contains("Filter: bob"), "{}", words(&app));
    type_keys(&mut app, "d");
    assert_eq!(app.screen(), &Screen::Confirm(Question::DeleteRecord));
    type_keys(&mut app, "n");
    assert!(bob_file.exists(), "no deletes nothing");
    assert_eq!(app.screen(), &Screen::Records { selected: 0 });
    type_keys(&mut app, "dy");
    assert!(!bob_file.exists());
    assert_eq!(records_in(dir.path()).len(), 1);
    assert!(matches!(app.screen(), Screen::Records { .. }));
}

#[test]
fn the_strongest_level_shows_its_budget_and_a_bar() {
    let mut config = config_with_size(15);
    config.engine.mode = Mode::HumanVsComputer;
    config.engine.level = brique::ai::Level::Strongest;
    let mut app = App::with_config(config);
    play_at(&mut app, "h8");
    // The limit only stops a broken test from hanging.
    let start = std::time::Instant::now();
    while app
        .computer()
        .snapshot(app.game().position())
        .is_none_or(|s| s.progress.report.iterations == 0)
    {
        assert!(start.elapsed().as_secs() < 20, "no progress");
        std::thread::sleep(std::time::Duration::from_millis(10));
        app.update(Action::Tick);
    }
    let screen = text(&app, 100, 34);
    assert!(screen.contains("of 10 s"), "{screen}");
    let bar = |line: &str| line.contains("budget ─") || line.contains("budget ━");
    assert!(screen.lines().any(bar), "the bar: {screen}");
}

#[test]
fn a_saved_game_is_renamed_in_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::under(dir.path());
    let old = paths.records_dir().join("2026-11-22 Ann vs Bob.brique");
    save_record(&old, &game_of(&["e5"], Mode::HumanVsHuman)).unwrap();
    let mut app = start(dir.path(), &PlayArgs::default());
    type_keys(&mut app, "fr");
    assert!(matches!(
        app.screen(),
        Screen::RenameRecord { index: 0, .. }
    ));
    ctrl(&mut app, 'u');
    type_keys(&mut app, "final");
    press(&mut app, KeyCode::Enter);
    let new = paths.records_dir().join("final.brique");
    assert_eq!(records_in(dir.path()), vec![new]);
    assert_eq!(app.screen(), &Screen::Records { selected: 0 });
    type_keys(&mut app, "r");
    ctrl(&mut app, 'u');
    type_keys(&mut app, "../away");
    press(&mut app, KeyCode::Enter);
    assert!(
        matches!(app.screen(), Screen::RenameRecord { .. }),
        "refused"
    );
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), &Screen::Records { selected: 0 });
}
