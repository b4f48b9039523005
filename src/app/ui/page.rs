//! A long text in a box that scrolls (the help, the results), with the keys
//! of its screen under it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::cells::{lines, popup};
use super::pages::{max_scroll, page_boxes};
use super::status_line::hint_spans;
use super::theme::Ui;
use crate::app::keys::keymap::Context;
use crate::app::ui::scene::Scene;

/// How a scrolling page looks: its title, its widest, the keys under it.
pub struct Page {
    pub title: &'static str,
    pub width: u16,
    pub context: Context,
}

/// Draws `page` scrolled down `scroll` lines (at most to its end);
/// `lines_at` gives its text at a width.
pub fn render(
    scene: &Scene<'_>,
    page: &Page,
    scroll: u16,
    lines_at: impl Fn(u16) -> Vec<Line<'static>>,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = scene.theme();
    let height = area.height.saturating_sub(2);
    popup(area, buf, theme, page.title, page.width, height);
    let (body, keys) = page_boxes(area, page.width);
    if body.height == 0 || keys.bottom() > area.bottom() {
        return;
    }
    let all = lines_at(body.width);
    let max = max_scroll(all.len(), body.height);
    let start = scroll.min(max);
    lines(buf, body, &all[usize::from(start)..]);
    let mut footer = hint_spans(scene, page.context, body.width);
    if start < max {
        footer.insert(
            0,
            Span::styled(theme.sym("▼ more  ", "v more  "), theme.ui(Ui::Accent)),
        );
    }
    lines(buf, keys, &[Line::from(footer)]);
}
