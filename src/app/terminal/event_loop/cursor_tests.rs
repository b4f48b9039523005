//! The terminal's cursor on the caret of the focused text field, whatever
//! the form: drawn through the loop's own `draw_if_changed` on a
//! `TestBackend`, and checked against the cells drawn (the text typed
//! stands just left of it).

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Position, Size};
use ratatui::style::Modifier;

use super::draw_if_changed;
use crate::app::Config;
use crate::app::action::Action;
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::net::DEFAULT_PORT;

struct Seen {
    screen: Terminal<TestBackend>,
    app: App,
    size: Size,
    shown: Option<super::Shown>,
}

impl Seen {
    fn new(width: u16, height: u16) -> Seen {
        let mut app = App::with_config(Config::default());
        app.update(Action::Resize { width, height });
        Seen {
            screen: Terminal::new(TestBackend::new(width, height)).unwrap(),
            app,
            size: Size::new(width, height),
            shown: None,
        }
    }

    fn press(&mut self, code: KeyCode) {
        let key = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        self.app.handle_event(&key);
    }

    fn typed(&mut self, text: &str) {
        text.chars().for_each(|c| self.press(KeyCode::Char(c)));
    }

    /// The terminal's cursor once the app is drawn: `None` when hidden.
    fn cursor(&mut self) -> Option<Position> {
        draw_if_changed(&mut self.screen, &self.app, self.size, &mut self.shown).unwrap();
        let backend = self.screen.backend();
        backend.cursor_visible().then(|| backend.cursor_position())
    }

    /// The cursor, checked to stand on a caret (a reversed cell) just
    /// right of `before` as drawn.
    fn caret_after(&mut self, before: &str) -> Position {
        let at = self.cursor().expect("the cursor is shown on the field");
        let buffer = self.screen.backend().buffer();
        let cell = &buffer[(at.x, at.y)];
        assert!(
            cell.modifier.contains(Modifier::REVERSED),
            "{at:?}: {cell:?}"
        );
        let n = u16::try_from(before.chars().count()).unwrap();
        let drawn: String = (at.x - n..at.x)
            .map(|x| buffer[(x, at.y)].symbol())
            .collect();
        assert_eq!(drawn, before, "left of the cursor at {at:?}");
        at
    }
}

#[test]
fn the_cursor_stands_on_the_caret_of_the_host_and_join_forms_and_moves_as_one_types() {
    for (width, height) in [(100, 30), (60, 20)] {
        let mut seen = Seen::new(width, height);
        // Hosting: the port, its caret at the end.
        seen.press(KeyCode::Char('i'));
        assert!(matches!(seen.app.screen(), Screen::NetForm(_)));
        let port = DEFAULT_PORT.to_string();
        let end = seen.caret_after(&port);
        seen.press(KeyCode::Backspace);
        let back = seen.caret_after(&port[..port.len() - 1]);
        assert_eq!(back, Position::new(end.x - 1, end.y));
        // The next field, a line below: the relay's address, empty.
        seen.press(KeyCode::Tab);
        let relay = seen.caret_after("");
        assert!(relay.y > end.y, "{relay:?} below {end:?}");
        seen.typed("relay.example:9");
        let typed = seen.caret_after("relay.example:9");
        assert_eq!(typed, Position::new(relay.x + 15, relay.y));
        seen.press(KeyCode::Esc);
        // Joining: another form, its first field empty.
        seen.press(KeyCode::Char('m'));
        let empty = seen.caret_after("");
        seen.typed("ab");
        assert_eq!(seen.caret_after("ab"), Position::new(empty.x + 2, empty.y));
        seen.press(KeyCode::Left);
        let left = seen.caret_after("a");
        assert_eq!(left, Position::new(empty.x + 1, empty.y));
    }
}

#[test]
fn the_cursor_follows_the_settings_text_fields_and_hides_on_their_choices() {
    let mut seen = Seen::new(100, 30);
    seen.press(KeyCode::Char('o'));
    assert!(matches!(seen.app.screen(), Screen::Settings(_)));
    let first = seen.cursor().expect("on Player 1's name");
    seen.press(KeyCode::Char('z'));
    let after = seen.caret_after("z");
    assert_eq!(after.y, first.y);
    // Player 2's name, a line below; then a choice, no text: hidden.
    seen.press(KeyCode::Down);
    let second = seen.cursor().expect("on Player 2's name");
    assert!(second.y > first.y);
    seen.press(KeyCode::Down);
    assert_eq!(seen.cursor(), None, "a choice row has no text field");
}

#[test]
fn the_cursor_stands_on_the_go_to_prompt_and_is_hidden_over_a_menu() {
    let mut seen = Seen::new(100, 30);
    seen.press(KeyCode::Char(':'));
    seen.typed("e5");
    let prompt = seen.caret_after("Go to square: e5");
    assert_eq!(prompt.y, 29, "the status line");
    seen.press(KeyCode::Esc);
    // The welcome menu: choices, no text field.
    seen.app.welcome_if_first_start();
    assert_eq!(*seen.app.screen(), Screen::Welcome);
    assert_eq!(seen.cursor(), None);
}
