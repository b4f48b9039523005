//! Hosting and joining from the screen: the settings' two rows and the
//! board's keys open a form, whose Enter starts the network game while the
//! screen is up; what goes wrong stays in the form, to be fixed there.

use super::form::NetForm;
use super::state::NetPlay;
use crate::app::action::Action;
use crate::app::flow::effect::Effect;
use crate::app::message::Tone;
use crate::app::screen::Screen;
use crate::app::settings::form::Field;
use crate::app::state::App;

impl App {
    /// Opens `form`, unless a network game is already on or this is a
    /// remote session (which reaches no address but its server's lobby).
    pub(in crate::app) fn open_net_form(&mut self, form: NetForm) {
        if let Some(why) = self
            .reach
            .refuses_direct_play(&self.key(Action::OpenOnline))
        {
            return self.say(Tone::Warning, why);
        }
        if self.network.is_some() {
            let text = "This is a network game already: start the program again to play another.";
            return self.say(Tone::Warning, text);
        }
        let relay = self.config.network.server.as_ref();
        self.screen = Screen::NetForm(form.with_relay(relay));
    }

    /// Enter on the settings' "Host a game" or "Join a game": the settings
    /// are kept first (the game hosted is played with them), then the form
    /// opens; nothing happens while a setting must be fixed.
    pub(in crate::app) fn net_form_from_settings(&mut self) -> Vec<Effect> {
        let Screen::Settings(settings) = &self.screen else {
            return Vec::new();
        };
        let focus = settings.focus;
        let form = match focus {
            Field::Join => NetForm::join(),
            _ => NetForm::host(),
        };
        let Some(mut effects) = self.leave_settings() else {
            return Vec::new();
        };
        if focus == Field::Online {
            effects.extend(self.open_online());
            return effects;
        }
        self.open_net_form(form);
        effects
    }

    pub(in crate::app) fn on_net_form(&mut self, action: Action) -> Vec<Effect> {
        let Screen::NetForm(form) = &mut self.screen else {
            return Vec::new();
        };
        match action {
            // Tab in a part of a code of words fills in the word.
            Action::NextField if form.complete() => {}
            Action::NextField => form.focus_step(true),
            Action::PrevField => form.focus_step(false),
            Action::Edit(edit) => form.edit(edit),
            Action::Close => self.screen = Screen::Board,
            Action::Submit => match form.play() {
                Ok(play) => return vec![Effect::StartNetwork(play)],
                Err(blame) => form.blame(blame),
            },
            _ => {}
        }
        Vec::new()
    }

    /// Enter on the form, carried out by `perform`: the network game starts
    /// (a socket, the link's thread), or the form says why not.
    pub(in crate::app) fn start_network_from_form(&mut self, play: NetPlay) {
        match self.start_network(play) {
            Ok(()) => self.screen = Screen::Board,
            Err(why) => {
                if let Screen::NetForm(form) = &mut self.screen {
                    form.blame((0, why.to_string()));
                }
            }
        }
    }
}
