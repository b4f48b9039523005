//! Helpers for the game screen tests: key presses, clicks and rendering
//! without a terminal.
#![allow(dead_code)] // each test file uses some of these

use brique::app::{App, Config, layout};
use brique::core::{BoardSize, Square};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

pub fn press(app: &mut App, code: KeyCode) {
    app.handle_event(&Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

pub fn ctrl(app: &mut App, c: char) {
    app.handle_event(&Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::CONTROL,
    )));
}

pub fn release(app: &mut App, code: KeyCode) {
    let mut event = KeyEvent::new(code, KeyModifiers::NONE);
    event.kind = KeyEventKind::Release;
    app.handle_event(&Event::Key(event));
}

/// Presses each character of `text` as a key.
pub fn type_keys(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// Jumps to a square with `:` and places a stone there with Enter.
pub fn play_at(app: &mut App, square: &str) {
    type_keys(app, ":");
    type_keys(app, square);
    press(app, KeyCode::Enter);
    press(app, KeyCode::Enter);
}

pub fn mouse(app: &mut App, kind: MouseEventKind, column: u16, row: u16) {
    app.handle_event(&Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }));
}

pub fn click(app: &mut App, column: u16, row: u16) {
    mouse(app, MouseEventKind::Down(MouseButton::Left), column, row);
}

pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

pub fn config_with_size(n: u8) -> Config {
    let mut config = Config::default();
    config.game.size = BoardSize::new(n).unwrap();
    config
}

/// Draws the app on a test terminal of `width` × `height`.
pub fn draw(app: &App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .unwrap();
    terminal
}

pub fn buffer(app: &App, width: u16, height: u16) -> Buffer {
    draw(app, width, height).backend().buffer().clone()
}

/// The screen as text, one line per row.
pub fn text(app: &App, width: u16, height: u16) -> String {
    let buf = buffer(app, width, height);
    let area = buf.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Plays a game in which Black (Player 1) builds column c from the bottom up
/// while White plays along column a: Black wins with its last stone.
pub fn black_wins_on_column_c(app: &mut App) {
    let n = app.game().size().get();
    for row in 1..n {
        play_at(app, &format!("c{row}"));
        play_at(app, &format!("a{row}"));
    }
    play_at(app, &format!("c{n}"));
}

/// A game (Black to move) where the cursor, on e5, previews a fill (d5,
/// escorted by d4) and a capture (e6, escorted by f6).
pub fn game_with_preview(app: &mut App) {
    for square in ["f6", "e6", "d4", "a1"] {
        play_at(app, square);
    }
    type_keys(app, ":e5");
    press(app, KeyCode::Enter);
}

/// The screen cell of a square's stone on a `width` × `height` terminal.
pub fn glyph_cell(app: &App, name: &str, width: u16, height: u16) -> (u16, u16) {
    let l = layout::screen(Rect::new(0, 0, width, height), app.game().size()).unwrap();
    l.board.glyph_cell(sq(name))
}
