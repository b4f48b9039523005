//! Terminal events to actions: keys through the keymap, then the mouse and
//! resizes. Pure, so tests can drive the app with events and no terminal.

use ratatui::crossterm::event::{Event, MouseButton, MouseEventKind};

use super::keymap::{Context, KeyBindings, resolve};
use crate::app::action::Action;

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
