//! Leaving the settings screen: apply what can apply now, keep the rest for
//! the next game and say so, and write the file.

use crate::app::action::Action;
use crate::app::computer::engine::names;
use crate::app::config::Config;
use crate::app::config::file::ConfigFile;
use crate::app::files::naming::Naming;
use crate::app::flow::effect::Effect;
use crate::app::flow::outcome::Outcome;
use crate::app::keys::keymap::{Context, key_for};
use crate::app::message::Tone;
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::app::terminal::capabilities::TermCaps;
use crate::app::ui::theme::Theme;

impl App {
    /// Closes the settings screen, applying its changes; what it returns
    /// saves them. `None`: the screen stays open, a field must be fixed first.
    pub(in crate::app) fn leave_settings(&mut self) -> Option<Vec<Effect>> {
        let Screen::Settings(form) = &mut self.screen else {
            return Some(Vec::new());
        };
        match form.result() {
            Err((field, why)) => {
                form.focus = field;
                form.error = Some((field, why.clone()));
                let revert = key_for(
                    self.keys(),
                    Context::SettingsText,
                    Action::Revert,
                    self.theme,
                );
                self.say(
                    Tone::Error,
                    format!("{}: {why}. ({revert} undoes the changes.)", field.label()),
                );
                None
            }
            Ok(new) => {
                self.screen = Screen::Board;
                if new == self.config {
                    return Some(Vec::new());
                }
                let old = std::mem::replace(&mut self.config, new);
                let said = self.apply_settings(&old);
                Some(vec![Effect::SaveConfig {
                    old: Box::new(old),
                    said,
                }])
            }
        }
    }

    /// Applies the new settings to the screen; returns what to say of it.
    fn apply_settings(&mut self, old: &Config) -> String {
        self.theme = Theme::on(&self.config.display, self.theme.terminal);
        if self.config.players.names != old.players.names {
            // Renaming applies to the game on screen too.
            self.session.rename(self.config.players.names.clone());
        }
        let waiting = self.settings_waiting();
        if waiting.is_empty() {
            return String::new();
        }
        if !self.game().can_undo() {
            // Nothing played yet: the game can simply start again.
            self.start_new_game();
            return String::new();
        }
        let when = if self.game_in_progress() {
            "From the next game"
        } else {
            "From the new game"
        };
        format!(
            "{when} ({}): {}. ",
            self.key(Action::NewGame),
            join(&waiting)
        )
    }

    /// Writes the settings changed from `old`, and says so after `said`.
    /// Draws for this terminal from now on (read at start-up).
    pub fn use_terminal(&mut self, terminal: TermCaps) {
        self.theme = Theme::on(&self.config.display, terminal);
    }

    /// The settings that differ from the game on the board and so wait for the
    /// next game, e.g. `["board size 9", "revised rules"]`.
    pub fn settings_waiting(&self) -> Vec<String> {
        // A guest's games, rematches too, are played on the host's settings;
        // online games, on the seek's.
        if self.network.as_ref().is_some_and(|n| !n.is_host()) || self.online.on_board() {
            return Vec::new();
        }
        let want = &self.config;
        let game = self.game();
        let mut out = Vec::new();
        if want.game.size != game.size() {
            let n = want.game.size;
            out.push(format!("board size {n}{}{n}", self.theme.sym("×", "x")));
        }
        if want.game.variant != game.rules().variant {
            out.push(format!("the {} rules", want.game.variant));
        }
        if want.game.pie != game.rules().pie {
            out.push(format!(
                "pie rule {}",
                if want.game.pie { "on" } else { "off" }
            ));
        }
        if want.game.clock != self.clock_control() {
            out.push(match want.game.clock {
                Some(control) => format!("clock {control}"),
                None => "no clock".to_string(),
            });
        }
        if want.players.black != game.first_black() {
            // The name of the settings chosen (a computer at its new level).
            let black = want.players.black;
            let name = names(want.engine.mode, want.engine.level)[black.index()]
                .clone()
                .unwrap_or_else(|| want.players.names[black.index()].clone());
            out.push(format!("{name} with Black"));
        }
        if want.engine.mode != self.computer.mode() {
            out.push(want.engine.mode.label().to_string());
        }
        out
    }
}

/// "a", "a and b", "a, b and c".
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `v` on the board: the escort marks on or off, saved at once.
pub(in crate::app) fn toggle_escorts(config: &mut Config) -> Vec<Effect> {
    let old = config.clone();
    config.display.escorts = !old.display.escorts;
    let said = if config.display.escorts {
        "Escorts and stones in danger are marked. "
    } else {
        "Escort marks off. "
    };
    vec![Effect::SaveConfig {
        old: Box::new(old),
        said: said.to_string(),
    }]
}

/// Writes `config` (changed from `old`) to `file`, and says so after `said`.
pub(in crate::app) fn save_config(
    file: &mut ConfigFile,
    config: &Config,
    old: &Config,
    said: String,
    naming: Naming,
) -> Outcome {
    let mut out = Outcome::none();
    let mut text = said;
    match file.save(old, config) {
        Ok(saved) => {
            if naming.names_only() {
                text.push_str("Settings saved");
            } else {
                text.push_str(&format!("Settings saved to {}", saved.path.display()));
            }
            if let Some(backup) = saved.backup {
                text.push_str(&format!(
                    " (the old, unusable file is kept as {})",
                    naming.file(&backup)
                ));
            }
            text.push('.');
            out.say(Tone::Success, text);
        }
        Err(why) => {
            text.push_str(&format!(
                "Settings not saved: {why}; they last until you quit."
            ));
            out.say(Tone::Warning, text);
        }
    }
    out
}
