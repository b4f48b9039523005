//! The records screen: the saved games, newest first, two lines each; a
//! file that cannot be opened is listed with why.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::record_filter::result;
use super::state::problem_text;
use crate::app::message::count;
use crate::app::screen::Screen;
use crate::app::ui::cells::{lines, popup, wrap};
use crate::app::ui::pages::short_date;
use crate::app::ui::scene::Scene;
use crate::app::ui::status_line::{hint_spans, text_field};
use crate::app::ui::theme::{Theme, Ui};
use crate::storage::{RecordInfo, RecordSummary, Timestamp};

const WIDTH: u16 = 80;

pub fn render(scene: &Scene<'_>, selected: usize, area: Rect, buf: &mut Buffer) {
    let theme = scene.theme();
    let inner = popup(
        area,
        buf,
        theme,
        "Saved games",
        WIDTH,
        area.height.saturating_sub(2),
    );
    let body = Rect::new(
        inner.x + 1,
        inner.y + 1,
        inner.width.saturating_sub(2),
        inner.height.saturating_sub(2),
    );
    if body.height < 2 {
        return;
    }
    let keys_row = Rect::new(body.x, body.bottom() - 1, body.width, 1);
    lines(
        buf,
        keys_row,
        &[Line::from(hint_spans(scene, scene.context(), body.width))],
    );
    let mut list_area = Rect::new(body.x, body.y, body.width, body.height - 2);
    // The field being typed, else the filter in force.
    let editing = match scene.screen() {
        Screen::FilterRecords(input) => Some(("Filter: ", input)),
        Screen::RenameRecord { input, .. } => Some(("New name: ", input)),
        _ => None,
    };
    let filter = scene.files.shown_filter(scene.screen());
    if (editing.is_some() || !filter.is_empty()) && list_area.height > 2 {
        let spans = match editing {
            Some((label, input)) => {
                let mut spans = vec![Span::styled(label, theme.ui(Ui::Title))];
                spans.extend(text_field(theme, input, true));
                spans
            }
            None => vec![
                Span::styled("Filter: ", theme.ui(Ui::Title)),
                Span::styled(filter.to_string(), theme.ui(Ui::Text)),
            ],
        };
        lines(buf, list_area, &[Line::from(spans)]);
        list_area.y += 2;
        list_area.height -= 2;
    }
    let listed = scene.files.listed_records(scene.screen());
    let dir = scene.files.records_dir_text();
    let out = match scene.files.records() {
        Some(Ok(_)) if listed.is_empty() && !filter.is_empty() => wrap(
            "No saved game holds those words.",
            body.width,
            theme.ui(Ui::Dim),
        ),
        Some(Ok(list)) if list.is_empty() => wrap(
            &format!("No saved games yet in {dir}. Press w on the board to save one."),
            body.width,
            theme.ui(Ui::Dim),
        ),
        Some(Ok(_)) => entries(theme, &listed, selected, list_area),
        Some(Err(e)) => wrap(
            &format!("The saved games cannot be listed: {e}."),
            body.width,
            theme.ui(Ui::Error),
        ),
        None => Vec::new(),
    };
    lines(buf, list_area, &out);
}

/// The entries that fit, scrolled so that the selected one shows.
fn entries(
    theme: Theme,
    list: &[&RecordSummary],
    selected: usize,
    area: Rect,
) -> Vec<Line<'static>> {
    let fits = usize::from(area.height / 2).max(1);
    let first = (selected + 1).saturating_sub(fits);
    let width = usize::from(area.width);
    let mut out = Vec::new();
    for (i, entry) in list.iter().enumerate().skip(first).take(fits) {
        let date = entry
            .modified
            .map(|time| short_date(Timestamp::from_system_time(time)))
            .unwrap_or_default();
        let mark = if i == selected {
            theme.sym("▸ ", "> ")
        } else {
            "  "
        };
        let name_width = width.saturating_sub(date.chars().count() + 3);
        let name: String = entry.file_name.chars().take(name_width).collect();
        let style = if i == selected {
            theme.ui(Ui::Selected)
        } else {
            theme.ui(Ui::Title)
        };
        out.push(Line::from(vec![
            Span::styled(mark, theme.ui(Ui::Accent)),
            Span::styled(format!("{name:<name_width$}"), style),
            Span::styled(format!(" {date}"), theme.ui(Ui::Dim)),
        ]));
        let detail = match &entry.content {
            Ok(info) => Span::styled(describe(theme, info), theme.ui(Ui::Dim)),
            Err(e) => Span::styled(problem_text(e), theme.ui(Ui::Error)),
        };
        out.push(Line::from(vec![Span::raw("    "), detail]));
    }
    out
}

/// `Ann vs Bob · 15×15 · 23 moves · Bob won`.
fn describe(theme: Theme, info: &RecordInfo) -> String {
    let n = info.size;
    let state = result(info);
    let dot = theme.dot();
    format!(
        "{} vs {}{dot}{n}{x}{n}{dot}{}{dot}{state}",
        info.names[0],
        info.names[1],
        count(info.moves, "move"),
        x = theme.sym("×", "x"),
    )
}
