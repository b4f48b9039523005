//! A one-line text field with a cursor, counted in characters.

use super::action::Edit;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextInput {
    text: String,
    /// Cursor position in characters, 0..=len.
    cursor: usize,
    max_chars: usize,
}

impl TextInput {
    /// A field holding `text`, the cursor at its end, taking at most `max_chars`.
    pub fn new(text: &str, max_chars: usize) -> TextInput {
        TextInput {
            text: text.to_string(),
            cursor: text.chars().count(),
            max_chars,
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    fn len(&self) -> usize {
        self.text.chars().count()
    }

    fn byte_at(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(i, _)| i)
    }

    /// Applies an edit; returns false when it could not (e.g. the field is full).
    pub fn edit(&mut self, edit: Edit) -> bool {
        match edit {
            Edit::Insert(c) => {
                if c.is_control() || self.len() >= self.max_chars {
                    return false;
                }
                let at = self.byte_at(self.cursor);
                self.text.insert(at, c);
                self.cursor += 1;
            }
            Edit::Backspace => {
                if self.cursor == 0 {
                    return false;
                }
                self.cursor -= 1;
                let at = self.byte_at(self.cursor);
                self.text.remove(at);
            }
            Edit::Delete => {
                if self.cursor >= self.len() {
                    return false;
                }
                let at = self.byte_at(self.cursor);
                self.text.remove(at);
            }
            Edit::Left => self.cursor = self.cursor.saturating_sub(1),
            Edit::Right => self.cursor = (self.cursor + 1).min(self.len()),
            Edit::Home => self.cursor = 0,
            Edit::End => self.cursor = self.len(),
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_count_characters_not_bytes() {
        let mut t = TextInput::new("Zoë", 5);
        assert!(t.edit(Edit::Left));
        assert!(t.edit(Edit::Backspace));
        assert_eq!((t.text(), t.cursor()), ("Zë", 1));
        assert!(t.edit(Edit::Insert('é')));
        assert!(t.edit(Edit::Insert('x')));
        assert!(t.edit(Edit::Insert('y')));
        assert!(!t.edit(Edit::Insert('z')), "full at 5 characters");
        assert_eq!(t.text(), "Zéxyë");
        t.edit(Edit::Home);
        assert!(!t.edit(Edit::Backspace));
        assert!(t.edit(Edit::Delete));
        t.edit(Edit::End);
        assert!(!t.edit(Edit::Delete));
        assert_eq!((t.text(), t.cursor()), ("éxyë", 4));
    }
}
