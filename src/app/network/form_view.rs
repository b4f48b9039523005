//! The form that hosts or joins a network game: its fields, what is wrong
//! with one, what to type, the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::form::{NetForm, NetFormKind};
use crate::app::keys::keymap::Context;
use crate::app::ui::cells::{popup_lines, wrap};
use crate::app::ui::scene::Scene;
use crate::app::ui::status_line::{hint_spans, text_field};
use crate::app::ui::theme::Ui;

const WIDTH: u16 = 60;
const LABEL: usize = 9;

pub fn render(scene: &Scene<'_>, form: &NetForm, area: Rect, buf: &mut Buffer) {
    let theme = scene.theme();
    let width = WIDTH.min(area.width.saturating_sub(2));
    let text_width = width.saturating_sub(4);
    let mut body = vec![Line::default()];
    for (i, (input, label)) in form.inputs.iter().zip(form.labels()).enumerate() {
        let focused = i == form.focus;
        let style = theme.ui(if focused { Ui::Title } else { Ui::Text });
        let mut row = vec![Span::styled(format!("{label:<LABEL$}"), style)];
        row.extend(text_field(theme, input, focused));
        body.push(Line::from(row));
    }
    body.push(Line::default());
    let (note, style) = match &form.error {
        Some((field, why)) => {
            let label = form.labels().get(*field).copied().unwrap_or_default();
            (format!("{label}: {why}."), theme.ui(Ui::Error))
        }
        None => (explanation(form.kind).to_string(), theme.ui(Ui::Dim)),
    };
    body.extend(wrap(&note, text_width, style));
    body.push(Line::default());
    body.push(Line::from(hint_spans(scene, Context::NetForm, text_width)));
    popup_lines(area, buf, theme, form.title(), width, &body);
}

fn explanation(kind: NetFormKind) -> &'static str {
    match kind {
        NetFormKind::Host => {
            "The port to listen on (0: any free one), or a relay's HOST:PORT to host \
             through it (the port is then not used). The side panel then shows what \
             to give your friend: the addresses and a code, or a code of words."
        }
        NetFormKind::Join => {
            "The address (HOST:PORT) and the code your friend's screen shows, or a code \
             of words alone (7-guitarist-revenge, through the configured relay; Tab \
             fills in the words). Case, spaces and dashes in a code do not matter."
        }
    }
}
