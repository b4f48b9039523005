//! The form that makes a tournament, drawn as the seek form is: a row a
//! field, the value chosen between ‹ › on the focused one, the rule's
//! refusal or a note under them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::form_view::{draw, text_row};
use super::tournament_form::{TournamentField, TournamentForm};
use crate::app::ui::scene::Scene;
use crate::app::ui::theme::Ui;

/// The labels' width, as the other forms'.
const LABEL: usize = 10;

pub fn render(scene: &Scene<'_>, form: &TournamentForm, area: Rect, buf: &mut Buffer) {
    let theme = scene.theme();
    let mut rows = Vec::new();
    for field in form.fields() {
        let focused = field == form.focus;
        if field == TournamentField::Name {
            rows.push(text_row(scene, form.label(field), &form.name, focused));
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
            Span::styled(format!("{:<LABEL$}", form.label(field)), label),
            Span::styled(value, style),
        ]));
    }
    let (note, style) = match &form.error {
        Some(why) => (why.clone(), theme.ui(Ui::Error)),
        None => (
            "A swiss pairs equal scores each round; an arena pairs again at once, \
             on a clock; a league plays everyone in days a move. Left and Right \
             change a value."
                .to_string(),
            theme.ui(Ui::Dim),
        ),
    };
    draw(scene, "Make a tournament", rows, (&note, style), area, buf);
}
