//! Terminal events to actions: keys through the one table of bindings
//! (`table.rs`), with the keys in force (`[keys]` in the config file), then
//! the mouse and resizes; pure, so tests can drive the app with events and
//! no terminal. The help overlay and the hint line are generated from the
//! same bindings, so what the screen says and what the keys do cannot drift
//! apart.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

pub use super::bindings::{Clash, KeyBindings};
pub use super::table::{Binding, Context, KEYMAP, Key};
use crate::app::action::{Action, Edit};
use crate::app::ui::theme::Theme;

/// What a terminal event means in `context`: a key through the keymap,
/// the mouse, a resize.
pub fn action_for(keys: &KeyBindings, context: Context, event: &Event) -> Option<Action> {
    match event {
        Event::Key(key) => resolve(keys, context, key),
        Event::Mouse(mouse) => {
            let (column, row) = (mouse.column, mouse.row);
            match mouse.kind {
                MouseEventKind::Down(MouseButton::Left) => Some(Action::Click { column, row }),
                MouseEventKind::Moved => Some(Action::Hover { column, row }),
                MouseEventKind::ScrollUp => Some(Action::ScrollUp),
                MouseEventKind::ScrollDown => Some(Action::ScrollDown),
                _ => None,
            }
        }
        Event::Resize(width, height) => Some(Action::Resize {
            width: *width,
            height: *height,
        }),
        _ => None,
    }
}

/// What a key press means in a context. Releases are ignored (some terminals
/// report them); unbound printable keys type into text fields.
pub fn resolve(keys: &KeyBindings, context: Context, event: &KeyEvent) -> Option<Action> {
    if event.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
    if event.modifiers.contains(KeyModifiers::ALT) {
        return None;
    }
    let typed = context.takes_text() && !ctrl;
    let pressed = Key {
        code: event.code,
        ctrl,
    };
    keys.in_context(context)
        .find(|(_, keys)| keys.iter().any(|&k| acts(k, context) && k.same(pressed)))
        .map(|(b, _)| b.action)
        .or_else(|| match event.code {
            KeyCode::Char(c) if typed && !c.is_control() => Some(Action::Edit(Edit::Insert(c))),
            _ => None,
        })
}

/// Whether `key` acts in `context`: in text fields a bound character
/// must not steal typing.
fn acts(key: Key, context: Context) -> bool {
    key.ctrl || !context.takes_text() || !matches!(key.code, KeyCode::Char(_))
}

/// How a key is written on screen.
pub fn key_label(key: Key, theme: Theme) -> String {
    let name = match key.code {
        KeyCode::Up => theme.sym("↑", "Up").to_string(),
        KeyCode::Down => theme.sym("↓", "Down").to_string(),
        KeyCode::Left => theme.sym("←", "Left").to_string(),
        KeyCode::Right => theme.sym("→", "Right").to_string(),
        KeyCode::Enter => "Enter".to_string(),
        KeyCode::Esc => "Esc".to_string(),
        KeyCode::Tab => "Tab".to_string(),
        KeyCode::BackTab => "Shift+Tab".to_string(),
        KeyCode::Backspace => "Backspace".to_string(),
        KeyCode::Delete => "Delete".to_string(),
        KeyCode::Home => "Home".to_string(),
        KeyCode::End => "End".to_string(),
        KeyCode::PageUp => "PgUp".to_string(),
        KeyCode::PageDown => "PgDn".to_string(),
        KeyCode::Char(' ') => "Space".to_string(),
        KeyCode::Char(c) => c.to_string(),
        other => format!("{other:?}"),
    };
    if key.ctrl {
        format!("Ctrl+{}", name.to_uppercase())
    } else {
        name
    }
}

/// How the first key bound to `action` in `context` is written, e.g. `s` for
/// the swap, so prompts name the key in force.
pub fn key_for(keys: &KeyBindings, context: Context, action: Action, theme: Theme) -> String {
    keys.in_context(context)
        .find(|(b, _)| b.action == action)
        .and_then(|(_, keys)| keys.iter().find(|&&k| acts(k, context)))
        .map_or_else(|| "?".to_string(), |&k| key_label(k, theme))
}

/// How keys are written, for the messages that name them: the keys in force
/// and the theme, handed to a feature that must name a key.
#[derive(Clone, Copy, Debug)]
pub struct KeyNames<'a> {
    pub keys: &'a KeyBindings,
    pub theme: Theme,
}

impl KeyNames<'_> {
    /// How the key for `action` in `context` is written.
    pub fn key(&self, context: Context, action: Action) -> String {
        key_for(self.keys, context, action, self.theme)
    }

    /// How the board's key for `action` is written.
    pub fn board(&self, action: Action) -> String {
        self.key(Context::Board, action)
    }
}

/// The short hints of a context, e.g. `[("←↓↑→", "move"), ("Enter", "place")]`,
/// for the actions `offered` now: the first key of each hinted binding that
/// acts there (in ASCII, a letter rather than an arrow's long name),
/// adjacent bindings with one label merged.
pub fn hints(
    keys: &KeyBindings,
    context: Context,
    theme: Theme,
    offered: impl Fn(Action) -> bool,
) -> Vec<(String, &'static str)> {
    let mut groups: Vec<(Vec<String>, &'static str)> = Vec::new();
    for (b, keys) in keys.in_context(context) {
        let mut acting = keys.iter().filter(|&&k| acts(k, context));
        let (Some(hint), Some(&first), true) = (b.hint, acting.next(), offered(b.action)) else {
            continue;
        };
        let is_arrow = matches!(
            first.code,
            KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right
        );
        let letter = keys
            .iter()
            .find(|k| matches!(k.code, KeyCode::Char(c) if c.is_ascii_alphabetic()) && !k.ctrl);
        let key = match letter {
            Some(&letter) if theme.ascii && is_arrow => letter,
            _ => first,
        };
        let label = key_label(key, theme);
        match groups.last_mut() {
            Some((labels, last)) if *last == hint => labels.push(label),
            _ => groups.push((vec![label], hint)),
        }
    }
    groups
        .into_iter()
        .map(|(labels, hint)| {
            // Single symbols read well run together (←↓↑→, hjkl); words need a slash.
            let single = labels.iter().all(|l| l.chars().count() == 1);
            (labels.join(if single { "" } else { "/" }), hint)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::action::Direction;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn resolve(context: Context, event: &KeyEvent) -> Option<Action> {
        super::resolve(&KeyBindings::default(), context, event)
    }

    #[test]
    fn keys_resolve_per_context() {
        let q = press(KeyCode::Char('q'));
        assert_eq!(resolve(Context::Board, &q), Some(Action::Quit));
        assert_eq!(
            resolve(Context::SettingsText, &q),
            Some(Action::Edit(Edit::Insert('q')))
        );
        assert_eq!(resolve(Context::SettingsChoice, &q), None);
        assert_eq!(
            resolve(Context::Board, &press(KeyCode::Char('K'))),
            Some(Action::MoveCursor(Direction::Up))
        );
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(resolve(Context::GoTo, &ctrl_c), Some(Action::Quit));
        assert_eq!(
            resolve(Context::GoTo, &press(KeyCode::Char('c'))),
            Some(Action::Edit(Edit::Insert('c')))
        );
    }

    #[test]
    fn releases_and_alt_are_ignored() {
        let mut release = press(KeyCode::Enter);
        release.kind = KeyEventKind::Release;
        assert_eq!(resolve(Context::Board, &release), None);
        let alt = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::ALT);
        assert_eq!(resolve(Context::Board, &alt), None);
    }

    #[test]
    fn no_key_means_two_things_in_one_context() {
        assert_eq!(KeyBindings::default().clashes(), None);
    }

    #[test]
    fn keys_in_force_replace_the_table_s() {
        let mut keys = KeyBindings::default();
        keys.set("place", vec![Key::parse("x").unwrap()]).unwrap();
        let x = press(KeyCode::Char('x'));
        assert_eq!(
            super::resolve(&keys, Context::Board, &x),
            Some(Action::Place)
        );
        let enter = press(KeyCode::Enter);
        assert_eq!(super::resolve(&keys, Context::Board, &enter), None);
        let theme = Theme::new(crate::app::ThemeName::Color, false);
        assert_eq!(key_for(&keys, Context::Board, Action::Place, theme), "x");
    }

    #[test]
    fn hints_merge_the_cursor_keys_and_leave_out_what_is_not_offered() {
        let theme = Theme::new(crate::app::ThemeName::Color, false);
        let keys = KeyBindings::default();
        let hints = hints(&keys, Context::Board, theme, |_| true);
        assert_eq!(hints[0], ("←↓↑→".to_string(), "move"));
        assert_eq!(hints[1], ("Enter".to_string(), "place"));
        assert!(hints.contains(&("s".to_string(), "swap")));
        let no_swap = super::hints(&keys, Context::Board, theme, |a| a != Action::Swap);
        assert!(no_swap.iter().all(|(_, label)| *label != "swap"));
    }

    #[test]
    fn the_square_prompt_offers_no_letter_it_would_type() {
        let theme = Theme::new(crate::app::ThemeName::Color, false);
        let hints = hints(&KeyBindings::default(), Context::GoTo, theme, |_| true);
        assert!(hints.iter().all(|(key, _)| key != "q"), "{hints:?}");
        assert!(hints.contains(&("Ctrl+C".to_string(), "quit")), "{hints:?}");
    }

    #[test]
    fn the_settings_action_rows_offer_enter_to_open_and_no_value_change() {
        let theme = Theme::new(crate::app::ThemeName::Color, false);
        let keys = KeyBindings::default();
        let enter = press(KeyCode::Enter);
        assert_eq!(
            resolve(Context::SettingsAction, &enter),
            Some(Action::Submit)
        );
        assert_eq!(
            resolve(Context::SettingsAction, &press(KeyCode::Left)),
            None
        );
        let hints = hints(&keys, Context::SettingsAction, theme, |_| true);
        assert!(hints.contains(&("Enter".to_string(), "open")), "{hints:?}");
        assert!(
            hints
                .iter()
                .all(|(_, label)| *label != "save" && *label != "change")
        );
        let choice = super::hints(&keys, Context::SettingsChoice, theme, |_| true);
        assert!(
            choice.contains(&("Enter".to_string(), "save")),
            "{choice:?}"
        );
    }
}
