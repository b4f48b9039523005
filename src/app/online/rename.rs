//! The Online screen's rename form (`r`): the name to take on the server,
//! checked here as the server checks it (too long, blank), then asked for
//! (`rename`); the server's refusal (taken, looks like one taken, too
//! soon) is shown in the form.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::form::sentence;
use super::form_view::{draw, text_row};
use crate::app::action::Edit;
use crate::app::state::App;
use crate::app::ui::text_input::TextInput;
use crate::app::ui::theme::Ui;
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

    /// The server's refusal, shown.
    pub fn refused(&mut self, text: String) {
        self.error = Some(text);
    }
}

pub fn render(app: &App, form: &RenameForm, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let rows = vec![text_row(app, "Name", &form.name, true)];
    let (note, style) = match &form.error {
        Some(why) => (why.clone(), theme.ui(Ui::Error)),
        None => (
            format!(
                "Your name on this server: {NAME_MAX_CHARS} characters at most, once a \
                 month. Your games keep the name they were played under."
            ),
            theme.ui(Ui::Dim),
        ),
    };
    draw(app, "Rename", rows, (&note, style), area, buf);
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
