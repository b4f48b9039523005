//! The game screen driven by key and mouse events, without a terminal.

use crate::support::*;
use brique::app::{Action, App, Config, HelpOver, Question, Screen, Tone};
use brique::core::{BoardSize, Color, Move, Player};
use ratatui::crossterm::event::{KeyCode, MouseEventKind};
use ratatui::layout::Rect;

fn app() -> App {
    App::with_config(Config::default())
}

#[test]
fn arrows_and_hjkl_move_the_cursor_and_stop_at_the_edges() {
    let mut app = app();
    assert_eq!(app.board().cursor(), sq("h8"));
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Char('l'));
    assert_eq!(app.board().cursor(), sq("i9"));
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Char('h'));
    press(&mut app, KeyCode::Char('j'));
    press(&mut app, KeyCode::Left);
    assert_eq!(app.board().cursor(), sq("g7"));
    for _ in 0..30 {
        press(&mut app, KeyCode::Char('k'));
        press(&mut app, KeyCode::Left);
    }
    assert_eq!(app.board().cursor(), sq("a15"));
}

#[test]
fn enter_and_space_place_and_occupied_squares_are_refused() {
    let mut app = app();
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.game().position().get(sq("h8")), Some(Color::Black));
    press(&mut app, KeyCode::Char(' '));
    assert_eq!(app.game().history().len(), 1, "h8 is taken");
    let message = app.message().expect("a message says why");
    assert_eq!(message.tone, Tone::Warning);
    assert!(message.text.contains("h8"), "{}", message.text);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Char(' '));
    assert_eq!(app.game().position().get(sq("i8")), Some(Color::White));
}

#[test]
fn key_releases_are_ignored() {
    let mut app = app();
    release(&mut app, KeyCode::Enter);
    release(&mut app, KeyCode::Up);
    assert_eq!(app.game().history().len(), 0);
    assert_eq!(app.board().cursor(), sq("h8"));
}

#[test]
fn the_pie_rule_swaps_the_players_once() {
    let mut app = app();
    play_at(&mut app, "d8");
    assert!(app.game().position().can_swap());
    type_keys(&mut app, "s");
    let game = app.game();
    assert_eq!(game.moves().last(), Some(Move::Swap));
    assert_eq!(game.holder(Color::Black), Player::Two);
    assert_eq!(game.player_to_move(), Player::One);
    assert_eq!(game.position().to_move(), Color::White);
    type_keys(&mut app, "s");
    assert_eq!(app.game().history().len(), 2, "only one swap");
    assert_eq!(app.message().map(|m| m.tone), Some(Tone::Warning));
}

#[test]
fn the_pie_rule_off_refuses_the_swap() {
    let mut config = Config::default();
    config.game.pie = false;
    let mut app = App::with_config(config);
    play_at(&mut app, "d8");
    type_keys(&mut app, "s");
    assert_eq!(app.game().history().len(), 1);
    assert!(app.message().unwrap().text.contains("pie rule is off"));
}

#[test]
fn undo_and_redo_move_through_the_game_and_the_cursor_follows() {
    let mut app = app();
    play_at(&mut app, "c3");
    play_at(&mut app, "e5");
    type_keys(&mut app, "uu");
    assert_eq!(app.game().history().len(), 0);
    assert_eq!(app.board().cursor(), sq("c3"));
    type_keys(&mut app, "u");
    assert_eq!(app.message().unwrap().text, "Nothing to undo.");
    type_keys(&mut app, "r");
    assert_eq!(app.game().position().get(sq("c3")), Some(Color::Black));
    type_keys(&mut app, "rr");
    assert_eq!(app.game().history().len(), 2);
    assert_eq!(app.board().cursor(), sq("e5"));
}

#[test]
fn new_game_and_quit_ask_first_while_a_game_is_in_progress() {
    let mut app = app();
    type_keys(&mut app, "n");
    assert_eq!(app.screen(), &Screen::Board, "nothing to lose yet");
    play_at(&mut app, "c3");
    type_keys(&mut app, "n");
    assert_eq!(app.screen(), &Screen::Confirm(Question::NewGame));
    type_keys(&mut app, "n");
    assert_eq!(app.game().history().len(), 1, "answered no");
    type_keys(&mut app, "n");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.game().history().len(), 1, "Esc is no");
    type_keys(&mut app, "ny");
    assert_eq!(app.game().history().len(), 0);

    play_at(&mut app, "c3");
    type_keys(&mut app, "q");
    assert_eq!(app.screen(), &Screen::Confirm(Question::Quit));
    type_keys(&mut app, "n");
    assert!(!app.should_quit());
    ctrl(&mut app, 'c');
    ctrl(&mut app, 'c');
    assert!(app.should_quit(), "Ctrl+C twice quits");
}

#[test]
fn quit_is_immediate_with_no_game_to_lose() {
    let mut app = app();
    type_keys(&mut app, "q");
    assert!(app.should_quit());
}

#[test]
fn a_square_name_moves_the_cursor_and_a_bad_one_is_kept_for_correction() {
    let mut app = app();
    type_keys(&mut app, ":d8");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.board().cursor(), sq("d8"));
    assert_eq!(app.screen(), &Screen::Board);
    type_keys(&mut app, ":z9");
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen(), Screen::GoTo(input) if input.text() == "z9"));
    assert_eq!(app.message().unwrap().tone, Tone::Error);
    assert_eq!(
        app.message().unwrap().text,
        "\"z9\": expected a column letter a to o and a row 1 to 15.",
        "the message names the 15×15 board's own range"
    );
    press(&mut app, KeyCode::Backspace);
    press(&mut app, KeyCode::Backspace);
    type_keys(&mut app, "q1");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.board().cursor(), sq("d8"), "q1 is not on the board");
    assert!(
        matches!(app.screen(), Screen::GoTo(_)),
        "q1 is off a 15×15 board"
    );
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(app.board().cursor(), sq("d8"));
}

#[test]
fn a_click_places_a_stone_and_the_pointer_moves_the_cursor() {
    let mut app = app();
    app.handle_event(&ratatui::crossterm::event::Event::Resize(120, 40));
    let (x, y) = glyph_cell(&app, "c3", 120, 40);
    mouse(&mut app, MouseEventKind::Moved, x, y);
    assert_eq!(app.board().cursor(), sq("c3"));
    let (x, y) = glyph_cell(&app, "m12", 120, 40);
    click(&mut app, x + 1, y);
    assert_eq!(app.game().position().get(sq("m12")), Some(Color::Black));
    assert_eq!(app.board().cursor(), sq("m12"));
    click(&mut app, 0, 0);
    assert_eq!(
        app.game().history().len(),
        1,
        "a click off the board does nothing"
    );
}

#[test]
fn a_whole_game_is_won_with_the_keyboard_and_a_new_one_follows() {
    let mut app = App::with_config(config_with_size(5));
    // Black builds column c from bottom to top; White plays along column a.
    for (black, white) in [("c1", "a1"), ("c2", "a2"), ("c3", "a3"), ("c4", "a4")] {
        play_at(&mut app, black);
        play_at(&mut app, white);
    }
    assert_eq!(app.game().winner(), None);
    play_at(&mut app, "c5");
    assert_eq!(app.game().winner(), Some(Player::One));
    assert_eq!(app.message().unwrap().tone, Tone::Success);
    play_at(&mut app, "e5");
    assert_eq!(app.game().history().len(), 9, "no move after the win");
    type_keys(&mut app, "n");
    assert_eq!(
        app.game().history().len(),
        0,
        "no question once the game is won"
    );
}

#[test]
fn settings_edits_apply_and_wait_for_the_next_game_where_they_must() {
    let mut app = app();
    play_at(&mut app, "c3");
    type_keys(&mut app, "o");
    assert!(matches!(app.screen(), Screen::Settings(_)));
    // Player 1's name: replace it, typing letters that are also keys.
    ctrl(&mut app, 'a');
    for _ in 0..10 {
        press(&mut app, KeyCode::Delete);
    }
    type_keys(&mut app, " Quinn ");
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Tab);
    // Black: Space swaps the players.
    type_keys(&mut app, " ");
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Tab);
    // Board size 15 → 13.
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Char('h'));
    press(&mut app, KeyCode::Enter);

    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(app.config().players.names[0], "Quinn");
    assert_eq!(app.name(Player::One), "Quinn");
    assert_eq!(app.config().players.black, Player::Two);
    assert_eq!(app.config().game.size, BoardSize::new(13).unwrap());
    assert_eq!(app.game().size(), BoardSize::DEFAULT, "the game goes on");
    let text = &app.message().unwrap().text;
    assert!(text.contains("next game"), "{text}");
    assert!(!app.settings_waiting().is_empty());

    type_keys(&mut app, "ny");
    assert_eq!(app.game().size().get(), 13);
    assert_eq!(app.game().holder(Color::Black), Player::Two);
    assert!(app.settings_waiting().is_empty());
}

#[test]
fn settings_apply_at_once_before_the_first_move() {
    let mut app = app();
    type_keys(&mut app, "o");
    press(&mut app, KeyCode::BackTab); // Play online
    press(&mut app, KeyCode::Up); // Join a game
    press(&mut app, KeyCode::Up); // Host a game
    press(&mut app, KeyCode::Up); // Screen reader
    press(&mut app, KeyCode::Up); // Colours
    press(&mut app, KeyCode::Up); // Theme
    press(&mut app, KeyCode::Up); // Review
    press(&mut app, KeyCode::Up); // Resign
    press(&mut app, KeyCode::Up); // Ponder
    press(&mut app, KeyCode::Up); // Threads
    press(&mut app, KeyCode::Up); // Clock
    press(&mut app, KeyCode::Up); // Computer (level)
    press(&mut app, KeyCode::Up); // Game (mode)
    press(&mut app, KeyCode::Up); // Board size
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Up); // Rules
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Up); // Pie
    type_keys(&mut app, " ");
    press(&mut app, KeyCode::Enter);
    let game = app.game();
    assert_eq!(game.size().get(), 16);
    assert_eq!(game.rules().variant, brique::core::Variant::Revised);
    assert!(!game.rules().pie);
}

#[test]
fn bad_names_keep_the_settings_open_until_fixed_or_reverted() {
    let mut app = app();
    type_keys(&mut app, "o");
    press(&mut app, KeyCode::Down); // Player 2
    press(&mut app, KeyCode::Home);
    for _ in 0..10 {
        press(&mut app, KeyCode::Delete);
    }
    type_keys(&mut app, "player 1");
    press(&mut app, KeyCode::Enter);
    let Screen::Settings(form) = app.screen() else {
        panic!("the screen must stay open");
    };
    assert!(form.error.is_some());
    assert_eq!(app.message().unwrap().tone, Tone::Error);
    for _ in 0..8 {
        press(&mut app, KeyCode::Backspace);
    }
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen(), Screen::Settings(_)), "empty name");
    ctrl(&mut app, 'r');
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(app.config(), &Config::default());
}

#[test]
fn names_are_limited_in_length() {
    let mut app = app();
    type_keys(&mut app, "o");
    type_keys(&mut app, &"x".repeat(40));
    let Screen::Settings(form) = app.screen() else {
        panic!("settings");
    };
    assert_eq!(form.names[0].text().chars().count(), 20);
}

#[test]
fn help_opens_scrolls_within_its_text_and_closes() {
    let mut app = app();
    app.update(Action::Resize {
        width: 80,
        height: 24,
    });
    type_keys(&mut app, "?");
    assert!(matches!(app.screen(), Screen::Help { .. }));
    press(&mut app, KeyCode::Down);
    assert_eq!(
        app.screen(),
        &Screen::Help {
            scroll: 1,
            over: HelpOver::Board
        }
    );
    for _ in 0..500 {
        press(&mut app, KeyCode::PageDown);
    }
    press(&mut app, KeyCode::Up);
    let Screen::Help { scroll, .. } = *app.screen() else {
        panic!("help");
    };
    let max = brique::app::help_max_scroll(app.keys(), app.theme(), Rect::new(0, 0, 80, 24));
    assert!(max > 10, "the help is longer than 24 lines");
    assert_eq!(scroll, max - 1, "one step up from the end");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), &Screen::Board);
}

#[test]
fn home_and_end_jump_in_the_help_and_it_explains_every_mark() {
    let mut app = app();
    app.update(Action::Resize {
        width: 80,
        height: 24,
    });
    type_keys(&mut app, "?");
    press(&mut app, KeyCode::End);
    let max = brique::app::help_max_scroll(app.keys(), app.theme(), Rect::new(0, 0, 80, 24));
    assert_eq!(
        app.screen(),
        &Screen::Help {
            scroll: max,
            over: HelpOver::Board
        }
    );
    press(&mut app, KeyCode::Home);
    assert_eq!(
        app.screen(),
        &Screen::Help {
            scroll: 0,
            over: HelpOver::Board
        }
    );
    let help: String = brique::app::help_lines(app.keys(), app.theme(), 200)
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    for mark in [
        "◇ marks the escorts",
        "‼ a stone",
        "◂",
        "◌",
        "+",
        "×",
        "winning chain",
    ] {
        assert!(help.contains(mark), "{mark:?} in\n{help}");
    }
}

#[test]
fn the_quit_question_offers_yes_and_no_only() {
    let mut app = app();
    press(&mut app, KeyCode::Enter);
    type_keys(&mut app, "q");
    assert_eq!(app.screen(), &Screen::Confirm(Question::Quit));
    let screen = text(&app, 100, 30);
    assert!(screen.contains("y yes · n no"), "{screen}");
    assert!(!screen.contains("q quit"), "{screen}");
}

#[test]
fn the_key_line_names_the_lessons_and_the_preview_speaks_plainly() {
    let mut app = app();
    app.update(Action::Resize {
        width: 120,
        height: 40,
    });
    let screen = text(&app, 120, 40);
    assert!(screen.contains("e lessons"), "{screen}");
    // A stone that fills nothing and risks nothing: nothing is said of it.
    assert!(!screen.contains("fills nothing"), "{screen}");
    assert!(!screen.contains("stone at h8"), "{screen}");
}
