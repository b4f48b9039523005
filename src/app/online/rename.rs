//! The Online screen's rename form (`r`): the name to take on the server,
//! checked here as the server checks it (too long, blank), then asked for
//! (`rename`); the server's refusal (taken, looks like one taken, too
//! soon) is shown in the form.

use super::form::sentence;
use crate::app::action::Edit;
use crate::app::ui::text_input::TextInput;
use crate::online::NAME_MAX_CHARS;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenameForm {
    name: TextInput,
    error: Option<String>,
}

impl RenameForm {
    /// The form, holding the name the server knows now.
    pub fn new(current: &str) -> RenameForm {
        RenameForm {
            name: TextInput::new(current, 3 * NAME_MAX_CHARS),
            error: None,
        }
    }

    pub fn edit(&mut self, edit: Edit) {
        if self.name.edit(edit) {
            self.error = None;
        }
    }

    /// The name to ask for, or `None` with why not shown in the form.
    pub fn submitted(&mut self) -> Option<String> {
        let name = self.name.text().trim().to_string();
        match crate::online::check_name(&name) {
            Ok(_) => Some(name),
            Err(why) => {
                self.error = Some(sentence(&why.to_string()));
                None
            }
        }
    }

    /// The name typed so far.
    pub fn name(&self) -> &TextInput {
        &self.name
    }

    /// Why the name was refused, when it was.
    pub fn error(&self) -> Option<&String> {
        self.error.as_ref()
    }

    /// The server's refusal, shown.
    pub fn refused(&mut self, text: String) {
        self.error = Some(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_too_long_or_blank_is_said_before_sending() {
        let mut form = RenameForm::new("ann");
        for c in "abcdefghijklmnopqrstu".chars() {
            form.edit(Edit::Insert(c));
        }
        assert_eq!(form.submitted(), None);
        let said = form.error.clone().unwrap();
        assert_eq!(said, "A name has at most 20 characters (this one has 24).");
        form.edit(Edit::Backspace);
        assert_eq!(form.error, None, "typing clears it");
        let mut blank = RenameForm::new("\u{3164}");
        assert_eq!(blank.submitted(), None);
        assert!(blank.error.unwrap().contains("letter or a digit"));
        assert_eq!(
            RenameForm::new(" anna ").submitted().as_deref(),
            Some("anna")
        );
    }
}
