//! The Online screen's forms drawn: connecting, and a seek or challenge.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::form::{ConnectForm, SeekField, SeekForm};
use crate::app::keys::keymap::Context;
use crate::app::state::App;
use crate::app::ui::cells::popup_lines;
use crate::app::ui::status_line::{hint_spans, text_field};
use crate::app::ui::theme::Ui;
use crate::app::ui::wrap::wrap;

const WIDTH: u16 = 64;
const LABEL: usize = 10;

pub fn connect(app: &App, form: &ConnectForm, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let width = WIDTH.min(area.width.saturating_sub(2));
    let text_width = width.saturating_sub(4);
    let mut body = vec![Line::default()];
    for (i, (label, input)) in [("Server", &form.server), ("Name", &form.name)]
        .into_iter()
        .enumerate()
    {
        let focused = i == form.focus;
        let style = theme.ui(if focused { Ui::Title } else { Ui::Text });
        let mut row = vec![Span::styled(format!("{label:<LABEL$}"), style)];
        row.extend(text_field(theme, input, focused));
        body.push(Line::from(row));
    }
    body.push(Line::default());
    let (note, style) = match (&form.error, form.busy) {
        (Some((_, why)), _) => (why.clone(), theme.ui(Ui::Error)),
        (None, true) => ("Connecting…".to_string(), theme.ui(Ui::Text)),
        (None, false) => (
            "The lobby server's HOST:PORT (brique server --lobby), and the name to \
             play under there, unique on that server: taken at the first connection, \
             kept with your key (online.key in the data folder)."
                .to_string(),
            theme.ui(Ui::Dim),
        ),
    };
    body.extend(wrap(&note, text_width, style));
    body.push(Line::default());
    body.push(Line::from(hint_spans(app, Context::OnlineForm, text_width)));
    popup_lines(area, buf, theme, "Play online", width, &body);
}

pub fn seek(app: &App, form: &SeekForm, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let width = WIDTH.min(area.width.saturating_sub(2));
    let text_width = width.saturating_sub(4);
    let mut body = vec![Line::default()];
    for field in SeekField::ALL {
        let focused = field == form.focus;
        let style = theme.ui(if focused { Ui::Title } else { Ui::Text });
        let mut row = vec![Span::styled(format!("{:<LABEL$}", field.label()), style)];
        if field == SeekField::Opponent {
            row.extend(text_field(theme, &form.opponent, focused));
            if form.opponent.text().is_empty() && !focused {
                row.push(Span::styled("anyone", theme.ui(Ui::Dim)));
            }
        } else {
            let value = form.value(field);
            let value = if focused {
                format!("‹ {value} ›")
            } else {
                value
            };
            row.push(Span::styled(
                value,
                theme.ui(if focused { Ui::Selected } else { Ui::Text }),
            ));
        }
        body.push(Line::from(row));
    }
    body.push(Line::default());
    let (note, style) = match &form.error {
        Some(why) => (why.clone(), theme.ui(Ui::Error)),
        None => (
            "A seek anyone may accept, or a challenge to the player named. \
             Left and Right change a value."
                .to_string(),
            theme.ui(Ui::Dim),
        ),
    };
    body.extend(wrap(&note, text_width, style));
    body.push(Line::default());
    body.push(Line::from(hint_spans(app, Context::OnlineForm, text_width)));
    let title = if form.opponent.text().trim().is_empty() {
        "Seek a game"
    } else {
        "Challenge"
    };
    popup_lines(area, buf, theme, title, width, &body);
}
