//! The results screen: wins per player name, the recent games, and the
//! lines of the results file that could not be read.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::cells::{lines, popup, wrap};
use super::records_view::short_date;
use super::status::hint_spans;
use crate::app::keymap::Context;
use crate::app::state::App;
use crate::app::theme::{Theme, Ui};
use crate::storage::{ResultRow, Summary};

const WIDTH: u16 = 80;
const NAME_WIDTH: usize = 24;

/// Every line of the screen at a given width.
fn results_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    let theme = app.theme();
    match &app.files.results {
        Some(Ok((summary, problems))) => {
            let file = app.files.paths.as_ref().map(|p| p.results());
            let mut out = summary_lines(theme, summary, width);
            if !problems.is_empty() {
                out.push(Line::default());
                let file = file.map(|f| f.display().to_string()).unwrap_or_default();
                out.extend(wrap(
                    &format!("Lines of {file} that could not be read (kept as they are):"),
                    width,
                    theme.ui(Ui::Warning),
                ));
                for problem in problems {
                    out.extend(wrap(problem, width, theme.ui(Ui::Warning)));
                }
            }
            out
        }
        Some(Err(e)) => wrap(
            &format!("The results cannot be read: {e}."),
            width,
            theme.ui(Ui::Error),
        ),
        None => Vec::new(),
    }
}

fn summary_lines(theme: Theme, summary: &Summary, width: u16) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    if summary.players.is_empty() {
        out.extend(wrap(
            "No finished games yet: every game won here is added.",
            width,
            theme.ui(Ui::Dim),
        ));
    } else {
        out.push(Line::styled(
            format!("{:<NAME_WIDTH$} {:>6} {:>6}", "Wins", "games", "wins"),
            theme.ui(Ui::Title),
        ));
        for tally in &summary.players {
            let name: String = tally.name.chars().take(NAME_WIDTH).collect();
            out.push(Line::styled(
                format!("{name:<NAME_WIDTH$} {:>6} {:>6}", tally.games, tally.wins),
                theme.ui(Ui::Text),
            ));
        }
        out.push(Line::default());
        out.push(Line::styled(
            "Recent games, newest first",
            theme.ui(Ui::Title),
        ));
        for row in &summary.recent {
            out.push(recent_line(theme, row));
            if let Some(file) = row.record.as_ref().and_then(|p| p.file_name()) {
                out.push(Line::styled(
                    format!("{:17}{}", "", file.to_string_lossy()),
                    theme.ui(Ui::Dim),
                ));
            }
        }
    }
    out
}

/// `2024-02-29 13:05  Ann (White) beat Bob · 23 moves`.
fn recent_line(theme: Theme, row: &ResultRow) -> Line<'static> {
    let winner = row.winner_player();
    let loser = &row.names[winner.other().index()];
    let mut text = format!(
        "{} ({}) beat {loser}{}{} moves",
        row.winner_name(),
        row.winner,
        theme.dot(),
        row.moves
    );
    if row.swapped {
        text.push_str(&format!("{}swapped", theme.dot()));
    }
    Line::from(vec![
        Span::styled(format!("{}  ", short_date(row.date)), theme.ui(Ui::Dim)),
        Span::styled(text, theme.ui(Ui::Text)),
    ])
}

/// The text area and the keys line of the screen's box.
fn boxes(area: Rect) -> (Rect, Rect) {
    let outer = crate::app::layout::centred(area, WIDTH, area.height.saturating_sub(2));
    let inner = Rect::new(
        outer.x + 2,
        outer.y + 1,
        outer.width.saturating_sub(4),
        outer.height.saturating_sub(3),
    );
    (inner, Rect::new(inner.x, inner.bottom(), inner.width, 1))
}

/// How far the screen can scroll on a terminal of this size.
pub fn max_scroll(app: &App, area: Rect) -> u16 {
    let (body, _) = boxes(area);
    let total = results_lines(app, body.width).len();
    u16::try_from(total.saturating_sub(usize::from(body.height))).unwrap_or(u16::MAX)
}

pub fn render(app: &App, scroll: u16, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    popup(
        area,
        buf,
        theme,
        "Results",
        WIDTH,
        area.height.saturating_sub(2),
    );
    let (body, keys) = boxes(area);
    if body.height == 0 || keys.bottom() > area.bottom() {
        return;
    }
    let all = results_lines(app, body.width);
    let start = usize::from(scroll.min(max_scroll(app, area)));
    lines(buf, body, &all[start.min(all.len())..]);
    let mut footer = hint_spans(theme, Context::Results, body.width);
    if start < usize::from(max_scroll(app, area)) {
        footer.insert(
            0,
            Span::styled(theme.sym("▼ more  ", "v more  "), theme.ui(Ui::Accent)),
        );
    }
    lines(buf, keys, &[Line::from(footer)]);
}
