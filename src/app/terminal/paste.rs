//! A paste (bracketed by the terminal, so it arrives whole, not as keys)
//! goes into the text field open as typed text, its line breaks dropped:
//! a pasted line break must never act as Enter. Anywhere else it is
//! ignored.

use crate::app::action::{Action, Edit};
use crate::app::flow::effect::Effect;
use crate::app::state::App;

/// More than any text field holds: the rest of a huge paste is not looked at.
const PASTE_MAX_CHARS: usize = 256;

impl App {
    /// Types `text` into the text field open, if one is.
    pub(in crate::app) fn paste(&mut self, text: &str) {
        if !self.context().takes_text() {
            return;
        }
        let typed = text
            .chars()
            .filter(|c| !c.is_control())
            .take(PASTE_MAX_CHARS);
        let mut effects = Vec::new();
        for c in typed {
            effects.extend(self.route(Action::Edit(Edit::Insert(c))));
        }
        effects.push(Effect::FollowTheGame);
        self.perform(effects);
    }
}
