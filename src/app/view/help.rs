//! The help overlay: the rules in short, then every key, generated from the
//! keymap table that input handling uses.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::cells::{lines, popup};
use super::status::hint_spans;
use crate::app::keymap::Context;
use crate::app::pages::{HELP_WIDTH, help_lines, help_max_scroll, page_boxes};
use crate::app::theme::{Theme, Ui};

pub fn render(theme: Theme, scroll: u16, area: Rect, buf: &mut Buffer) {
    popup(
        area,
        buf,
        theme,
        "Help",
        HELP_WIDTH,
        area.height.saturating_sub(2),
    );
    let (body, footer_area) = page_boxes(area, HELP_WIDTH);
    if body.height == 0 || footer_area.bottom() > area.bottom() {
        return;
    }
    let all = help_lines(theme, body.width);
    let max = help_max_scroll(theme, area);
    let start = scroll.min(max);
    lines(buf, body, &all[usize::from(start)..]);
    let mut footer = hint_spans(theme, Context::Help, body.width);
    if start < max {
        footer.insert(
            0,
            Span::styled(theme.sym("▼ more  ", "v more  "), theme.ui(Ui::Accent)),
        );
    }
    lines(buf, footer_area, &[Line::from(footer)]);
}
