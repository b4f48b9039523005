//! The game screen with its files, without a terminal: resume, autosave after
//! every change, history browsing, playing from the past, results written
//! once, records saved and opened, bad files and a disk that refuses writes.
//! Every test works in its own temporary directory (`Paths::under`).

use std::fs;
use std::path::{Path, PathBuf};

use crate::support::*;
use brique::app::{App, Config, HistoryStep, PlayArgs, Question, Screen, Tone};
use brique::core::{Move, Player, Record};
use brique::storage::{AutosaveLoad, Paths, load_autosave, load_record, load_results};
use ratatui::crossterm::event::KeyCode;

fn named(names: [&str; 2], size: u8) -> Config {
    let mut config = config_with_size(size);
    config.players.names = names.map(str::to_string);
    config
}

/// An app started as `brique` would be, with its files under `dir`.
fn start(dir: &Path, config: Config, args: &PlayArgs) -> App {
    let mut app = App::with_config(config);
    app.open_files(Some(Paths::under(dir)), &args.opening());
    app.update(brique::app::Action::Resize {
        width: 100,
        height: 34,
    });
    app
}

fn plain() -> PlayArgs {
    PlayArgs::default()
}

fn load(path: &Path) -> PlayArgs {
    PlayArgs {
        load: Some(path.to_path_buf()),
        ..PlayArgs::default()
    }
}

fn autosaved(dir: &Path) -> Record {
    match load_autosave(&Paths::under(dir)) {
        AutosaveLoad::Resumed(record) | AutosaveLoad::Finished(record) => record,
        other => panic!("expected a game in the autosave, found {other:?}"),
    }
}

fn moves(app: &App) -> Vec<String> {
    app.game().moves().map(|m| m.to_string()).collect()
}

fn record_moves(record: &Record) -> Vec<String> {
    record.game.moves().map(|m| m.to_string()).collect()
}

fn records_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(Paths::under(dir).records_dir())
        .map(|entries| entries.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

fn result_rows(dir: &Path) -> usize {
    load_results(&Paths::under(dir)).unwrap().rows.len()
}

fn notes(app: &App) -> String {
    app.panel_notes()
        .iter()
        .map(|m| m.text.clone())
        .collect::<Vec<_>>()
        .join(" | ")
}

fn message(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

#[test]
fn resume_gives_the_same_position_players_moves_and_cursor() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = start(dir.path(), named(["Ann", "Bob"], 9), &plain());
    for square in ["e5", "d4", "f6"] {
        play_at(&mut first, square);
    }
    type_keys(&mut first, ":b2");
    press(&mut first, KeyCode::Enter);
    play_at(&mut first, "c7");
    first.update(brique::app::Action::Undo);
    type_keys(&mut first, "l");
    assert_eq!(first.board().cursor(), sq("d7"));
    // Only a change to the game is written: move the cursor after it.
    play_at(&mut first, "g3");
    type_keys(&mut first, ":a9");
    press(&mut first, KeyCode::Enter);

    // Settings with other names: the game keeps its own players. The first
    // copy ends first, as a restart does (it held the autosave's lock).
    let position = first.game().position().clone();
    drop(first);
    let again = start(dir.path(), named(["Cy", "Dee"], 15), &plain());
    assert_eq!(again.game().position(), &position);
    assert_eq!(moves(&again), ["e5", "d4", "f6", "g3"]);
    assert_eq!(again.name(Player::One), "Ann");
    assert_eq!(again.name(Player::Two), "Bob");
    assert_eq!(
        again.board().cursor(),
        sq("g3"),
        "the cursor as at the last change"
    );
    assert!(
        notes(&again).contains("Resumed your unfinished game"),
        "{}",
        notes(&again)
    );
    let screen = text(&again, 100, 34);
    assert!(screen.contains("4. ○ g3"), "{screen}");
    assert!(screen.contains("Resumed your"), "{screen}");
    // The note goes once the game moves on.
    let mut again = again;
    play_at(&mut again, "a1");
    assert!(!notes(&again).contains("Resumed"));
}

#[test]
fn every_change_is_autosaved_swap_undo_and_redo_included() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), config_with_size(9), &plain());
    assert!(
        !Paths::under(dir.path()).autosave().exists(),
        "nothing is written before the game changes"
    );
    play_at(&mut app, "e5");
    assert_eq!(record_moves(&autosaved(dir.path())), ["e5"]);
    type_keys(&mut app, "s");
    assert_eq!(record_moves(&autosaved(dir.path())), ["e5", "swap"]);
    play_at(&mut app, "c3");
    type_keys(&mut app, "u");
    assert_eq!(record_moves(&autosaved(dir.path())), ["e5", "swap"]);
    type_keys(&mut app, "r");
    let saved = autosaved(dir.path());
    assert_eq!(record_moves(&saved), ["e5", "swap", "c3"]);
    assert_eq!(saved.extra("x-cursor"), Some("c3"));
    assert_eq!(saved.game.holder(brique::core::Color::Black), Player::Two);
}

#[test]
fn new_starts_afresh_and_keeps_the_unfinished_game_as_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), config_with_size(9), &plain());
    for square in ["e5", "d4", "f6"] {
        play_at(&mut app, square);
    }
    let args = PlayArgs {
        new: true,
        ..PlayArgs::default()
    };
    drop(app);
    let fresh = start(dir.path(), config_with_size(9), &args);
    assert_eq!(fresh.game().moves().len(), 0);
    let kept = records_in(dir.path());
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(
        record_moves(&load_record(&kept[0]).unwrap()),
        ["e5", "d4", "f6"]
    );
    assert!(notes(&fresh).contains("kept as"), "{}", notes(&fresh));
    assert_eq!(autosaved(dir.path()).game.moves().len(), 0);

    // The new-game key does the same.
    drop(fresh);
    let mut app = start(dir.path(), config_with_size(9), &plain());
    play_at(&mut app, "a1");
    type_keys(&mut app, "n");
    assert_eq!(app.screen(), &Screen::Confirm(Question::NewGame));
    type_keys(&mut app, "y");
    assert_eq!(records_in(dir.path()).len(), 2);
    assert_eq!(autosaved(dir.path()).game.moves().len(), 0);
}

#[test]
fn a_truncated_autosave_is_resumed_whole_or_refused_kept_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), named(["Ann", "Bob"], 7), &plain());
    for square in ["d4", "c3", "e5"] {
        play_at(&mut app, square);
    }
    let full = fs::read(Paths::under(dir.path()).autosave()).unwrap();
    for len in 0..=full.len() {
        let dir = tempfile::tempdir().unwrap();
        let autosave = Paths::under(dir.path()).autosave();
        fs::create_dir_all(autosave.parent().unwrap()).unwrap();
        fs::write(&autosave, &full[..len]).unwrap();
        let app = start(dir.path(), config_with_size(7), &plain());
        if len == full.len() {
            assert_eq!(moves(&app), ["d4", "c3", "e5"]);
            assert_eq!(app.screen(), &Screen::Board);
            continue;
        }
        assert_eq!(app.game().moves().len(), 0, "cut at {len}: a new game");
        let Screen::Notice(notice) = app.screen() else {
            panic!("cut at {len}: no message, the screen is {:?}", app.screen());
        };
        assert!(
            notice.body.contains(&autosave.display().to_string()) && notice.body.contains("line "),
            "cut at {len}: {}",
            notice.body
        );
        let kept = PathBuf::from(format!("{}.corrupt-1", autosave.display()));
        assert_eq!(fs::read(&kept).unwrap(), &full[..len], "cut at {len}");
        assert!(notice.body.contains(&kept.display().to_string()));
    }
}

#[test]
fn history_keys_step_through_the_positions() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), config_with_size(9), &plain());
    for square in ["e5", "d4", "f6", "a1"] {
        play_at(&mut app, square);
    }
    type_keys(&mut app, "[");
    assert_eq!(app.board().viewing(), Some(3));
    assert_eq!(app.board().shown_game(app.game()).moves().len(), 3);
    assert_eq!(
        app.board().shown_game(app.game()).position(),
        &app.game().position_at(3)
    );
    assert_eq!(app.game().moves().len(), 4, "the game itself is unchanged");
    press(&mut app, KeyCode::Home);
    assert_eq!(app.board().viewing(), Some(0));
    type_keys(&mut app, "[");
    assert_eq!(app.board().viewing(), Some(0));
    assert!(message(&app).contains("start"));
    type_keys(&mut app, "]]");
    assert_eq!(app.board().viewing(), Some(2));
    let screen = text(&app, 100, 34);
    assert!(screen.contains("Viewing move 2 of 4"), "{screen}");
    assert!(screen.contains("Move 3 · Player 1 to play"), "{screen}");
    press(&mut app, KeyCode::End);
    assert_eq!(app.board().viewing(), None);
    type_keys(&mut app, "]");
    assert!(message(&app).contains("latest"));
    // Undoing below the position looked at ends the browsing.
    type_keys(&mut app, "[[[");
    assert_eq!(app.board().viewing(), Some(1));
    type_keys(&mut app, "uuu");
    assert_eq!(app.board().viewing(), None);
}

#[test]
fn placing_from_the_past_asks_then_discards_the_later_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), config_with_size(9), &plain());
    for square in ["e5", "d4", "f6", "a1"] {
        play_at(&mut app, square);
    }
    type_keys(&mut app, "[[");
    // Occupied in the position shown: refused without a question.
    type_keys(&mut app, ":e5");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(app.game().moves().len(), 4);
    // f6 is empty two moves back: asked, and no keeps everything.
    type_keys(&mut app, ":f6");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    let question = Screen::Confirm(Question::Branch {
        mv: Move::Place(sq("f6")),
        discards: 2,
    });
    assert_eq!(app.screen(), &question);
    assert!(text(&app, 100, 34).contains("discards the 2 later moves"));
    type_keys(&mut app, "n");
    assert_eq!(moves(&app), ["e5", "d4", "f6", "a1"]);
    assert_eq!(app.board().viewing(), Some(2));
    // Yes plays it from there.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &question);
    type_keys(&mut app, "y");
    assert_eq!(moves(&app), ["e5", "d4", "f6"]);
    assert_eq!(app.game().player_to_move(), Player::Two);
    assert_eq!(app.board().viewing(), None);
    assert!(
        message(&app).contains("Moves 3 to 4 were discarded"),
        "{}",
        message(&app)
    );
    assert_eq!(record_moves(&autosaved(dir.path())), ["e5", "d4", "f6"]);
}

#[test]
fn a_won_game_is_written_to_the_results_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), named(["Ann", "Bob"], 5), &plain());
    black_wins_on_column_c(&mut app);
    assert_eq!(app.game().winner(), Some(Player::One));
    assert_eq!(result_rows(dir.path()), 1);
    // Redrawing, undoing and redoing the winning move add nothing.
    text(&app, 100, 34);
    type_keys(&mut app, "ur");
    assert_eq!(result_rows(dir.path()), 1);
    // Nor does a restart after an undo and winning once more.
    type_keys(&mut app, "u");
    drop(app);
    let mut again = start(dir.path(), named(["Ann", "Bob"], 5), &plain());
    assert!(again.game().winner().is_none());
    play_at(&mut again, "c5");
    assert!(again.game().winner().is_some());
    assert_eq!(result_rows(dir.path()), 1);
    let results = load_results(&Paths::under(dir.path())).unwrap();
    let row = &results.rows[0];
    assert_eq!(row.winner_name(), "Ann");
    assert_eq!(row.moves, 9);
    assert_eq!(row.names, ["Ann".to_string(), "Bob".to_string()]);
    // The next game gets its own line.
    type_keys(&mut again, "n");
    black_wins_on_column_c(&mut again);
    assert_eq!(result_rows(dir.path()), 2);
}

#[test]
fn the_save_prompt_writes_the_record_and_asks_before_replacing() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), named(["Ann", "Bob"], 9), &plain());
    for square in ["e5", "d4", "f6"] {
        play_at(&mut app, square);
    }
    type_keys(&mut app, "w");
    let Screen::SaveAs(input) = app.screen() else {
        panic!("no save prompt: {:?}", app.screen());
    };
    assert!(
        input.text().ends_with("-ann-vs-bob.brique"),
        "{}",
        input.text()
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Board);
    let saved = records_in(dir.path());
    assert_eq!(saved.len(), 1);
    assert!(message(&app).contains(&saved[0].display().to_string()));
    let back = load_record(&saved[0]).unwrap();
    assert_eq!(back.game, *app.game());
    assert_eq!(back.names, ["Ann".to_string(), "Bob".to_string()]);

    // A typed name goes to the records directory; an existing one is asked about.
    let final_path = Paths::under(dir.path()).records_dir().join("final.brique");
    fs::write(&final_path, "old bytes").unwrap();
    type_keys(&mut app, "w");
    for _ in 0..60 {
        press(&mut app, KeyCode::Backspace);
    }
    type_keys(&mut app, "final");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Confirm(Question::Replace));
    type_keys(&mut app, "n");
    assert!(matches!(app.screen(), Screen::SaveAs(input) if input.text() == "final"));
    assert_eq!(fs::read_to_string(&final_path).unwrap(), "old bytes");
    press(&mut app, KeyCode::Enter);
    type_keys(&mut app, "y");
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(load_record(&final_path).unwrap().game, *app.game());

    // A blank name is refused, the prompt stays.
    type_keys(&mut app, "w");
    for _ in 0..60 {
        press(&mut app, KeyCode::Backspace);
    }
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen(), Screen::SaveAs(_)));
    assert_eq!(app.message().map(|m| m.tone), Some(Tone::Error));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), &Screen::Board);
}

#[test]
fn the_records_screen_lists_every_file_and_opens_a_good_one() {
    let dir = tempfile::tempdir().unwrap();
    let records = Paths::under(dir.path()).records_dir();
    fs::create_dir_all(&records).unwrap();
    fs::write(records.join("broken.brique"), "size: 9\n\ne5 e5\n").unwrap();
    fs::write(
        records.join("short.brique"),
        "size: 7\nplayer1: Ann\n\nd4 c3\n",
    )
    .unwrap();
    let day = std::time::Duration::from_secs(86_400);
    for (name, age) in [("broken.brique", 2), ("short.brique", 1)] {
        let file = fs::File::options()
            .write(true)
            .open(records.join(name))
            .unwrap();
        file.set_modified(std::time::SystemTime::now() - day * age)
            .unwrap();
    }
    let mut app = start(dir.path(), config_with_size(9), &plain());
    play_at(&mut app, "a1");
    type_keys(&mut app, "f");
    assert_eq!(app.screen(), &Screen::Records { selected: 0 });
    let screen = text(&app, 100, 34);
    assert!(screen.contains("broken.brique"), "{screen}");
    assert!(screen.contains("line 3, column 4"), "{screen}");
    assert!(screen.contains("short.brique"), "{screen}");
    assert!(screen.contains("Ann vs Player 2"), "{screen}");

    // Newest first: short.brique, then broken.brique.
    assert!(
        screen.find("short.brique") < screen.find("broken.brique"),
        "{screen}"
    );
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert!(
        matches!(app.screen(), Screen::Records { selected: 1 }),
        "a bad file stays listed"
    );
    assert!(message(&app).contains("broken.brique"), "{}", message(&app));
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(moves(&app), ["d4", "c3"]);
    assert_eq!(app.name(Player::One), "Ann");
    // Looking leaves the autosave alone; playing on makes the opened game
    // the one in progress, and the previous one is kept as a record.
    assert_eq!(record_moves(&autosaved(dir.path())), ["a1"]);
    play_at(&mut app, "e5");
    assert_eq!(record_moves(&autosaved(dir.path())), ["d4", "c3", "e5"]);
    let kept: Vec<Record> = records_in(dir.path())
        .iter()
        .filter_map(|p| load_record(p).ok())
        .collect();
    assert!(kept.iter().any(|r| record_moves(r) == ["a1"]), "{kept:?}");
    assert_eq!(
        fs::read_to_string(records.join("short.brique")).unwrap(),
        "size: 7\nplayer1: Ann\n\nd4 c3\n"
    );
}

#[test]
fn a_record_given_at_start_is_opened_and_a_finished_one_browsed() {
    let dir = tempfile::tempdir().unwrap();
    let (won, file) = a_won_game_saved(dir.path());

    let other = tempfile::tempdir().unwrap();
    let mut app = start(other.path(), config_with_size(9), &load(&file));
    assert_eq!(app.game(), won.game());
    assert!(notes(&app).contains("Ann won"), "{}", notes(&app));
    type_keys(&mut app, "[[");
    assert_eq!(app.board().viewing(), Some(7));
    press(&mut app, KeyCode::End);
    assert_eq!(
        result_rows(other.path()),
        0,
        "an opened finished game is not a new result"
    );
    assert!(!Paths::under(other.path()).autosave().exists());

    // The same by position, without --load.
    let args = PlayArgs {
        file: Some(file.clone()),
        ..PlayArgs::default()
    };
    let app = start(other.path(), config_with_size(9), &args);
    assert_eq!(app.game(), won.game());
}

#[test]
fn a_bad_record_given_at_start_is_named_with_its_line_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.brique");
    let bytes = "size: 9\nrules: sideways\n\ne5\n";
    fs::write(&file, bytes).unwrap();
    let app = start(dir.path(), config_with_size(9), &load(&file));
    let Screen::Notice(notice) = app.screen() else {
        panic!("no message: {:?}", app.screen());
    };
    assert!(
        notice.body.contains(&file.display().to_string()),
        "{}",
        notice.body
    );
    assert!(notice.body.contains("line 2"), "{}", notice.body);
    assert_eq!(app.game().moves().len(), 0);
    assert_eq!(fs::read_to_string(&file).unwrap(), bytes);
    let missing = dir.path().join("nowhere.brique");
    let app = start(dir.path(), config_with_size(9), &load(&missing));
    assert!(matches!(app.screen(), Screen::Notice(n) if n.body.contains("nowhere.brique")));
}

#[test]
fn a_disk_that_refuses_writes_gives_one_message_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    // A file where the state directory should be: no autosave can be written.
    fs::write(dir.path().join("state"), "in the way").unwrap();
    let mut app = start(dir.path(), config_with_size(9), &plain());
    let Screen::Notice(notice) = app.screen() else {
        panic!(
            "the unreadable autosave is not reported: {:?}",
            app.screen()
        );
    };
    assert!(notice.body.contains("left in place"), "{}", notice.body);
    press(&mut app, KeyCode::Esc);
    play_at(&mut app, "e5");
    assert_eq!(app.message().map(|m| m.tone), Some(Tone::Warning));
    assert!(message(&app).contains("Not saved"), "{}", message(&app));
    let Screen::Notice(notice) = app.screen() else {
        panic!("no message box: {:?}", app.screen());
    };
    let autosave = Paths::under(dir.path()).autosave();
    assert!(
        notice.body.contains(&autosave.display().to_string()),
        "{}",
        notice.body
    );
    press(&mut app, KeyCode::Esc);
    play_at(&mut app, "d4");
    assert_eq!(app.screen(), &Screen::Board, "said once");
    assert!(
        !message(&app).contains("Not saved"),
        "said once: {}",
        message(&app)
    );
    assert!(notes(&app).contains("in memory only"), "{}", notes(&app));
    assert_eq!(moves(&app), ["e5", "d4"]);
    assert!(text(&app, 100, 34).contains("memory only"));
    // Once the disk takes writes again, the game is saved and the note goes.
    fs::remove_file(dir.path().join("state")).unwrap();
    play_at(&mut app, "f6");
    assert!(message(&app).contains("works again"), "{}", message(&app));
    assert!(!notes(&app).contains("memory only"));
    assert_eq!(record_moves(&autosaved(dir.path())), ["e5", "d4", "f6"]);
}

#[test]
fn the_results_screen_counts_wins_and_survives_a_malformed_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), named(["Ann", "Bob"], 5), &plain());
    black_wins_on_column_c(&mut app);
    let results = Paths::under(dir.path()).results();
    let mut bytes = fs::read(&results).unwrap();
    bytes.extend_from_slice(b"this is not a result\n");
    fs::write(&results, &bytes).unwrap();
    type_keys(&mut app, "n");
    black_wins_on_column_c(&mut app);
    let after = fs::read(&results).unwrap();
    assert!(
        after.starts_with(&bytes),
        "the bad line is kept byte for byte"
    );
    type_keys(&mut app, "p");
    assert_eq!(
        app.screen(),
        &Screen::Results {
            scroll: 0,
            selected: 0
        }
    );
    let screen = text(&app, 100, 34);
    for (name, games, wins) in [("Ann", 2, 2), ("Bob", 2, 0)] {
        let line = format!("{name:<24} {games:>6} {wins:>6}");
        assert!(screen.contains(&line), "{line:?} in {screen}");
    }
    assert!(screen.contains("Ann (Black) beat Bob"), "{screen}");
    assert!(screen.contains("line 3, column 1"), "{screen}");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), &Screen::Board);
}

#[test]
fn without_a_home_directory_nothing_is_written_and_keys_say_why() {
    let mut app = App::with_config(config_with_size(9));
    app.open_files(None, &plain().opening());
    play_at(&mut app, "e5");
    type_keys(&mut app, "w");
    assert_eq!(app.screen(), &Screen::Board);
    assert!(message(&app).contains("no home directory"));
    assert!(notes(&app).contains("not saved"));
}

#[test]
fn browsing_skips_to_the_start_and_the_history_step_actions_match_the_keys() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path(), config_with_size(9), &plain());
    for square in ["e5", "d4"] {
        play_at(&mut app, square);
    }
    app.update(brique::app::Action::History(HistoryStep::Start));
    assert_eq!(app.board().viewing(), Some(0));
    app.update(brique::app::Action::History(HistoryStep::Forward));
    assert_eq!(app.board().viewing(), Some(1));
    app.update(brique::app::Action::History(HistoryStep::Latest));
    assert_eq!(app.board().viewing(), None);
}

#[test]
fn a_game_against_the_computer_is_saved_under_the_names_shown() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = named(["Ann", "Bob"], 9);
    config.engine.mode = brique::app::Mode::HumanVsComputer;
    let mut app = start(dir.path(), config, &plain());
    let computer = app.name(Player::Two).to_string();
    assert!(computer.starts_with("Computer"), "{computer}");
    play_at(&mut app, "e5");
    let saved = autosaved(dir.path());
    assert_eq!(saved.names, ["Ann".to_string(), computer]);
}

#[test]
fn an_opened_record_names_the_computer_at_the_records_level() {
    let dir = tempfile::tempdir().unwrap();
    let (_, file) = a_won_game_saved(dir.path());
    // As a game Ann won against the computer at easy would be saved.
    let edited: String = fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(|line| match line.split(':').next() {
            Some("x-mode") => "x-mode: human-vs-computer\n".to_string(),
            Some("x-level") => "x-level: easy\n".to_string(),
            _ => format!("{}\n", line.replace("Bob", "Computer (easy)")),
        })
        .collect();
    assert!(edited.contains("x-level: easy"), "{edited}");
    assert!(edited.contains("x-mode: human-vs-computer"), "{edited}");
    fs::write(&file, edited).unwrap();

    let other = tempfile::tempdir().unwrap();
    let mut config = config_with_size(9);
    config.engine.mode = brique::app::Mode::HumanVsComputer;
    config.engine.level = brique::ai::Level::Strongest;
    let app = start(other.path(), config, &load(&file));
    assert_eq!(app.name(Player::Two), "Computer (easy)");
    let screen = text(&app, 100, 34);
    assert!(screen.contains("Computer (easy)"), "{screen}");
    assert!(!screen.contains("strongest"), "{screen}");
}

/// A 5×5 game Ann (Black) won against Bob, saved with `w` under its
/// default name in `dir`'s records: the app and the record's path.
fn a_won_game_saved(dir: &Path) -> (App, PathBuf) {
    let mut won = start(dir, named(["Ann", "Bob"], 5), &plain());
    black_wins_on_column_c(&mut won);
    type_keys(&mut won, "w");
    press(&mut won, KeyCode::Enter);
    let file = records_in(dir)[0].clone();
    (won, file)
}

/// A finished 5×5 game (Black links top and bottom on column c).
const WON_ON_C: &str =
    "size: 5\npie: off\nplayer1: Ann\nplayer2: Bob\n\nc1 a1 c2 a2 c3 a3 c4 a4 c5\n";

#[test]
fn enter_on_the_results_opens_the_game_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::under(dir.path());
    fs::create_dir_all(paths.records_dir()).unwrap();
    let record = Record::parse(WON_ON_C).unwrap();
    let mut rows = Vec::new();
    for (i, name) in ["older.brique", "newer.brique"].into_iter().enumerate() {
        let path = paths.records_dir().join(name);
        fs::write(&path, WON_ON_C).unwrap();
        rows.push(brique::storage::ResultRow {
            date: brique::storage::Timestamp::from_system_time(
                std::time::UNIX_EPOCH
                    + std::time::Duration::from_secs(1_700_000_000 + 60 * i as u64),
            ),
            names: ["Ann".to_string(), "Bob".to_string()],
            first_black: Player::One,
            swapped: false,
            winner: brique::core::Color::Black,
            moves: record.game.moves().len(),
            record: Some(path),
        });
    }
    for row in &rows {
        brique::storage::append_result(&paths, row).unwrap();
    }
    let mut app = start(dir.path(), named(["Ann", "Bob"], 9), &plain());
    type_keys(&mut app, "p");
    // The newest first; ↓ chooses the older, Enter opens it.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Board, "{}", message(&app));
    assert_eq!(app.game().moves().len(), 9);
    assert!(
        notes(&app).contains("Opened older.brique"),
        "{}",
        notes(&app)
    );
}

#[test]
fn a_long_file_name_in_the_panel_is_cut_not_broken_over_lines() {
    let dir = tempfile::tempdir().unwrap();
    let name = "the-final-of-the-club-championship-of-november-between-ann-and-bob.brique";
    let file = dir.path().join(name);
    fs::write(&file, WON_ON_C).unwrap();
    let args = PlayArgs {
        load: Some(file),
        ..PlayArgs::default()
    };
    let app = start(dir.path(), named(["Ann", "Bob"], 5), &args);
    assert!(notes(&app).contains(name), "{}", notes(&app));
    let screen = text(&app, 100, 34);
    // The name's start, then an ellipsis, on one line; no piece of its end
    // on a line of its own.
    assert!(screen.contains("Opened"), "{screen}");
    assert!(screen.contains("the-final-of-the-"), "{screen}");
    assert!(screen.contains('…'), "{screen}");
    assert!(!screen.contains("bob.brique"), "{screen}");
}
