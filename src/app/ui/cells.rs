//! Writing into the buffer without ever indexing outside it, whatever the
//! terminal size.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols;
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Clear, Widget};

use super::layout::centred;
use super::theme::{Theme, Ui};
pub use super::wrap::wrap;
use crate::app::message::Tone;

/// Sets one cell; cells outside the buffer are skipped.
pub fn put(buf: &mut Buffer, x: u16, y: u16, ch: char, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(ch).set_style(style);
    }
}

/// Writes a string from (x, y), cut at the buffer's right edge. Nothing is
/// written on a row outside the buffer.
pub fn text(buf: &mut Buffer, x: u16, y: u16, s: &str, style: Style) {
    let area = buf.area;
    if y >= area.y && y < area.bottom() && x >= area.x && x < area.right() {
        buf.set_string(x, y, s, style);
    }
}

/// A bordered box with a title, in Unicode or ASCII lines.
pub fn block(theme: Theme, title: &str) -> Block<'static> {
    let block = Block::bordered()
        .border_style(theme.ui(Ui::Dim))
        .title(Line::styled(format!(" {title} "), theme.ui(Ui::Title)));
    if theme.ascii {
        block.border_set(symbols::border::Set {
            top_left: "+",
            top_right: "+",
            bottom_left: "+",
            bottom_right: "+",
            vertical_left: "|",
            vertical_right: "|",
            horizontal_top: "-",
            horizontal_bottom: "-",
        })
    } else {
        block.border_type(BorderType::Rounded)
    }
}

/// Clears a centred box of at most `width` × `height` and draws its border;
/// returns the inside.
pub fn popup(
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
    title: &str,
    width: u16,
    height: u16,
) -> Rect {
    let rect = centred(area, width, height);
    Clear.render(rect, buf);
    let block = block(theme, title);
    let inner = block.inner(rect);
    block.render(rect, buf);
    inner
}

/// A centred box titled `title`, of at most `width` columns, just high
/// enough for `body`, which it shows a column in from its border.
pub fn popup_lines(
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
    title: &str,
    width: u16,
    body: &[Line<'_>],
) {
    let inner = popup(
        area,
        buf,
        theme,
        title,
        width,
        height(body).saturating_add(2),
    );
    let inside = Rect::new(
        inner.x + 1,
        inner.y,
        inner.width.saturating_sub(2),
        inner.height,
    );
    lines(buf, inside, body);
}

/// How many rows some lines take.
pub fn height(lines: &[Line<'_>]) -> u16 {
    u16::try_from(lines.len()).unwrap_or(u16::MAX)
}

/// Draws lines from the top of `area`, one per row, cut to its width.
pub fn lines(buf: &mut Buffer, area: Rect, lines: &[Line<'_>]) {
    for (line, y) in lines.iter().zip(area.y..area.bottom()) {
        line.render(Rect::new(area.x, y, area.width, 1), buf);
    }
}

/// The style of a message in `tone`.
pub fn tone_style(theme: Theme, tone: Tone) -> Style {
    theme.ui(match tone {
        Tone::Info => Ui::Text,
        Tone::Success => Ui::Good,
        Tone::Warning => Ui::Warning,
        Tone::Error => Ui::Error,
    })
}
