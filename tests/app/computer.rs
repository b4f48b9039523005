//! The computer at the game screen: its answers, undo back to your turn,
//! hints, the analysis heat map, the progress line, stopping at once, the
//! demo, and the settings. Searches run on the engine's thread with small
//! iteration budgets on small boards; `wait_for_engine` waits for them
//! without a clock, so every result is the same on every run.

use std::time::{Duration, Instant};

use crate::support::*;
use brique::ai::Level as Strength;
use brique::app::{
    Action, App, BoardOverlay, BoardWidget, Config, ConfigFile, Heat, Job, Marker, Mode, PlayArgs,
    Screen, Theme,
};
use brique::core::{BoardSize, Color, Game, Move, Player, Rules};
use brique::storage::{AutosaveLoad, Paths, load_autosave};
use ratatui::crossterm::event::KeyCode;

fn config(size: u8, mode: Mode, level: Strength) -> Config {
    let mut config = config_with_size(size);
    config.engine.mode = mode;
    config.engine.level = level;
    // One thread, so that searches with a time budget (the analysis) are
    // the same on every run.
    config.engine.threads = brique::app::Threads::Count(std::num::NonZeroU16::MIN);
    config
}

/// You (Player 1, Black) against the easy computer on 5×5.
fn against_easy() -> App {
    App::with_config(config(5, Mode::HumanVsComputer, Strength::Easy))
}

/// Sends ticks until the engine has sent word of its search (a few tenths
/// of a second; the limit only stops a broken test from hanging).
fn until_progress(app: &mut App) {
    let start = Instant::now();
    while app
        .computer()
        .snapshot(app.game().position())
        .is_none_or(|s| s.progress.report.iterations == 0)
    {
        assert!(start.elapsed() < Duration::from_secs(20), "no progress");
        std::thread::sleep(Duration::from_millis(10));
        app.update(Action::Tick);
    }
}

#[test]
fn the_computer_answers_your_move() {
    let mut app = against_easy();
    assert_eq!(app.name(Player::Two), "Computer (easy)");
    play_at(&mut app, "a1");
    assert_eq!(app.computer().job(), Some(Job::Move));
    assert!(app.computer().to_move(app.game()));
    app.wait_for_engine();
    assert_eq!(app.game().history().len(), 2);
    assert_eq!(app.game().player_to_move(), Player::One);
    assert_eq!(
        app.computer().job(),
        None,
        "nothing to think about on your turn"
    );
    let text = &app.message().unwrap().text;
    assert!(text.starts_with("Computer (easy) "), "{text}");
}

/// [`against_easy`] after your a1 and e1 and the computer's answers.
fn against_easy_four_moves_in() -> App {
    let mut app = against_easy();
    play_at(&mut app, "a1");
    app.wait_for_engine();
    play_at(&mut app, "e1");
    app.wait_for_engine();
    assert_eq!(app.game().history().len(), 4);
    app
}

#[test]
fn undo_goes_back_to_your_turn() {
    let mut app = against_easy_four_moves_in();
    type_keys(&mut app, "u");
    assert_eq!(app.game().history().len(), 2, "your move and its answer");
    assert_eq!(app.game().player_to_move(), Player::One);
    assert_eq!(app.board().cursor(), sq("e1"));
    assert_eq!(app.computer().job(), None);
    // Redo plays both again.
    type_keys(&mut app, "r");
    assert_eq!(app.game().history().len(), 4);
    assert_eq!(app.computer().job(), None);
    type_keys(&mut app, "uu");
    assert!(app.game().history().is_empty());
    type_keys(&mut app, "u");
    assert_eq!(app.message().unwrap().text, "Nothing of yours to undo.");
}

#[test]
fn undo_new_game_and_quit_stop_the_search_at_once() {
    // The strongest level thinks for seconds on 15×15: still at work below.
    let mut app = App::with_config(config(15, Mode::HumanVsComputer, Strength::Strongest));
    play_at(&mut app, "h8");
    until_progress(&mut app);
    let asked = Instant::now();
    type_keys(&mut app, "u");
    assert_eq!(app.computer().job(), None);
    assert!(app.game().history().is_empty());
    // Not a latency check: the move's budget is 10 s, so waiting for the
    // search to end by itself would take most of that.
    assert!(asked.elapsed() < Duration::from_secs(8));

    play_at(&mut app, "h8");
    assert_eq!(app.computer().job(), Some(Job::Move));
    type_keys(&mut app, "ny");
    assert_eq!(app.computer().job(), None);
    assert!(app.game().history().is_empty());

    play_at(&mut app, "h8");
    type_keys(&mut app, "qy");
    assert!(app.should_quit());
    assert_eq!(app.computer().job(), None);
}

#[test]
fn playing_from_an_earlier_position_stops_the_thinking_and_branches() {
    let mut app = App::with_config(config(15, Mode::HumanVsComputer, Strength::Strongest));
    play_at(&mut app, "h8");
    until_progress(&mut app);
    // Back to the empty board, your turn there: asked, then played.
    type_keys(&mut app, "[");
    assert_eq!(app.board().viewing(), Some(0));
    type_keys(&mut app, ":c3");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    assert!(
        matches!(app.screen(), Screen::Confirm(_)),
        "{:?}",
        app.message()
    );
    type_keys(&mut app, "y");
    let moves: Vec<String> = app.game().moves().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["c3"]);
    assert_eq!(app.board().viewing(), None);
    // The computer thinks about the new position.
    assert_eq!(app.computer().job(), Some(Job::Move));
    type_keys(&mut app, "u");
    assert_eq!(app.computer().job(), None);
}

#[test]
fn you_cannot_play_the_computers_move_in_an_earlier_position() {
    let mut app = against_easy_four_moves_in();
    // Three moves in, the computer was to move.
    type_keys(&mut app, "[");
    assert_eq!(app.board().viewing(), Some(3));
    type_keys(&mut app, ":c3");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(app.game().history().len(), 4);
    let text = &app.message().unwrap().text;
    assert!(text.contains("your turn"), "{text}");
}

#[test]
fn the_progress_line_shows_while_the_computer_thinks() {
    let mut app = App::with_config(config(15, Mode::HumanVsComputer, Strength::Strongest));
    play_at(&mut app, "h8");
    until_progress(&mut app);
    let screen = text(&app, 100, 34);
    assert!(screen.contains("Computer (strongest) is"), "{screen}");
    assert!(screen.contains("iterations"), "{screen}");
    assert!(screen.contains("best "), "{screen}");
    // Your keys wait for your turn.
    play_at(&mut app, "a1");
    assert_eq!(app.game().history().len(), 1);
    assert!(app.message().unwrap().text.starts_with("Wait"));
    type_keys(&mut app, "t");
    assert_eq!(
        app.computer().job(),
        Some(Job::Move),
        "no hint for the computer"
    );
}

#[test]
fn the_computer_opens_when_you_play_white() {
    let mut config = config(5, Mode::HumanVsComputer, Strength::Easy);
    config.players.black = Player::Two;
    let mut app = App::with_config(config);
    app.update(Action::Tick);
    assert_eq!(app.computer().job(), Some(Job::Move));
    app.wait_for_engine();
    assert_eq!(app.game().history().len(), 1);
    assert_eq!(app.game().player_to_move(), Player::One);
    assert!(app.game().position().can_swap());
    let screen = text(&app, 80, 24);
    assert!(
        screen.contains("you play White"),
        "the swap is offered:\n{screen}"
    );
    // Its opening is not yours to undo.
    type_keys(&mut app, "u");
    assert_eq!(app.game().history().len(), 1);
}

#[test]
fn the_computer_swaps_a_strong_opening_and_says_so() {
    let mut app = App::with_config(config(5, Mode::HumanVsComputer, Strength::Medium));
    play_at(&mut app, "c3");
    app.wait_for_engine();
    let game = app.game();
    assert_eq!(
        game.last().unwrap().mv,
        Move::Swap,
        "the centre is worth taking"
    );
    assert_eq!(game.holder(Color::Black), Player::Two);
    assert_eq!(game.player_to_move(), Player::One);
    let message = &app.message().unwrap().text;
    assert!(message.contains("Computer (medium) swapped"), "{message}");
    let screen = text(&app, 80, 24);
    assert!(screen.contains("Pie rule: Computer"), "{screen}");
}

#[test]
fn a_hint_marks_a_square_and_moves_the_cursor_there() {
    let mut app = App::with_config(config(5, Mode::HumanVsHuman, Strength::Easy));
    play_at(&mut app, "b2");
    play_at(&mut app, "d4");
    type_keys(&mut app, "t");
    assert_eq!(app.computer().job(), Some(Job::Hint));
    app.wait_for_engine();
    let Some(Move::Place(hint)) = app.hint() else {
        panic!("a square is suggested: {:?}", app.hint());
    };
    assert_eq!(app.board().cursor(), hint);
    assert!(
        app.message()
            .unwrap()
            .text
            .starts_with(&format!("Hint: {hint}"))
    );
    let (x, y) = glyph_cell(&app, &hint.to_string(), 80, 24);
    assert_eq!(buffer(&app, 80, 24)[(x + 1, y)].symbol(), "!");
    // The mark goes once the position changes.
    type_keys(&mut app, " ");
    assert_eq!(app.hint(), None);
}

#[test]
fn analysis_shows_a_heat_map_and_the_win_estimate() {
    let mut app = App::with_config(config(5, Mode::HumanVsHuman, Strength::Easy));
    for square in ["c3", "b3", "c4", "d2"] {
        play_at(&mut app, square);
    }
    type_keys(&mut app, "a");
    assert!(app.analysis_shown());
    assert_eq!(app.computer().job(), Some(Job::Analysis));
    app.wait_for_engine();
    let snapshot = app
        .computer()
        .snapshot(app.game().position())
        .expect("the analysis has news");
    // Proven, so the search stopped by itself: the map is the same every run.
    assert!(snapshot.progress.report.proven.is_some(), "{snapshot:?}");
    assert_eq!(app.computer().job(), None, "the analysis rests once done");
    let screen = text(&app, 80, 24);
    assert!(screen.contains("Analysis: a sure"), "{screen}");
    assert!(screen.contains("iterations"), "its figures stay: {screen}");
    // Each empty square with a share of the search shows, in percent, the
    // chance of winning after playing there.
    let report = &snapshot.progress.report;
    assert_eq!(report.swap, None, "no swap after four moves");
    let top = report.heat.iter().copied().fold(0.0, f32::max);
    let buf = buffer(&app, 80, 24);
    let mut shown = 0;
    for (i, (&share, &win)) in report.heat.iter().zip(&report.wins).enumerate() {
        let square = app.game().size().square(i);
        let Some(heat) = Heat::of(share, top, win) else {
            continue;
        };
        assert_eq!(app.game().position().get(square), None, "{square}");
        let (x, y) = glyph_cell(&app, &square.to_string(), 80, 24);
        let digits = format!("{}{}", buf[(x, y)].symbol(), buf[(x + 1, y)].symbol());
        assert_eq!(digits.trim(), heat.win.to_string(), "{square}");
        shown += u32::from(heat.share);
    }
    assert!(
        (50..=100).contains(&shown),
        "the map covers the search: {shown}%"
    );
    type_keys(&mut app, "a");
    assert!(!app.analysis_shown());
    assert!(!text(&app, 80, 24).contains("Analysis:"));
}

#[test]
fn a_demo_plays_both_sides_pauses_and_quits_at_once() {
    let mut app = App::with_config(config(5, Mode::ComputerVsComputer, Strength::Easy));
    app.update(Action::Tick);
    app.wait_for_engine();
    assert_eq!(app.game().history().len(), 1);
    assert_eq!(
        app.computer().job(),
        Some(Job::Move),
        "the other side thinks"
    );
    app.wait_for_engine();
    assert_eq!(app.game().history().len(), 2);
    press(&mut app, KeyCode::Enter);
    assert!(app.computer().demo_paused());
    assert_eq!(app.computer().job(), None);
    app.update(Action::Tick);
    assert_eq!(app.game().history().len(), 2);
    type_keys(&mut app, "s");
    assert!(app.message().unwrap().text.contains("pauses the demo"));
    assert_eq!(app.game().history().len(), 2);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.computer().job(), Some(Job::Move));
    type_keys(&mut app, "q");
    assert!(app.should_quit(), "a demo is not a game to lose");
}

#[test]
fn mode_and_level_are_settings_saved_in_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let mut app = App::new(ConfigFile::load(path.clone()), false);
    type_keys(&mut app, "o");
    // Player 1, Player 2, Black, Pie rule, Rules, Board size, then Game.
    for _ in 0..6 {
        press(&mut app, KeyCode::Tab);
    }
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Left);
    let screen = text(&app, 80, 30);
    assert!(screen.contains("you vs the computer"), "{screen}");
    assert!(
        screen.contains("casual (2 of 5: 2,000 iterations a move)"),
        "{screen}"
    );
    assert!(screen.contains("You are Player 1"), "{screen}");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Board);
    // Nothing was played, so the new mode applies at once.
    assert_eq!(app.computer().mode(), Mode::HumanVsComputer);
    assert_eq!(app.name(Player::Two), "Computer (casual)");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[engine]"), "{text}");
    assert!(text.contains("mode = \"human-vs-computer\""), "{text}");
    assert!(text.contains("level = \"casual\""), "{text}");
    let again = App::new(ConfigFile::load(path), false);
    assert_eq!(again.config().engine.level, Strength::Casual);
    assert_eq!(again.computer().mode(), Mode::HumanVsComputer);
}

#[test]
fn a_new_mode_waits_for_the_next_game() {
    let mut app = App::with_config(config(5, Mode::HumanVsHuman, Strength::Easy));
    play_at(&mut app, "c3");
    type_keys(&mut app, "o");
    for _ in 0..6 {
        press(&mut app, KeyCode::Tab);
    }
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.computer().mode(),
        Mode::HumanVsHuman,
        "the game goes on as it was"
    );
    assert_eq!(app.computer().job(), None);
    assert!(
        app.settings_waiting()
            .contains(&"you vs the computer".to_string())
    );
    type_keys(&mut app, "ny");
    assert_eq!(app.computer().mode(), Mode::HumanVsComputer);
}

/// How the heat map and a hint look, whatever the engine finds: a 5×5
/// board with a few stones, some warm squares and a hint.
#[test]
fn heat_map_and_hint_marks() {
    let size = BoardSize::new(5).unwrap();
    let moves = ["c3", "b3", "c4", "d2"].map(|m| m.parse().unwrap());
    let game = Game::from_moves(size, Rules::default(), Player::One, &moves).unwrap();
    let mut overlay = BoardOverlay::new(size);
    for (square, percent) in [("c2", 62), ("a2", 14), ("d5", 6), ("e1", 1)] {
        let top = 0.62;
        let share = f32::from(percent) / 100.0;
        let heat = Heat::of(share, top, share).unwrap();
        assert_eq!((heat.share, heat.win), (percent, percent));
        overlay.set_heat(sq(square), heat);
    }
    overlay.set_ghost(sq("b4"), Color::Black);
    overlay.set_marker(sq("b4"), Marker::Hint);
    // Squares four cells wide show percents; two cells wide, tenths.
    for (name, theme, height) in [
        (
            "heat_map_in_colour",
            Theme::new(brique::app::ThemeName::Color, false),
            15,
        ),
        (
            "heat_map_in_ascii",
            Theme::new(brique::app::ThemeName::Ascii, true),
            13,
        ),
    ] {
        let mut terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(36, height)).unwrap();
        terminal
            .draw(|frame| {
                let widget = BoardWidget {
                    position: game.position(),
                    overlay: &overlay,
                    theme,
                };
                frame.render_widget(widget, frame.area());
            })
            .unwrap();
        insta::assert_snapshot!(name, terminal.backend());
        // In colour, the favourite square is the warmest.
        if theme.colour {
            let buf = terminal.backend().buffer();
            let warm = |text: &str| {
                let cell = (0..buf.area.height)
                    .flat_map(|y| (0..buf.area.width).map(move |x| (x, y)))
                    .find(|&(x, y)| {
                        buf[(x, y)].symbol() == &text[..1] && buf[(x + 1, y)].symbol() == &text[1..]
                    })
                    .unwrap();
                buf[cell].bg
            };
            assert_ne!(warm("62"), warm("14"));
        }
    }
}

/// Starts an app with its files under `dir`, as `brique` would.
fn with_files(dir: &std::path::Path, config: Config) -> App {
    let mut app = App::with_config(config);
    app.open_files(Some(Paths::under(dir)), &PlayArgs::default().opening());
    app.update(Action::Tick);
    app
}

#[test]
fn a_game_against_the_computer_resumes_as_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = with_files(dir.path(), config(5, Mode::HumanVsComputer, Strength::Easy));
    play_at(&mut app, "a1");
    app.wait_for_engine();
    drop(app);
    let AutosaveLoad::Resumed(record) = load_autosave(&Paths::under(dir.path())) else {
        panic!("the game is in the autosave");
    };
    assert_eq!(record.game.moves().len(), 2, "the computer's answer too");
    assert_eq!(record.names[1], "Computer (easy)");
    assert_eq!(record.extra("x-mode"), Some("human-vs-computer"));
    assert_eq!(record.extra("x-level"), Some("easy"));

    // Settings for two players now: the game still goes on against the computer.
    let mut again = with_files(dir.path(), config(5, Mode::HumanVsHuman, Strength::Easy));
    assert_eq!(again.computer().mode(), Mode::HumanVsComputer);
    assert_eq!(again.game().history().len(), 2);
    assert_eq!(again.name(Player::Two), "Computer (easy)");
    play_at(&mut again, "e1");
    assert_eq!(again.computer().job(), Some(Job::Move));
    // The next game follows the settings.
    type_keys(&mut again, "ny");
    assert_eq!(again.computer().mode(), Mode::HumanVsHuman);
    assert_eq!(again.name(Player::Two), "Player 2");
}

#[test]
fn settings_say_in_plain_words_who_plays_black_from_the_next_game() {
    let mut app = App::with_config(config(5, Mode::HumanVsComputer, Strength::Easy));
    play_at(&mut app, "c3");
    type_keys(&mut app, "o");
    // Black: Player 2, the computer; its level: hard. (No Player 2 name
    // row against the computer: the Tab after Player 1's goes to Black.)
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Right);
    for _ in 0..5 {
        press(&mut app, KeyCode::Tab);
    }
    for _ in 0..3 {
        press(&mut app, KeyCode::Right);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.config().engine.level, Strength::Hard);
    let said = app.message().unwrap().text.clone();
    assert!(
        said.starts_with("From the next game (n): Computer (hard) with Black."),
        "{said}"
    );
    assert!(!said.contains("applies"), "{said}");
}
