//! The game review on the screen: a record holding a review (its
//! `x-review` line) opens with its marks, chart and better moves at once,
//! with no search; a review runs in the background and Esc stops it.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::support::*;
use brique::app::{Action, App, Config, PlayArgs, ReviewTime};
use brique::core::Record;
use brique::storage::Paths;
use ratatui::crossterm::event::KeyCode;

/// 5×5 without the pie rule: c3 wins, c1 (lost already), a1 throws the win
/// away (White wins by force from there), and White wins. The review's
/// line: proven results (B/W) and the engine's moves, as `brique review
/// --write` writes it.
const REVIEWED: &str = "size: 5\npie: off\nplayer1: Ann\nplayer2: Bob\n\
x-review: 200 B:c3 B:b3 B:a4 W:a2 W:b2 W:e1 W:-\n\nc3 c1 a1 a2 d1 e1\n";

fn open(dir: &Path, file: &Path, config: Config) -> App {
    let mut app = App::with_config(config);
    let args = PlayArgs {
        load: Some(file.to_path_buf()),
        ..PlayArgs::default()
    };
    app.open_files(Some(Paths::under(dir)), &args.opening());
    app.update(Action::Resize {
        width: 100,
        height: 44,
    });
    app
}

#[test]
fn a_reviewed_record_reopened_shows_its_marks_without_a_search() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("reviewed.brique");
    fs::write(&file, REVIEWED).unwrap();
    let mut app = open(dir.path(), &file, config_with_size(5));
    // Nothing searches: no review thread, no engine job, no tick wanted.
    assert!(!app.review().is_running());
    assert_eq!(app.computer().job(), None);
    assert_eq!(app.tick_interval(), None);
    let screen = text(&app, 100, 44);
    assert!(screen.contains("3. ● a1??"), "{screen}");
    assert!(
        !screen.contains("c3?") && !screen.contains("c1?"),
        "{screen}"
    );
    assert!(screen.contains("Black's chance, moves 0-6"), "{screen}");
    assert!(screen.contains("Ann 1?? -33.3 · Bob 0"), "{screen}");
    assert!(!screen.contains("-0.0"), "{screen}");
    // The key to the marked move: the position after a1, with the better
    // move and both chances.
    press(&mut app, KeyCode::Char('}'));
    assert_eq!(app.board().viewing(), Some(3));
    let screen = text(&app, 100, 44);
    assert!(screen.contains("Move 3, a1??: a blunder"), "{screen}");
    assert!(screen.contains("Black's chance won -> lost"), "{screen}");
    assert!(screen.contains("Better: a4 (won)"), "{screen}");
    // On the board, a4 carries the hint's mark.
    let (x, y) = glyph_cell(&app, "a4", 100, 44);
    assert_eq!(buffer(&app, 100, 44)[(x + 1, y)].symbol(), "!");
    // Saved again, the record keeps the same review.
    let saved = dir.path().join("again.brique");
    type_keys(&mut app, "w");
    ctrl(&mut app, 'u');
    type_keys(&mut app, saved.to_str().unwrap());
    press(&mut app, KeyCode::Enter);
    let record = Record::parse(&fs::read_to_string(&saved).unwrap()).unwrap();
    let line = REVIEWED
        .lines()
        .find(|l| l.starts_with("x-review"))
        .unwrap();
    assert_eq!(
        record.extra("x-review"),
        line.split_once(": ").map(|(_, v)| v)
    );
}

#[test]
fn a_review_of_another_game_is_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("edited.brique");
    // One position short: not a review of these moves.
    fs::write(&file, REVIEWED.replace(" W:-\n", "\n")).unwrap();
    let app = open(dir.path(), &file, config_with_size(5));
    let screen = text(&app, 100, 44);
    assert!(
        !screen.contains("??") && !screen.contains("Black's chance"),
        "{screen}"
    );
}

#[test]
fn a_review_runs_in_the_background_and_esc_stops_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.brique");
    let game = REVIEWED
        .lines()
        .filter(|l| !l.starts_with("x-review"))
        .collect::<Vec<_>>();
    fs::write(&file, game.join("\n")).unwrap();
    let mut config = config_with_size(5);
    config.engine.review_seconds = ReviewTime(50);
    config.engine.threads = brique::app::Threads::Count(std::num::NonZeroU16::MIN);
    let mut app = open(dir.path(), &file, config.clone());
    assert!(!text(&app, 100, 44).contains("??"));
    press(&mut app, KeyCode::Char('b'));
    assert!(app.review().is_running());
    // No tick: the review's thread rings the event loop with its progress.
    assert_eq!(app.tick_interval(), None);
    // Keys work meanwhile: history browsing.
    press(&mut app, KeyCode::Char('['));
    assert_eq!(app.board().viewing(), Some(5));
    let deadline = Instant::now() + Duration::from_secs(60);
    while app.review().is_running() {
        assert!(Instant::now() < deadline, "the review never ended");
        std::thread::sleep(Duration::from_millis(20));
        app.update(Action::Tick);
    }
    let screen = text(&app, 100, 44);
    assert!(screen.contains("3. ● a1??"), "{screen}");
    assert!(screen.contains("Black's chance"), "{screen}");

    // Another one, stopped at once: what it found stays, nothing runs.
    let mut app = open(dir.path(), &file, config);
    press(&mut app, KeyCode::Char('b'));
    assert!(app.review().is_running());
    press(&mut app, KeyCode::Esc);
    assert!(!app.review().is_running());
    assert!(app.message().unwrap().text.starts_with("Review stopped"));
}

#[test]
fn a_click_on_the_chart_goes_to_that_move() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("reviewed.brique");
    fs::write(&file, REVIEWED).unwrap();
    let mut app = open(dir.path(), &file, config_with_size(5));
    let screen = text(&app, 100, 44);
    // The chart's frame: its title row, and the column of its left edge.
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("Black's chance"))
        .expect("the chart");
    let left = line.chars().take_while(|&c| c != '╭').count() as u16;
    // The plot starts right of the axis's marks (0%, 50%, 100%) and line.
    let marks_row = screen.lines().nth(row + 2).unwrap();
    let axis = marks_row
        .chars()
        .skip(left as usize + 1)
        .take_while(|&c| c != '│')
        .count() as u16;
    let row = row as u16 + 2;
    // Its first column is the start of the game, the middle move 3.
    click(&mut app, left + 1 + axis + 1, row);
    assert_eq!(app.board().viewing(), Some(0));
    let width = line
        .chars()
        .skip(left as usize)
        .take_while(|&c| c != '╮')
        .count() as u16;
    click(&mut app, left + 1 + axis + 1 + (width - axis - 3) / 2, row);
    assert_eq!(app.board().viewing(), Some(3));
}

#[test]
fn the_charts_summary_never_cuts_a_figure_whatever_the_names() {
    // Each name longer than the chart's border allows beside the other.
    let names = "player1: Annabelle-Maria\nplayer2: Bartholomew-Jon";
    let record = REVIEWED.replace("player1: Ann\nplayer2: Bob", names);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("long_names.brique");
    fs::write(&file, record).unwrap();
    let app = open(dir.path(), &file, config_with_size(5));
    let screen = text(&app, 100, 44);
    assert!(screen.contains("Black's chance, moves 0-6"), "{screen}");
    // The line under the chart falls back to the colours, figures whole.
    assert!(screen.contains("Black -33.3 · White 0"), "{screen}");
    assert!(!screen.contains("Annabelle-Maria 1??"), "{screen}");
}

/// [`REVIEWED`]'s game with a review of estimates (as a short search would
/// leave them), which a search of this 5×5 game, proving it, never gives:
/// a1 is a blunder (58 → 20 for Black) and d1 an inaccuracy (22 → 10).
const ESTIMATED: &str = "size: 5\npie: off\nplayer1: Ann\nplayer2: Bob\n\
x-review: 200 50:c3 60:b3 58:a4 20:a2 22:b2 10:e1 W:-\n\nc3 c1 a1 a2 d1 e1\n";

#[test]
fn the_screen_and_brique_review_give_the_same_figures_of_a_kept_review() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("estimated.brique");
    fs::write(&file, ESTIMATED).unwrap();
    let app = open(dir.path(), &file, config_with_size(5));
    let screen = text(&app, 100, 44);
    // The chart's marks, and what its dotted line is.
    for mark in ["100%", "50%", "0%", "dotted: even"] {
        assert!(screen.contains(mark), "{mark} in\n{screen}");
    }
    // The marks in the move list, the average losses under the chart.
    assert!(
        screen.contains("3. ● a1??") && screen.contains("5. ● d1?!"),
        "{screen}"
    );
    assert!(screen.contains("Ann -16.7 · Bob -0.7"), "{screen}");
    // The command prints the review the record keeps, searching nothing.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_brique"))
        .args(["review", file.to_str().unwrap(), "--seconds", "0.05"])
        .env_remove("BRIQUE_LOG")
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{printed}");
    assert!(printed.contains("kept in the record"), "{printed}");
    assert!(
        printed.contains("Ann: 1 inaccuracy, 0 mistakes, 1 blunder; average loss 16.7"),
        "{printed}"
    );
    assert!(
        printed.contains("Bob: 0 inaccuracies, 0 mistakes, 0 blunders; average loss 0.7"),
        "{printed}"
    );
    let line = |n: &str| {
        printed
            .lines()
            .find(|l| l.trim_start().starts_with(n))
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        line("3 ").contains("a1??") && line("3 ").contains("58%"),
        "{printed}"
    );
    assert!(
        line("5 ").contains("d1?!") && line("5 ").contains("22%"),
        "{printed}"
    );
}
