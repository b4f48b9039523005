//! Word wrap: a text in lines of at most a given width, for the view and
//! for the long texts whose length bounds their scroll.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthChar;

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
                // A word wider than the line (a path, say): cut it after
                // its last separator that fits, else where the line ends.
                let at = cut_point(&word, width);
                let rest = word.split_off(at);
                lines.push(Line::styled(word, style));
                word = rest;
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

/// `text` with every word wider than `width` columns (a file name, in the
/// narrow side panel) cut to fit with an ellipsis, so that [`wrap`] need not
/// break it over lines where it would read as two words.
pub fn cut_long_words(text: &str, width: u16) -> String {
    let width = usize::from(width.max(1));
    let words: Vec<String> = text
        .split(' ')
        .map(|word| super::text_width::cut(word, width))
        .collect();
    words.join(" ")
}

/// Where to cut a word to fit `width` columns: after the last `/` or `\`
/// that fits, else after the last character that fits (at least one).
fn cut_point(word: &str, width: usize) -> usize {
    let mut used = 0;
    let mut fits = 0;
    let mut separator = None;
    for (i, c) in word.char_indices() {
        used += c.width().unwrap_or(0);
        if used > width && fits > 0 {
            break;
        }
        fits = i + c.len_utf8();
        if matches!(c, '/' | '\\') {
            separator = Some(fits);
        }
    }
    separator.filter(|&s| s < word.len()).unwrap_or(fits)
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
        assert_eq!(texts(&wrap("張三🎲", 4, s)), ["張三", "🎲"]);
    }

    #[test]
    fn long_words_can_be_cut_rather_than_broken() {
        let text = cut_long_words("Opened a-very-long-game-name.brique: Ann won.", 12);
        assert_eq!(text, "Opened a-very-long… Ann won.");
        assert_eq!(
            texts(&wrap(&text, 12, Style::new())),
            ["Opened", "a-very-long…", "Ann won."]
        );
    }

    #[test]
    fn paths_wrap_at_separators() {
        let s = Style::new();
        assert_eq!(
            texts(&wrap("/home/zoë/.local/share/brique/games", 16, s)),
            ["/home/zoë/", ".local/share/", "brique/games"]
        );
    }
}
