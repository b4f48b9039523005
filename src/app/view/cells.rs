//! Writing into the buffer without ever indexing outside it, whatever the
//! terminal size.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Widget};

use crate::app::layout::centred;
use crate::app::theme::{Theme, Ui};

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

/// Splits a text into lines of at most `width` columns at spaces (a word
/// longer than a line is cut), each line styled alike.
pub fn wrap(text: &str, width: u16, style: Style) -> Vec<Line<'static>> {
    let width = usize::from(width.max(1));
    let mut lines = Vec::new();
    let mut line = String::new();
    // Words on the current line: a space goes before every one but the first,
    // so runs of spaces (and leading ones) are kept.
    let mut words = 0;
    for word in text.split(' ') {
        let mut word = word.to_string();
        loop {
            let used = Span::raw(line.as_str()).width();
            let need = Span::raw(word.as_str()).width();
            let sep = usize::from(words > 0);
            if used + sep + need <= width {
                if sep == 1 {
                    line.push(' ');
                }
                line.push_str(&word);
                words += 1;
                break;
            }
            if words == 0 {
                // A word wider than the line: cut it.
                let cut: String = word.chars().take(width).collect();
                word = word.chars().skip(width).collect();
                lines.push(Line::styled(cut, style));
                if word.is_empty() {
                    break;
                }
            } else {
                lines.push(Line::styled(std::mem::take(&mut line), style));
                words = 0;
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(Line::styled(line, style));
    }
    lines
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

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn wraps_at_spaces_and_cuts_long_words() {
        let s = Style::new();
        assert_eq!(texts(&wrap("one two three", 7, s)), ["one two", "three"]);
        assert_eq!(texts(&wrap("abcdefghij", 4, s)), ["abcd", "efgh", "ij"]);
        assert_eq!(texts(&wrap("", 4, s)), [""]);
        assert_eq!(texts(&wrap("a b", 0, s)), ["a", "b"]);
        assert_eq!(texts(&wrap("  |   ^", 20, s)), ["  |   ^"]);
    }
}
