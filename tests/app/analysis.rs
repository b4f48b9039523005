//! The analysis on the game screen: the swap at the pie decision shown on
//! the stone that would change hands and in the panel, the favourite moves
//! with their chances, and the side's chances said once. The searches run
//! on the engine's thread; the waits are bounded only so that a broken test
//! cannot hang, and what is checked is drawn from the snapshot on screen.

use std::time::{Duration, Instant};

use crate::support::*;
use brique::ai::Level;
use brique::app::{Action, App, EngineSnapshot, Heat, Job, Mode};

/// Sends ticks until the engine's latest word satisfies `ready`.
fn tick_until(app: &mut App, ready: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !ready(app) {
        assert!(start.elapsed() < Duration::from_secs(30), "no progress");
        std::thread::sleep(Duration::from_millis(10));
        app.update(Action::Tick);
    }
}

/// Sends ticks until the analysis of the position on the board has
/// searched more than `iterations`.
fn analysed_past(app: &mut App, iterations: u64) {
    tick_until(app, |app| {
        app.computer()
            .snapshot(app.game().position())
            .is_some_and(|s| s.job == Job::Analysis && s.progress.report.iterations > iterations)
    });
}

/// The engine's latest word on the position on the board.
fn snapshot(app: &App) -> EngineSnapshot {
    app.computer()
        .snapshot(app.game().position())
        .unwrap()
        .clone()
}

/// How often the screen states a side's chances (`57% for Black`, `a sure
/// win for White`).
fn chances_said(screen: &str) -> usize {
    ["for Black", "for White"]
        .iter()
        .map(|phrase| screen.matches(phrase).count())
        .sum()
}

#[test]
fn the_swap_shows_on_the_stone_that_would_change_hands() {
    let mut app = App::with_config(config_with_size(5));
    play_at(&mut app, "c3");
    type_keys(&mut app, "a");
    analysed_past(&mut app, 1_000);
    let snapshot = snapshot(&app);
    let report = &snapshot.progress.report;
    let swap = report.swap.expect("White may swap");
    let top = report.heat.iter().copied().fold(swap.share, f32::max);
    let heat = Heat::of(swap.share, top, swap.win).expect("the swap has a share");
    let buf = buffer(&app, 80, 24);
    let (x, y) = glyph_cell(&app, "c3", 80, 24);
    let digits = format!("{}{}", buf[(x, y)].symbol(), buf[(x + 1, y)].symbol());
    assert_eq!(digits.trim(), heat.win.to_string());
    let screen = text(&app, 80, 24);
    let share = 100.0 * swap.share;
    let line = format!("swap  {share:>7.0}%{:>7.0}%", 100.0 * swap.win);
    assert!(screen.contains(&line), "{line} in\n{screen}");
    assert_eq!(chances_said(&screen), 1, "{screen}");
}

#[test]
fn the_favourite_moves_are_listed_with_their_chances() {
    let mut app = App::with_config(config_with_size(5));
    for square in ["c3", "b3", "c4", "d2"] {
        play_at(&mut app, square);
    }
    type_keys(&mut app, "a");
    app.wait_for_engine();
    let snapshot = snapshot(&app);
    let report = &snapshot.progress.report;
    assert_eq!(report.swap, None);
    let best = match report.best {
        Some(brique::core::Move::Place(sq)) => sq,
        other => panic!("expected a placement, got {other:?}"),
    };
    let i = report.size.index(best);
    let line = format!(
        "{:<6}{:>7.0}%{:>7.0}%",
        best.to_string(),
        100.0 * report.heat[i],
        100.0 * report.wins[i]
    );
    let screen = text(&app, 100, 30);
    assert!(screen.contains(&line), "{line} in\n{screen}");
}

#[test]
fn the_chances_are_said_once_while_the_computer_thinks() {
    // 6×6: on 5×5 the solved table answers the pie decision at once, with
    // no search to watch.
    let mut config = config_with_size(6);
    config.engine.mode = Mode::HumanVsComputer;
    config.engine.level = Level::Strongest;
    let mut app = App::with_config(config);
    type_keys(&mut app, "a");
    play_at(&mut app, "a1");
    tick_until(&mut app, |app| {
        app.computer()
            .snapshot(app.game().position())
            .is_some_and(|s| s.job == Job::Move && s.progress.report.iterations > 0)
    });
    let screen = text(&app, 100, 30);
    assert!(screen.contains("thinking…"), "{screen}");
    assert!(screen.contains("Analysis: "), "{screen}");
    assert_eq!(chances_said(&screen), 1, "{screen}");
}

#[test]
fn small_squares_show_the_top_candidates_figures_alone() {
    let mut app = App::with_config(config_with_size(15));
    for square in ["h8", "g9", "i7"] {
        play_at(&mut app, square);
    }
    // The cursor in a corner, where its escort marks hide no figure.
    type_keys(&mut app, ":a15");
    press(&mut app, ratatui::crossterm::event::KeyCode::Enter);
    type_keys(&mut app, "a");
    analysed_past(&mut app, 3_000);
    let snapshot = snapshot(&app);
    let report = &snapshot.progress.report;
    let (width, height) = (70, 24);
    let buf = buffer(&app, width, height);
    let (a1, b1) = (
        glyph_cell(&app, "a1", width, height),
        glyph_cell(&app, "b1", width, height),
    );
    assert_eq!(
        b1.0 - a1.0,
        2,
        "squares two columns wide at {width}×{height}"
    );
    let position = app.game().position().clone();
    let size = position.size();
    let mut shown = Vec::new();
    for sq in size.squares().filter(|&sq| position.get(sq).is_none()) {
        let (x, y) = glyph_cell(&app, &sq.to_string(), width, height);
        let label = format!("{}{}", buf[(x, y)].symbol(), buf[(x + 1, y)].symbol());
        if label.trim().chars().any(|c| c.is_ascii_digit()) {
            shown.push((sq, label.trim().to_string()));
        }
    }
    // A few figures, each the whole chance of its square, the favourite's
    // among them: not a lone tenth on every square.
    assert!(
        (1..=Heat::NAMED).contains(&shown.len()),
        "{shown:?}\n{}",
        text(&app, width, height)
    );
    for (sq, label) in &shown {
        let win = (100.0 * report.wins[size.index(*sq)]).round().min(99.0);
        assert_eq!(label, &win.to_string(), "at {sq}");
    }
    let favourite = (0..size.area())
        .filter(|&i| position.get(size.square(i)).is_none())
        .max_by(|&a, &b| report.heat[a].total_cmp(&report.heat[b]))
        .map(|i| size.square(i))
        .unwrap();
    assert!(shown.iter().any(|(sq, _)| *sq == favourite), "{shown:?}");
}

#[test]
fn the_hint_is_the_analysiss_first_move_from_the_same_search() {
    let mut app = App::with_config(config_with_size(7));
    for square in ["d4", "c5", "e3"] {
        play_at(&mut app, square);
    }
    type_keys(&mut app, "a");
    analysed_past(&mut app, 2_000);
    // At once, from the analysis's search: no search of its own.
    type_keys(&mut app, "t");
    let hint = app.hint().expect("the analysis's move, at once");
    let snapshot = snapshot(&app);
    assert_eq!(snapshot.advice, Some(hint));
    // The panel's table lists it first.
    let brique::core::Move::Place(sq) = hint else {
        panic!("a placement: {hint:?}");
    };
    let report = &snapshot.progress.report;
    let i = report.size.index(sq);
    let row = format!(
        "{:<6}{:>7.0}%{:>7.0}%",
        sq.to_string(),
        100.0 * report.heat[i],
        100.0 * report.wins[i]
    );
    let screen = text(&app, 100, 30);
    let lines: Vec<&str> = screen.lines().collect();
    let header = lines
        .iter()
        .position(|l| l.contains("Move    search     win"))
        .expect(&screen);
    assert!(lines[header + 1].contains(&row), "{row} first in\n{screen}");
    // As the analysis searches on, the hint is still its first move.
    let at = report.iterations;
    tick_until(&mut app, |app| {
        app.computer()
            .snapshot(app.game().position())
            .is_some_and(|s| s.progress.report.iterations > at + 2_000 || !s.running)
    });
    assert_eq!(
        app.hint(),
        app.computer()
            .snapshot(app.game().position())
            .unwrap()
            .advice
    );
}

/// Seeded positions of a game played at random, `moves` long (fewer if it
/// ends), the squares as the keys type them.
fn random_game(seed: u64, config: &brique::app::Config, moves: usize) -> Vec<String> {
    let size = config.game.size;
    let mut position = brique::core::Position::new(size, config.game.rules());
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut played = Vec::new();
    while played.len() < moves && position.winner().is_none() {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let empty: Vec<_> = size
            .squares()
            .filter(|&sq| position.get(sq).is_none())
            .collect();
        let sq = empty[(state >> 33) as usize % empty.len()];
        let mut next = position.clone();
        let report = next.play(brique::core::Move::Place(sq)).unwrap();
        if report.won {
            break;
        }
        position = next;
        played.push(sq.to_string());
    }
    played
}

#[test]
fn the_easy_levels_hint_is_never_a_stone_the_preview_says_can_be_captured() {
    use brique::app::exposed;
    use brique::core::Move;
    for seed in 1..=8 {
        let mut config = config_with_size(7);
        config.engine.level = Level::Easy;
        config.game.pie = false;
        let mut app = App::with_config(config.clone());
        app.computer_mut().seed(seed);
        for square in random_game(seed, &config, 6 + seed as usize) {
            play_at(&mut app, &square);
        }
        type_keys(&mut app, "t");
        app.wait_for_engine();
        let hint = app.hint().expect("a hint");
        let position = app.game().position().clone();
        let size = position.size();
        let safe_exists = size
            .squares()
            .map(Move::Place)
            .filter(|&mv| position.preview(mv).is_ok())
            .any(|mv| exposed(&position, mv).is_empty());
        if safe_exists {
            assert_eq!(
                exposed(&position, hint),
                [],
                "seed {seed}: the hint {hint}\n{}",
                text(&app, 100, 30)
            );
        }
    }
}
