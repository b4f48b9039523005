//! The welcome drawn: the goal, then each way to begin with its key, from
//! the keymap table.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::action::Action;
use crate::app::keys::keymap::{Context, key_label};
use crate::app::state::App;
use crate::app::ui::dialog;

/// The goal in one line.
pub const GOAL: &str = "Black joins top and bottom, White left and right: the first to join \
                        their two edges wins.";

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let mut text = format!("{GOAL}\n\nHow would you like to begin?\n");
    let choices = app.keys().in_context(Context::Welcome);
    for (binding, keys) in choices.filter(|(b, _)| matches!(b.action, Action::Begin(_))) {
        let Some(&key) = keys.first() else { continue };
        let mut help = binding.help.to_string();
        if let Some(first) = help.get(..1) {
            help.replace_range(..1, &first.to_uppercase());
        }
        text.push_str(&format!("\n  {:>3}  {help}", key_label(key, app.theme())));
    }
    dialog::message_box(
        app,
        "Welcome to Brique",
        &text,
        Context::Welcome,
        72,
        area,
        buf,
    );
}
