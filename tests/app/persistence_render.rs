//! What the screens of saved games draw: insta snapshots of an earlier
//! position browsed, the save prompt, the records screen and the results.
//! Files get fixed names, dates and contents, so every run draws the same.

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::support::*;
use brique::app::{App, Config, PlayArgs};
use brique::core::{Color, Player};
use brique::storage::{Paths, ResultRow, Timestamp, append_result};

fn named(size: u8) -> Config {
    let mut config = config_with_size(size);
    config.players.names = ["Ann".to_string(), "Bob".to_string()];
    config
}

/// The screen as text, one quoted line per row, without the bottom line:
/// its key hints list the keys of every feature and change with them.
fn above_status(app: &App, width: u16, height: u16) -> String {
    let screen = text(app, width, height);
    let rows: Vec<String> = screen.lines().map(|row| format!("{row:?}")).collect();
    rows[..rows.len() - 1].join("\n")
}

fn with_files(config: Config, paths: Paths) -> App {
    let mut app = App::with_config(config);
    app.open_files(Some(paths), &PlayArgs::default().opening());
    app
}

/// 2023-11-14 22:13 UTC, plus `minutes`.
fn fixed_time(minutes: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(1_700_000_000 + 60 * minutes)
}

fn write_record(dir: &Path, name: &str, text: &str, minutes: u64) {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    let file = fs::File::options().write(true).open(&path).unwrap();
    file.set_modified(fixed_time(minutes)).unwrap();
}

#[test]
fn an_earlier_position_browsed() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = with_files(named(9), Paths::under(dir.path()));
    for square in ["e5", "d4", "f6", "e6", "c3"] {
        play_at(&mut app, square);
    }
    type_keys(&mut app, "[[:g7");
    press(&mut app, ratatui::crossterm::event::KeyCode::Enter);
    insta::assert_snapshot!(above_status(&app, 100, 34));
}

#[test]
fn the_save_prompt() {
    let mut app = App::with_config(named(9));
    play_at(&mut app, "e5");
    // A directory that is only named, never written: nothing changes the
    // game once the files are attached.
    app.open_files(
        Some(Paths::under(Path::new("/nonexistent/brique"))),
        &PlayArgs::default().opening(),
    );
    type_keys(&mut app, "w");
    let brique::app::Screen::SaveAs(input) = app.screen() else {
        panic!("no prompt");
    };
    // The default name starts with today's date: show a fixed one instead.
    let typed = input.text().len();
    for _ in 0..typed {
        press(&mut app, ratatui::crossterm::event::KeyCode::Backspace);
    }
    type_keys(&mut app, "2024-02-29-1305-ann-vs-bob.brique");
    insta::assert_snapshot!(above_status(&app, 100, 34));
}

#[test]
fn the_records_screen() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::under(dir.path());
    let records = paths.records_dir();
    fs::create_dir_all(&records).unwrap();
    write_record(
        &records,
        "2023-11-14-2213-ann-vs-bob.brique",
        "size: 5\nplayer1: Ann\nplayer2: Bob\n\nc1 a1 c2 a2 c3 a3 c4 a4 c5\n",
        0,
    );
    write_record(
        &records,
        "cut-short.brique",
        "size: 9\nplayer1: Ann\n\ne5 e5\n",
        5,
    );
    write_record(
        &records,
        "opening.brique",
        "size: 9\nplayer1: Cy\nplayer2: Dee\n\ne5 swap d4\n",
        10,
    );
    let mut app = with_files(named(9), paths);
    type_keys(&mut app, "fj");
    insta::assert_snapshot!(above_status(&app, 100, 30));
}

#[test]
fn the_results_screen() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::under(dir.path());
    let games = [
        (["Ann", "Bob"], Player::One, false, Color::Black, 23, None),
        (
            ["Ann", "Bob"],
            Player::One,
            true,
            Color::Black,
            31,
            Some("final.brique"),
        ),
        (["Cy", "Ann"], Player::Two, false, Color::White, 17, None),
    ];
    for (i, (names, first_black, swapped, winner, moves, record)) in games.into_iter().enumerate() {
        let row = ResultRow {
            date: Timestamp::from_system_time(fixed_time(90 * i as u64)),
            names: names.map(str::to_string),
            first_black,
            swapped,
            winner,
            moves,
            record: record.map(|name| paths.records_dir().join(name)),
        };
        append_result(&paths, &row).unwrap();
    }
    let mut app = with_files(named(9), paths);
    type_keys(&mut app, "p");
    insta::assert_snapshot!(above_status(&app, 100, 30));
}

#[test]
fn every_screen_of_saved_games_draws_at_every_size() {
    use ratatui::crossterm::event::KeyCode;

    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::under(dir.path());
    fs::create_dir_all(paths.records_dir()).unwrap();
    for i in 0..30 {
        let text = format!("size: 5\nplayer1: Player number {i} with a long name\n\nc3\n");
        write_record(&paths.records_dir(), &format!("game-{i}.brique"), &text, i);
    }
    write_record(&paths.records_dir(), "bad.brique", "size: 99\n", 40);
    let mut app = with_files(named(9), paths);
    black_wins_on_column_c(&mut app);
    type_keys(&mut app, "[[[");
    draws_at_every_size("history", &app);
    type_keys(&mut app, ":a9");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    draws_at_every_size("question", &app);
    type_keys(&mut app, "n");
    type_keys(&mut app, "w");
    type_keys(&mut app, &"long-name-".repeat(20));
    press(&mut app, KeyCode::Left);
    draws_at_every_size("save prompt", &app);
    press(&mut app, KeyCode::Esc);
    type_keys(&mut app, "f");
    for _ in 0..25 {
        press(&mut app, KeyCode::Down);
    }
    draws_at_every_size("records", &app);
    press(&mut app, KeyCode::Esc);
    type_keys(&mut app, "p");
    draws_at_every_size("results", &app);
}

/// Draws `app` at many sizes; a panic fails the test.
fn draws_at_every_size(name: &str, app: &App) {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;

    for w in (0..=160).step_by(11).chain([1, 2, 60]) {
        for h in (0..=60).step_by(5).chain([1, 2]) {
            let area = Rect::new(0, 0, w, h);
            let mut buf = Buffer::empty(area);
            // A panic fails the test, naming nothing; say where first.
            eprintln!("{name} at {w}x{h}");
            app.render(area, &mut buf);
        }
    }
}
