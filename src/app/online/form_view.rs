//! The Online screen's forms drawn: connecting, and a seek or challenge.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::form::{ConnectForm, SeekField, SeekForm};
use crate::app::keys::keymap::Context;
use crate::app::ui::cells::popup_lines;
use crate::app::ui::scene::Scene;
use crate::app::ui::status_line::{hint_spans, text_field};
use crate::app::ui::text_input::TextInput;
use crate::app::ui::theme::Ui;
use crate::app::ui::wrap::wrap;

const WIDTH: u16 = 64;
const LABEL: usize = 10;

pub fn connect(scene: &Scene<'_>, form: &ConnectForm, area: Rect, buf: &mut Buffer) {
    let theme = scene.theme();
    let fields = [("Server", &form.server), ("Name", &form.name)];
    let rows = fields
        .into_iter()
        .enumerate()
        .map(|(i, (label, input))| match i == 0 && form.server_fixed {
            // Shown, not a field: a remote session's own lobby.
            true => Line::from(vec![
                Span::styled(format!("{label:<LABEL$}"), theme.ui(Ui::Text)),
                Span::styled(input.text().to_string(), theme.ui(Ui::Text)),
                Span::styled("  this server's lobby", theme.ui(Ui::Dim)),
            ]),
            false => text_row(scene, label, input, i == form.focus),
        })
        .collect();
    let (note, style) = match (&form.error, form.busy) {
        (Some((_, why)), _) => (why.clone(), theme.ui(Ui::Error)),
        (None, true) => ("Connecting…".to_string(), theme.ui(Ui::Text)),
        (None, false) if form.server_fixed => (
            "The name to play under in this server's lobby, unique there: taken at \
             the first connection and kept with your SSH key: connect with the same \
             key to be the same player."
                .to_string(),
            theme.ui(Ui::Dim),
        ),
        (None, false) => (
            "The lobby server's HOST:PORT (brique server --lobby), or a lobby's \
             servers separated by commas, tried in order; and the name to play under \
             there, unique in that lobby: taken at the first connection, kept with \
             your key (online.key in the data folder)."
                .to_string(),
            theme.ui(Ui::Dim),
        ),
    };
    draw(scene, "Play online", rows, (&note, style), area, buf);
}

pub fn seek(scene: &Scene<'_>, form: &SeekForm, area: Rect, buf: &mut Buffer) {
    let theme = scene.theme();
    let mut rows = Vec::new();
    for field in SeekField::ALL {
        let focused = field == form.focus;
        if field == SeekField::Opponent {
            let mut row = text_row(scene, field.label(), &form.opponent, focused);
            if form.opponent.text().is_empty() && !focused {
                row.push_span(Span::styled("anyone", theme.ui(Ui::Dim)));
            }
            rows.push(row);
            continue;
        }
        let label = theme.ui(if focused { Ui::Title } else { Ui::Text });
        let value = form.value(field);
        let (value, style) = if focused {
            (format!("‹ {value} ›"), theme.ui(Ui::Selected))
        } else {
            (value, theme.ui(Ui::Text))
        };
        rows.push(Line::from(vec![
            Span::styled(format!("{:<LABEL$}", field.label()), label),
            Span::styled(value, style),
        ]));
    }
    let (note, style) = match &form.error {
        Some(why) => (why.clone(), theme.ui(Ui::Error)),
        None => (
            "A seek anyone may accept, or a challenge to the player named. \
             Left and Right change a value."
                .to_string(),
            theme.ui(Ui::Dim),
        ),
    };
    let title = if form.opponent.text().trim().is_empty() {
        "Seek a game"
    } else {
        "Challenge"
    };
    draw(scene, title, rows, (&note, style), area, buf);
}

/// A labelled text field.
pub(super) fn text_row(
    scene: &Scene<'_>,
    label: &str,
    input: &TextInput,
    focused: bool,
) -> Line<'static> {
    let theme = scene.theme();
    let style = theme.ui(if focused { Ui::Title } else { Ui::Text });
    let mut row = vec![Span::styled(format!("{label:<LABEL$}"), style)];
    row.extend(text_field(theme, input, focused));
    Line::from(row)
}

/// A form's box: its rows, a note under them, the keys.
pub(super) fn draw(
    scene: &Scene<'_>,
    title: &str,
    rows: Vec<Line<'static>>,
    note: (&str, Style),
    area: Rect,
    buf: &mut Buffer,
) {
    draw_in(scene, Context::OnlineForm, title, rows, note, area, buf);
}

/// A box over the Online screen with the keys of `context`.
pub(super) fn draw_in(
    scene: &Scene<'_>,
    context: Context,
    title: &str,
    rows: Vec<Line<'static>>,
    (note, style): (&str, Style),
    area: Rect,
    buf: &mut Buffer,
) {
    let width = WIDTH.min(area.width.saturating_sub(2));
    let inside = width.saturating_sub(4);
    let mut body = vec![Line::default()];
    body.extend(rows);
    body.push(Line::default());
    body.extend(wrap(note, inside, style));
    body.push(Line::default());
    body.push(Line::from(hint_spans(scene, context, inside)));
    popup_lines(area, buf, scene.theme(), title, width, &body);
}
