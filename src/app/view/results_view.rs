//! The results screen: wins per player name, the recent games, and the
//! lines of the results file that could not be read.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::cells::{lines, popup};
use super::status::hint_spans;
use crate::app::keymap::Context;
use crate::app::pages::{RESULTS_WIDTH, page_boxes, results_lines, results_max_scroll};
use crate::app::state::App;
use crate::app::theme::Ui;

pub fn render(app: &App, scroll: u16, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    popup(
        area,
        buf,
        theme,
        "Results",
        RESULTS_WIDTH,
        area.height.saturating_sub(2),
    );
    let (body, keys) = page_boxes(area, RESULTS_WIDTH);
    if body.height == 0 || keys.bottom() > area.bottom() {
        return;
    }
    let all = results_lines(theme, app.results(), app.results_file(), body.width);
    let max = results_max_scroll(theme, app.results(), app.results_file(), area);
    let start = usize::from(scroll.min(max));
    lines(buf, body, &all[start.min(all.len())..]);
    let mut footer = hint_spans(theme, Context::Results, body.width);
    if start < usize::from(max) {
        footer.insert(
            0,
            Span::styled(theme.sym("▼ more  ", "v more  "), theme.ui(Ui::Accent)),
        );
    }
    lines(buf, keys, &[Line::from(footer)]);
}
