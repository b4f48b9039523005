//! Helpers for the game screen tests: key presses, clicks and rendering
//! without a terminal.
#![allow(dead_code)] // each test file uses some of these

use brique::app::{App, Config};
use brique::core::{BoardSize, Square};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

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
