//! A paste reaches the game screen as one event (bracketed paste): into the
//! text field open it is typed text with its line breaks dropped; anywhere
//! else it does nothing. A pasted line break is never Enter.

use crate::support::*;
use brique::app::{App, Config, Screen};
use ratatui::crossterm::event::{Event, KeyCode};

fn paste(app: &mut App, text: &str) {
    app.handle_event(&Event::Paste(text.to_string()));
}

fn first_name(app: &App) -> String {
    let Screen::Settings(form) = app.screen() else {
        panic!("the settings stay open: {:?}", app.screen());
    };
    form.names[0].text().to_string()
}

#[test]
fn a_paste_on_the_board_neither_plays_nor_starts_a_game() {
    let mut app = App::with_config(Config::default());
    play_at(&mut app, "h8");
    paste(&mut app, "Zed\nny\r\n ");
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(app.game().history().len(), 1, "the game goes on as it was");
}

#[test]
fn a_paste_into_a_name_is_text_and_never_saves_the_settings() {
    let mut app = App::with_config(Config::default());
    type_keys(&mut app, "o");
    press(&mut app, KeyCode::Home);
    for _ in 0..10 {
        press(&mut app, KeyCode::Delete);
    }
    paste(&mut app, "Zed\nny");
    assert_eq!(first_name(&app), "Zedny");
    assert_eq!(app.config(), &Config::default(), "nothing saved");
}

#[test]
fn a_huge_paste_fills_the_field_and_the_next_key_still_counts() {
    let mut app = App::with_config(Config::default());
    type_keys(&mut app, "o");
    paste(&mut app, &"ab\n".repeat(4000));
    let name = first_name(&app);
    assert_eq!(name.chars().count(), 20, "{name}");
    assert!(name.starts_with("Player 1abab"), "{name}");
    press(&mut app, KeyCode::Backspace);
    assert_eq!(first_name(&app).chars().count(), 19);
}

#[test]
fn a_paste_into_the_square_prompt_is_typed_there() {
    let mut app = App::with_config(Config::default());
    type_keys(&mut app, ":");
    paste(&mut app, "d\n8");
    assert!(matches!(app.screen(), Screen::GoTo(input) if input.text() == "d8"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.board().cursor(), sq("d8"));
}
