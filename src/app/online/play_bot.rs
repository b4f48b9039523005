//! "Play a bot" joined to the connection: the picker opened over the page
//! with the ratings asked, its picks carried out (a challenge sent, or the
//! challenge form opened with the bot's usual terms), the server's answers
//! and the players list taken into it. `bot_picker.rs` holds its state and
//! keys, `bot_picker_view.rs` draws it.

use super::bot_picker::{BotPicker, Pick};
use super::form::SeekForm;
use super::page::{OnlinePage, PageForm};
use super::state::Online;
use crate::app::message::Tone;
use crate::app::remote_game::deed::Deeds;
use crate::core::BoardSize;
use crate::online::protocol::{Ask, RatedPlayer};

impl Online {
    /// The Online page's key: the picker open, or why not.
    pub(super) fn open_bot_picker(&mut self, page: &mut OnlinePage, deeds: &mut Deeds) {
        if !self.is_up() {
            return deeds.say(Tone::Warning, "Not connected: connect to play a bot.");
        }
        if self.me.is_none() {
            return deeds.say(Tone::Warning, "Connect with a name to play a bot.");
        }
        let (picker, asks) = BotPicker::open(&self.bots);
        for ask in asks {
            self.send(ask, deeds);
        }
        page.form = Some(PageForm::Bots(picker));
    }

    /// A key while the picker is open.
    pub(super) fn on_bot_picker(
        &mut self,
        page: &mut OnlinePage,
        action: crate::app::action::Action,
        deeds: &mut Deeds,
    ) {
        let Some(PageForm::Bots(picker)) = &mut page.form else {
            return;
        };
        match picker.update(action) {
            Pick::Stay => {}
            Pick::Close => page.form = None,
            Pick::Challenge { name, terms } => {
                self.send(Ask::Challenge { name, terms }, deeds);
            }
            Pick::ChangeTerms { name, terms } => {
                let size = BoardSize::new(terms.size).unwrap_or_default();
                let form = SeekForm {
                    pace: terms.pace,
                    rated: terms.rated,
                    ..SeekForm::new(&name, size, terms.variant, terms.pie)
                };
                page.form = Some(PageForm::Seek(form));
            }
        }
    }
}

/// The picker open on `page`, if it is.
fn picker(page: Option<&mut OnlinePage>) -> Option<&mut BotPicker> {
    match &mut page?.form {
        Some(PageForm::Bots(picker)) => Some(picker),
        _ => None,
    }
}

/// The server's answer to a bot's ratings, for the picker if it is open.
pub(super) fn take_ratings(page: Option<&mut OnlinePage>, name: &str, ratings: &[RatedPlayer]) {
    if let Some(picker) = picker(page) {
        picker.rated(name, ratings);
    }
}

/// A challenge refused, said in the picker if it is open (`false`: it is
/// not, say it elsewhere).
pub(super) fn take_refusal(page: Option<&mut OnlinePage>, text: &str) -> bool {
    picker(page).is_some_and(|picker| {
        picker.refused(text.to_string());
        true
    })
}

impl Online {
    /// The bots online changed: the picker's rows follow, the new bots'
    /// ratings asked.
    pub(super) fn bots_changed(&mut self, page: Option<&mut OnlinePage>, deeds: &mut Deeds) {
        let Some(picker) = picker(page) else {
            return;
        };
        for ask in picker.refresh(&self.bots) {
            self.send(ask, deeds);
        }
    }
}
