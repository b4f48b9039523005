//! Where the caret of the text field with the keyboard stands on the
//! screen. The field marks its caret cell as it is drawn
//! (`status_line::text_field`), and the frame is asked for that cell once
//! it is drawn: every form, prompt and chat line gets the terminal's
//! cursor on its caret (which a braille display or a magnifier follows)
//! without any of them working out where its field landed.

use ratatui::buffer::Buffer;
use ratatui::layout::Position;
use ratatui::style::{Color, Style};

/// The mark: an underline colour on a cell that is not underlined, which
/// no view uses; taken off before the frame reaches a terminal.
const MARK: Color = Color::Rgb(0x0c, 0xa2, 0xe7);

/// `style` marking the caret's cell.
pub fn marked(style: Style) -> Style {
    style.underline_color(MARK)
}

/// The marked cell of `frame`, its mark taken off (from every marked cell,
/// should a view have drawn two focused fields).
pub fn take(frame: &mut Buffer) -> Option<Position> {
    let area = frame.area;
    let mut caret = None;
    for position in area.positions() {
        if let Some(cell) = frame.cell_mut(position)
            && cell.underline_color == MARK
        {
            cell.underline_color = Color::Reset;
            caret = caret.or(Some(position));
        }
    }
    caret
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::text::{Line, Span};
    use ratatui::widgets::Widget;

    #[test]
    fn the_marked_cell_is_found_and_left_unmarked() {
        let mut frame = Buffer::empty(Rect::new(0, 0, 20, 3));
        let line = Line::from(vec![
            Span::raw("Name: ab"),
            Span::styled(" ", marked(Style::new())),
        ]);
        line.render(Rect::new(2, 1, 18, 1), &mut frame);
        assert_eq!(take(&mut frame), Some(Position::new(10, 1)));
        assert_eq!(take(&mut frame), None, "the mark is gone");
        assert_eq!(frame, {
            let mut plain = Buffer::empty(Rect::new(0, 0, 20, 3));
            Line::from("Name: ab").render(Rect::new(2, 1, 18, 1), &mut plain);
            plain
        });
    }
}
