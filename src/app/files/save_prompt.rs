//! The save prompt: a file name, and where it will go.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::app::action::Edit;
use crate::app::keys::keymap::Context;
use crate::app::ui::cells::{popup_lines, wrap};
use crate::app::ui::scene::Scene;
use crate::app::ui::status_line::{hint_spans, text_field};
use crate::app::ui::text_input::TextInput;
use crate::app::ui::theme::Ui;

const WIDTH: u16 = 72;
const LABEL: &str = "File: ";

pub fn render(scene: &Scene<'_>, input: &TextInput, area: Rect, buf: &mut Buffer) {
    let theme = scene.theme();
    let width = WIDTH.min(area.width.saturating_sub(2));
    let text_width = width.saturating_sub(4);
    let naming = scene.naming;
    let mut body = vec![Line::default()];
    let field_width = usize::from(text_width).saturating_sub(LABEL.len() + 1);
    let mut field = vec![Span::styled(LABEL, theme.ui(Ui::Title))];
    field.extend(text_field(theme, &visible_part(input, field_width), true));
    body.push(Line::from(field));
    body.push(Line::default());
    // Over SSH a path is refused: the prompt asks for a name alone.
    let help = if naming.names_only() {
        "Type a name; it goes in your records. .brique is added to a name without an extension."
            .to_string()
    } else {
        let dir = scene.files.records_dir_text();
        format!(
            "A name goes in {dir}; a path with a / is used as typed. .brique is added to a name without an extension."
        )
    };
    body.extend(wrap(&help, text_width, theme.ui(Ui::Dim)));
    body.push(Line::default());
    body.push(Line::from(hint_spans(scene, Context::SaveAs, text_width)));
    popup_lines(area, buf, theme, "Save the game", width, &body);
}

/// The part of a long text around its cursor that fits in `width` cells,
/// as a field of its own.
fn visible_part(input: &TextInput, width: usize) -> TextInput {
    let chars: Vec<char> = input.text().chars().collect();
    let width = width.max(2);
    if chars.len() < width {
        return input.clone();
    }
    let start = input.cursor().saturating_sub(width - 1);
    let end = (start + width - 1).min(chars.len());
    let part: String = chars[start..end].iter().collect();
    let mut field = TextInput::new(&part, width);
    field.edit(Edit::Home);
    for _ in start..input.cursor() {
        field.edit(Edit::Right);
    }
    field
}
