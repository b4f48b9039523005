//! A one-line text field with a cursor, counted in characters, edited as
//! readline does (word motion, Ctrl-W/U/K and yanking back) by `tui-input`;
//! this adds the field's length limit.

use tui_input::{Input, InputRequest};

use crate::app::action::{Action, Edit};

/// What a key did to an overlay's text field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Still being typed (an edit, or a key the field does not take).
    Editing,
    /// Enter: the text as typed.
    Submitted(String),
    /// Esc.
    Cancelled,
}

#[derive(Clone, Debug, Default)]
pub struct TextInput {
    input: Input,
    max_chars: usize,
}

impl PartialEq for TextInput {
    fn eq(&self, other: &Self) -> bool {
        (self.text(), self.cursor(), self.max_chars)
            == (other.text(), other.cursor(), other.max_chars)
    }
}

impl Eq for TextInput {}

impl TextInput {
    /// A field holding `text`, the cursor at its end, taking at most `max_chars`.
    pub fn new(text: &str, max_chars: usize) -> TextInput {
        TextInput {
            input: Input::new(text.to_string()),
            max_chars,
        }
    }

    pub fn text(&self) -> &str {
        self.input.value()
    }

    pub fn cursor(&self) -> usize {
        self.input.cursor()
    }

    fn len(&self) -> usize {
        self.text().chars().count()
    }

    /// Types `text` at the cursor (a paste): control characters are left
    /// out; returns false, changing nothing, when it would not fit.
    pub fn insert(&mut self, text: &str) -> bool {
        let typed: Vec<char> = text.chars().filter(|c| !c.is_control()).collect();
        if typed.is_empty() || self.len() + typed.len() > self.max_chars {
            return false;
        }
        for c in typed {
            self.input.handle(InputRequest::InsertChar(c));
        }
        true
    }

    /// Applies an edit; returns false when it could not (e.g. the field is
    /// full, or nothing is before the cursor to delete).
    /// The one way an overlay's field takes a key: edits edit, Enter gives
    /// the text, Esc cancels; the overlay decides what the text is for.
    pub fn handle(&mut self, action: Action) -> Typed {
        match action {
            Action::Edit(edit) => {
                self.edit(edit);
                Typed::Editing
            }
            Action::Submit => Typed::Submitted(self.text().to_string()),
            Action::Close => Typed::Cancelled,
            _ => Typed::Editing,
        }
    }

    pub fn edit(&mut self, edit: Edit) -> bool {
        let request = match edit {
            Edit::Insert(c) => return self.insert(&c.to_string()),
            Edit::Backspace => InputRequest::DeletePrevChar,
            Edit::Delete => InputRequest::DeleteNextChar,
            Edit::Left => InputRequest::GoToPrevChar,
            Edit::Right => InputRequest::GoToNextChar,
            Edit::WordLeft => InputRequest::GoToPrevWord,
            Edit::WordRight => InputRequest::GoToNextWord,
            Edit::Home => InputRequest::GoToStart,
            Edit::End => InputRequest::GoToEnd,
            Edit::DeleteWordBefore => InputRequest::DeletePrevWord,
            Edit::DeleteToStart => InputRequest::DeleteFromStart,
            Edit::DeleteToEnd => InputRequest::DeleteTillEnd,
            Edit::Yank => InputRequest::Yank,
        };
        let before = self.input.clone();
        let changed = self.input.handle(request).is_some();
        // Yanking back may overfill the field: then it does nothing.
        if self.len() > self.max_chars {
            self.input = before;
            return false;
        }
        changed
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

    #[test]
    fn lines_and_words_go_at_once_as_in_readline() {
        let mut t = TextInput::new("2026-11-22 Ann vs Bob", 45);
        assert!(t.edit(Edit::DeleteWordBefore));
        assert_eq!(t.text(), "2026-11-22 Ann vs ");
        t.edit(Edit::WordLeft);
        t.edit(Edit::WordLeft);
        assert!(t.edit(Edit::DeleteToEnd));
        assert_eq!(t.text(), "2026-11-22 ");
        assert!(t.edit(Edit::DeleteToStart));
        assert_eq!((t.text(), t.cursor()), ("", 0));
        // Cuts in a row add up, as in readline.
        assert!(t.edit(Edit::Yank), "the cut text comes back");
        assert_eq!(t.text(), "2026-11-22 Ann vs ");
    }

    #[test]
    fn a_paste_goes_in_whole_or_not_at_all() {
        let mut t = TextInput::new("ab", 5);
        t.edit(Edit::Home);
        assert!(t.insert("x\ny"));
        assert_eq!((t.text(), t.cursor()), ("xyab", 2));
        assert!(!t.insert("123"), "would make 7 characters");
        assert_eq!(t.text(), "xyab");
        let mut short = TextInput::new("abc", 3);
        short.edit(Edit::DeleteToStart);
        short.edit(Edit::Insert('z'));
        assert!(!short.edit(Edit::Yank), "would overfill");
        assert_eq!(short.text(), "z");
    }
}
