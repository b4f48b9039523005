//! A network game through a relay (`brique server`), for `App`: starting
//! it, telling the host that someone tried a wrong code (its panel shows the
//! new one), and taking a refused guest (through a relay or not) back to
//! the join form.

use super::form::NetForm;
use super::play::{RELAY_KEY, RESUME_KEY};
use super::state::{NetPlay, Network, Role};
use crate::app::message::Tone;
use crate::app::screen::Screen;
use crate::app::state::App;
use std::net::SocketAddr;

use crate::net::{self, Hello, Resume, WordCode};

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
    /// the same relay goes on, on the channel the autosave kept (the
    /// guest's when it joins with the same code; a restarted host waits
    /// there and shows a new code too); anything else makes way for a new
    /// game.
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
        let kept = self
            .kept_extra(RESUME_KEY)
            .filter(|_| resumed)
            .and_then(|line| kept_resume(&line));
        let hello = Hello::ours(name);
        let network = match play {
            NetPlay::JoinVia { code, .. } => {
                let connection = match kept {
                    Some((Some(kept_code), resume)) if kept_code == code => {
                        net::rejoin_via(server, code, resume, hello)
                    }
                    _ => net::join_via(server, code, hello),
                };
                Network::new(Role::GuestVia { server, code }, connection)
            }
            _ => {
                let hosted = match kept {
                    Some((None, resume)) => net::rehost_via(server, hello, resume),
                    _ => net::host_via(server, hello),
                };
                let (connection, _) = hosted
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

    /// The unfinished game through a relay the autosave is of, with its
    /// way back: taken up again at a plain start, as the same `brique join
    /// CODE` (or `brique host`) would.
    pub(in crate::app) fn network_in_autosave(&self) -> Option<NetPlay> {
        if !self.game_in_progress() {
            return None;
        }
        let server = self.kept_extra(RELAY_KEY)?.parse::<SocketAddr>().ok()?;
        let (code, _) = kept_resume(&self.kept_extra(RESUME_KEY)?)?;
        Some(match code {
            Some(code) => NetPlay::JoinVia { server, code },
            None => NetPlay::HostVia { server },
        })
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
            // The relay stays in the address row, as the config writes it
            // when it is the config's.
            Role::GuestVia { server, code } => {
                let configured = relay.filter(|r| net::lookup(r.as_str()).ok() == Some(server));
                let at = configured.map_or_else(|| server.to_string(), |r| r.as_str().to_string());
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

/// The autosave's way back: a guest's code and the channel's hex, or a
/// host's hex alone; `None` for a line that does not read.
fn kept_resume(line: &str) -> Option<(Option<WordCode>, Resume)> {
    let mut parts = line.split_whitespace().rev();
    let resume = Resume::from_hex(parts.next()?)?;
    let code = parts.next().map(str::parse::<WordCode>).transpose().ok()?;
    parts.next().is_none().then_some((code, resume))
}
