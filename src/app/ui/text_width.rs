//! Text measured in terminal columns, not characters: a CJK character or an
//! emoji takes two, a combining accent none.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The columns a text takes.
pub fn width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// The text cut to at most `max` columns, ending with `…` where it was cut.
pub fn cut(text: &str, max: usize) -> String {
    if width(text) <= max {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > max {
            break;
        }
        out.push(c);
        used += w;
    }
    if max > 0 {
        out.push('…');
    }
    out
}

/// The text cut to `columns` and padded with spaces to fill them.
pub fn pad(text: &str, columns: usize) -> String {
    let mut out = cut(text, columns);
    let fill = columns.saturating_sub(width(&out));
    out.extend(std::iter::repeat_n(' ', fill));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_characters_count_twice() {
        assert_eq!(width("張三🎲Zoë"), 9);
        assert_eq!(pad("張三🎲Zoë", 12), "張三🎲Zoë   ");
        assert_eq!(cut("張三🎲Zoë", 6), "張三…");
        assert_eq!(width(&cut("張三🎲Zoë", 6)), 5);
        assert_eq!(cut("Ann", 3), "Ann");
        assert_eq!(cut("Anne", 3), "An…");
        assert_eq!(cut("Anne", 0), "");
    }
}
