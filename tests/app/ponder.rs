//! Pondering: against a person, at the levels that think for a time, the
//! computer grows its tree while the person thinks, and answers from it. It
//! stops (its thread joined: the thinker is taken back only by joining it)
//! as soon as the person leaves the board, undoes, starts a new game, quits
//! or the game ends. Waits are bounded so that a broken test fails instead
//! of hanging; nothing here times the engine.

use std::num::NonZeroU16;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::support::*;
use brique::ai::Level;
use brique::app::{Action, App, Config, Job, Mode, Opening, Screen, SearchSlots, Threads};
use brique::core::{Move, Player};

/// You (Black, moving first) against hard on 7×7 without the pie rule, the
/// engine on `threads` threads.
fn config(threads: u16) -> Config {
    let mut config = config_with_size(7);
    config.game.pie = false;
    config.engine.mode = Mode::HumanVsComputer;
    config.engine.level = Level::Hard;
    config.engine.threads = Threads::Count(NonZeroU16::new(threads).unwrap());
    config
}

/// [`config`] after your d4 and the computer's answer: it ponders.
fn pondering(threads: u16) -> App {
    let mut app = App::with_config(config(threads));
    assert_eq!(
        app.computer().job(),
        None,
        "nothing to ponder before any move"
    );
    play_at(&mut app, "d4");
    assert_eq!(app.computer().job(), Some(Job::Move));
    app.wait_for_engine();
    assert_eq!(app.game().history().len(), 2);
    assert_eq!(app.game().player_to_move(), Player::One);
    assert_eq!(app.computer().job(), Some(Job::Ponder));
    app
}

/// Ticks until the running search's snapshot of the position on the board
/// has `iterations` (the limit only stops a broken test from hanging).
fn until_iterations(app: &mut App, job: Job, iterations: u64) {
    let start = Instant::now();
    while app
        .computer()
        .snapshot(app.game().position())
        .is_none_or(|s| s.job != job || !s.running || s.progress.report.iterations < iterations)
    {
        assert!(start.elapsed() < Duration::from_secs(60), "no progress");
        assert_eq!(app.computer().job(), Some(job));
        std::thread::sleep(Duration::from_millis(10));
        app.update(Action::Tick);
    }
}

#[test]
fn the_computer_ponders_after_its_move_and_answers_from_that_tree() {
    for threads in [1, 2] {
        let mut app = pondering(threads);
        until_iterations(&mut app, Job::Ponder, 5_000);
        let text = text(&app, 100, 30);
        // The panel wraps the line after "pondering".
        let on = if threads == 1 {
            "on 1 thread."
        } else {
            "on 2 threads."
        };
        assert!(text.contains("Computer (hard) is pondering"), "{text}");
        assert!(text.contains(on), "{text}");
        // You play the move the computer expected: its subtree is kept.
        let pondered = app
            .computer()
            .snapshot(app.game().position())
            .unwrap()
            .progress
            .clone();
        let Some(Move::Place(expected)) = pondered.report.best else {
            panic!("no move pondered");
        };
        let share = pondered.report.heat[app.game().size().index(expected)];
        play_at(&mut app, &expected.to_string());
        assert_eq!(app.computer().job(), Some(Job::Move));
        until_iterations(&mut app, Job::Move, 1);
        let answer = &app
            .computer()
            .snapshot(app.game().position())
            .unwrap()
            .progress;
        // The tree's root counts the pondered visits of that move besides
        // the iterations run since (a fresh tree counts those alone).
        let carried = answer.visits - answer.report.iterations;
        let expected_at_least = (share * pondered.visits as f32 * 0.9) as u64;
        assert!(
            carried >= expected_at_least && carried > 0,
            "{threads} threads: {carried} kept, {expected_at_least} expected"
        );
    }
}

#[test]
fn pondering_stops_when_another_screen_opens_and_comes_back_after() {
    let mut app = pondering(1);
    for open in [
        Action::OpenSettings,
        Action::ToggleHelp,
        Action::OpenTraining,
        Action::OpenGoTo,
    ] {
        app.update(open);
        assert_ne!(app.screen(), &Screen::Board);
        assert_eq!(app.computer().job(), None, "after {open:?}");
        // Back on the board the computer ponders on.
        while app.screen() != &Screen::Board {
            app.update(Action::Close);
        }
        assert_eq!(
            app.computer().job(),
            Some(Job::Ponder),
            "after closing {open:?}"
        );
    }
}

#[test]
fn pondering_stops_on_undo_new_game_and_quit() {
    let mut app = pondering(1);
    app.update(Action::Undo);
    assert_eq!(app.game().history().len(), 0);
    assert_eq!(app.computer().job(), None);
    // A new game and quitting are asked about first (which stops it), then
    // done.
    for ask in [Action::NewGame, Action::Quit] {
        let mut app = pondering(1);
        app.update(ask);
        assert!(matches!(app.screen(), Screen::Confirm(_)));
        assert_eq!(app.computer().job(), None, "while {ask:?} is asked about");
        app.update(Action::Yes);
        assert!(app.should_quit() || app.game().history().is_empty());
        assert_eq!(app.computer().job(), None, "after {ask:?}");
    }
}

#[test]
fn pondering_stops_when_your_move_ends_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nearly.brique");
    // Black's c-column lacks only c7; the computer (White) is lost.
    let record = "size: 7\npie: off\nx-mode: human-vs-computer\n\n\
                  c1 a1 c2 a2 c3 a3 c4 a4 c5 a5 c6 a6\n";
    std::fs::write(&path, record).unwrap();
    let mut app = App::with_config(config(1));
    let opening = Opening {
        record: Some(path.clone()),
        new: false,
    };
    app.open_files(None, &opening);
    app.update(Action::Tick);
    assert_eq!(app.computer().job(), Some(Job::Ponder));
    play_at(&mut app, "c7");
    assert!(app.game().position().is_over());
    assert_eq!(app.computer().job(), None);
    assert!(Path::new(&path).exists());
}

#[test]
fn pondering_is_off_when_the_setting_says_so_or_the_level_counts_iterations() {
    for (ponder, level) in [(false, Level::Hard), (true, Level::Medium)] {
        let mut config = config(1);
        config.engine.ponder = ponder;
        config.engine.level = level;
        let mut app = App::with_config(config);
        play_at(&mut app, "d4");
        app.wait_for_engine();
        assert_eq!(app.game().history().len(), 2);
        assert_eq!(app.computer().job(), None, "{level} with ponder {ponder}");
    }
}

/// An app on `record` (a 7×7 game against hard, as [`config`]), ticked once.
fn opened(record: &str, config: Config) -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.brique");
    std::fs::write(&path, record).unwrap();
    let mut app = App::with_config(config);
    let opening = Opening {
        record: Some(path),
        new: false,
    };
    app.open_files(None, &opening);
    app.update(Action::Tick);
    (dir, app)
}

#[test]
fn pondering_stops_when_the_computers_move_ends_the_game() {
    // White's row 4 lacks only g4, and Black (you) to move does not take it.
    let record = "size: 7\npie: off\nx-mode: human-vs-computer\n\n\
                  a1 a4 c1 b4 e1 c4 g1 d4 a7 e4 c7 f4\n";
    let (_dir, mut app) = opened(record, config(1));
    assert_eq!(app.computer().job(), Some(Job::Ponder));
    play_at(&mut app, "e7");
    assert_eq!(app.computer().job(), Some(Job::Move));
    app.wait_for_engine();
    assert!(app.game().is_over(), "the computer wins with g4");
    assert_eq!(app.game().winner(), Some(Player::Two));
    for _ in 0..3 {
        app.update(Action::Tick);
        assert_eq!(app.computer().job(), None);
    }
}

#[test]
fn pondering_stops_when_the_computer_resigns() {
    // 5×5 without the pie rule: after the centre, hard has proven its
    // position lost and resigns at once.
    let mut config = config(1);
    config.game.size = brique::core::BoardSize::new(5).unwrap();
    let mut app = App::with_config(config);
    play_at(&mut app, "c3");
    app.wait_for_engine();
    assert_eq!(app.game().resigned(), Some(brique::core::Color::White));
    for _ in 0..3 {
        app.update(Action::Tick);
        assert_eq!(app.computer().job(), None);
    }
}

#[test]
fn pondering_stops_when_your_clock_runs_out() {
    let mut config = config(1);
    config.game.clock = Some("0+2".parse().unwrap());
    let mut app = App::with_config(config);
    app.pass_time(Duration::ZERO);
    play_at(&mut app, "d4");
    app.wait_for_engine();
    assert_eq!(app.game().history().len(), 2);
    // Your clock started with your first move: 2 s, +2 s.
    assert_eq!(app.computer().job(), Some(Job::Ponder));
    app.pass_time(Duration::from_secs(10));
    app.update(Action::Tick);
    assert_eq!(app.lost_on_time(), Some(Player::One));
    assert_eq!(app.computer().job(), None);
    app.update(Action::Tick);
    assert_eq!(app.computer().job(), None);
}

#[test]
fn on_a_servers_shared_searches_the_computer_does_not_ponder_and_gives_its_slot_back() {
    let slots = SearchSlots::new(1);
    let mut app = App::with_config(config(1));
    app.computer_mut().share_slots(&slots);
    play_at(&mut app, "d4");
    assert_eq!(app.computer().job(), Some(Job::Move));
    assert_eq!(slots.running(), 1, "the move's search holds the slot");
    app.wait_for_engine();
    assert_eq!(app.game().history().len(), 2);
    assert_eq!(
        app.computer().job(),
        None,
        "no pondering on the person's time"
    );
    assert_eq!(slots.running(), 0, "the slot is free for others");
}
