//! "Play a bot" drawn (`bot_picker.rs` holds its state): the bots, the one
//! chosen marked, and a note: the usual terms, or the challenge on its way,
//! or why the server refused it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::bot_picker::{BotPicker, row_text};
use super::form_view::draw_in;
use crate::app::action::Action;
use crate::app::keys::keymap::{Context, key_for};
use crate::app::ui::scene::Scene;
use crate::app::ui::theme::Ui;

pub fn render(scene: &Scene<'_>, picker: &BotPicker, area: Rect, buf: &mut Buffer) {
    let theme = scene.theme();
    let mut rows: Vec<Line<'static>> = picker
        .rows()
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let style = theme.ui(if i == picker.selected() {
                Ui::Selected
            } else {
                Ui::Text
            });
            Line::from(Span::styled(row_text(row), style))
        })
        .collect();
    if rows.is_empty() {
        rows.push(Line::from(Span::styled(
            "No bot is online on this server.",
            theme.ui(Ui::Dim),
        )));
    }
    let key = |action| key_for(scene.keys(), Context::OnlineBots, action, theme);
    let (note, style) = match (picker.error(), picker.sent()) {
        (Some(why), _) => (why.to_string(), theme.ui(Ui::Error)),
        (None, Some(name)) => (format!("Challenging {name}…"), theme.ui(Ui::Text)),
        (None, None) => (
            format!(
                "{} challenges the bot chosen at its usual terms: 9×9, 10 minutes + 5 \
                 seconds a move, rated; it accepts within a second. {} changes the \
                 terms first.",
                key(Action::Submit),
                key(Action::NewGame)
            ),
            theme.ui(Ui::Dim),
        ),
    };
    draw_in(
        scene,
        Context::OnlineBots,
        "Play a bot",
        rows,
        (&note, style),
        area,
        buf,
    );
}
