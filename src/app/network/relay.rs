//! A network game through a relay (`brique server`), for `App`: starting
//! it, telling the host that someone tried a wrong code (its panel shows the
//! new one), and taking a refused guest (through a relay or not) back to
//! the join form.

use super::form::NetForm;
use super::play::RELAY_KEY;
use super::state::{NetPlay, Network, Role};
use crate::app::message::Tone;
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::net::{self, Hello};

impl App {
    /// The autosave's `x-` line `key`, if the unfinished game has one.
    pub(super) fn kept_extra(&self, key: &str) -> Option<String> {
        self.files
            .extra()
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.clone())
    }

    /// Hosts or joins through a relay. The unfinished game played through
    /// the same relay goes on (a restarted host gives a new code); anything
    /// else makes way for a new game.
    pub(super) fn start_via(&mut self, play: NetPlay, name: &str) -> Result<Network, String> {
        let (server, host) = match play {
            NetPlay::HostVia { server } => (server, true),
            NetPlay::JoinVia { server, .. } => (server, false),
            NetPlay::Host { .. } | NetPlay::Join { .. } => {
                return Err("not a game through a relay".into());
            }
        };
        let resumed =
            self.kept_extra(RELAY_KEY) == Some(server.to_string()) && self.game_in_progress();
        let network = match play {
            NetPlay::JoinVia { code, .. } => {
                let connection = net::join_via(server, code, Hello::ours(name));
                Network::new(Role::GuestVia { server, code }, connection)
            }
            _ => {
                let (connection, _) = net::host_via(server, Hello::ours(name))
                    .map_err(|e| format!("cannot host through the relay at {server}: {e}"))?;
                Network::new(Role::HostVia { server }, connection)
            }
        };
        if !resumed {
            self.start_new_game();
            if !host {
                // The host's clocks are the game's: none until it says.
                self.session.start_clock(None);
            }
        }
        Ok(network)
    }

    /// A host through a relay: says so when someone tried a wrong code,
    /// once the relay has given the new one.
    pub(super) fn tell_wrong_guesses(&mut self) {
        let Some(net) = &mut self.network else { return };
        let wrong = net.connection.wrong_guesses();
        if wrong <= net.wrong_guesses_told {
            return;
        }
        let Some(code) = net.connection.code() else {
            return;
        };
        net.wrong_guesses_told = wrong;
        self.say(
            Tone::Warning,
            format!("Someone tried a wrong code; here is a new one: {code}."),
        );
    }

    /// A guest was refused (a wrong or used code, another version): the
    /// game over the network ends, and the join form says why, with the
    /// address and code as typed, to be fixed there.
    pub(super) fn back_to_join_form(&mut self, why: &str) {
        let Some(net) = self.network.take() else {
            return;
        };
        let relay = self.config.network.server.as_ref();
        let (at, code) = match net.role {
            Role::Guest { host, code } => (host.to_string(), code.to_string()),
            // The config's relay goes without saying.
            Role::GuestVia { server, code } => {
                let configured = relay.and_then(|r| net::lookup(r.as_str()).ok()) == Some(server);
                let at = if configured {
                    String::new()
                } else {
                    server.to_string()
                };
                (at, code.to_string())
            }
            Role::Host { .. } | Role::HostVia { .. } => {
                self.network = Some(net);
                return;
            }
        };
        self.screen = Screen::NetForm(NetForm::refused(&at, &code, relay, why));
        self.say(Tone::Error, format!("Not joined: {why}."));
    }
}
