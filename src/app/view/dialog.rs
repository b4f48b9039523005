//! Small boxes over the board: yes/no questions and notices.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::cells::{height, lines, popup, wrap};
use super::status::hint_spans;
use crate::app::config_file::Notice;
use crate::app::keymap::Context;
use crate::app::state::Question;
use crate::app::theme::{Theme, Ui};

pub fn confirm(theme: Theme, question: Question, area: Rect, buf: &mut Buffer) {
    let (title, text) = match question {
        Question::NewGame => (
            "New game",
            "A game is in progress. Abandon it and start a new one?",
        ),
        Question::Quit => ("Quit", "A game is in progress. Quit anyway?"),
    };
    message_box(theme, title, text, Context::Confirm, 48, area, buf);
}

pub fn notice(theme: Theme, notice: &Notice, area: Rect, buf: &mut Buffer) {
    message_box(
        theme,
        &notice.title,
        &notice.body,
        Context::Notice,
        90,
        area,
        buf,
    );
}

/// A box sized to its text (at most `max_width` wide), with the context's
/// keys at the bottom.
fn message_box(
    theme: Theme,
    title: &str,
    text: &str,
    context: Context,
    max_width: u16,
    area: Rect,
    buf: &mut Buffer,
) {
    let width = max_width.min(area.width.saturating_sub(2));
    let inner_width = width.saturating_sub(4);
    let mut body: Vec<Line<'static>> = Vec::new();
    // Keep the text's own lines (a TOML error's caret must stay under its column).
    for line in text.lines() {
        body.extend(wrap(line, inner_width, theme.ui(Ui::Text)));
    }
    body.push(Line::default());
    body.push(Line::from(hint_spans(theme, context, inner_width)));
    let inner = popup(
        area,
        buf,
        theme,
        title,
        width,
        height(&body).saturating_add(3),
    );
    let inside = Rect::new(
        inner.x + 1,
        inner.y + 1,
        inner.width.saturating_sub(2),
        inner.height.saturating_sub(1),
    );
    lines(buf, inside, &body);
}
