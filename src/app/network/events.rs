//! What comes from the network: the link's events (a guest joined, the
//! link was lost, the code was refused) and the other player's messages (a
//! move for the host to check and play, requests and their answers, a
//! resignation, chat), taken in by the network game itself; what the rest
//! of the screen must do comes back as deeds.

use std::time::Instant;

use super::form::NetForm;
use super::state::{LinkState, Network, Role};
use crate::app::config::RelayServer;
use crate::app::message::Tone;
use crate::app::remote_game::Transport;
use crate::app::remote_game::deed::{Closes, Deed, Deeds};
use crate::app::screen::{Question, Screen};
use crate::core::{Game, Player};
use crate::net::{self, Event, Request};

/// Events taken in per update, so that a busy link cannot freeze the screen.
const EVENTS_PER_TICK: usize = 32;

impl Network {
    /// Takes in what came from the network (`game`: the one on the board,
    /// heard at `now`; `relay`: the settings' relay, for a join form),
    /// opens a request's question when the board is free.
    pub(in crate::app) fn take_events(
        &mut self,
        game: &Game,
        now: Instant,
        relay: Option<&RelayServer>,
    ) -> Deeds {
        let mut deeds = Deeds::default();
        for _ in 0..EVENTS_PER_TICK {
            let Some(event) = self.connection.next_event() else {
                break;
            };
            self.on_event(event, game, now, relay, &mut deeds);
        }
        self.tell_wrong_guesses(&mut deeds);
        if let Some(request) = self.remote.asked() {
            deeds.push(Deed::OpenIfFree(Screen::Confirm(Question::Peer(request))));
        }
        deeds
    }

    fn on_event(
        &mut self,
        event: Event,
        game: &Game,
        now: Instant,
        relay: Option<&RelayServer>,
        deeds: &mut Deeds,
    ) {
        match event {
            Event::Joined(name) => {
                // Two copies may give the same name (the same user name,
                // say): the host's screen and record tell them apart.
                let name = if self.is_host() && same_name(&name, &self.own_name) {
                    format!("{name} (guest)")
                } else {
                    name
                };
                self.link = LinkState::Connected;
                self.peer_name = Some(name.clone());
                self.remote.forget_requests();
                self.tell_untold();
                let via = matches!(self.role, Role::HostVia { .. } | Role::GuestVia { .. });
                if self.is_host() {
                    // A guest that comes back is sent the game again.
                    self.table = None;
                    deeds.say(Tone::Success, format!("{name} joined."));
                } else {
                    deeds.say(Tone::Success, format!("Joined {name}'s game."));
                }
                // The way back through the relay is known now: into the
                // autosave at once, for a program that may die next.
                if via {
                    deeds.push(Deed::Autosave);
                }
            }
            Event::Lost(why) => {
                if matches!(self.link, LinkState::Refused(_)) {
                    return;
                }
                let since = match &self.link {
                    LinkState::Lost { since, .. } => *since,
                    _ => Instant::now(),
                };
                self.link = LinkState::Lost { since, why };
                self.remote.forget_requests();
                deeds.push(Deed::Close(Closes::PeerQuestion));
            }
            Event::Refused(why) => match self.join_form(relay, &why) {
                // A guest was refused (a wrong or used code, another
                // version): the game over the network ends, and the join
                // form says why, with the address and code as typed.
                Some(form) => {
                    deeds.push(Deed::EndNetwork);
                    deeds.push(Deed::Open(Screen::NetForm(form)));
                    deeds.say(Tone::Error, format!("Not joined: {why}."));
                }
                None => {
                    let not = if self.is_host() {
                        "Not hosting"
                    } else {
                        "Not joined"
                    };
                    deeds.say(Tone::Error, format!("{not}: {why}."));
                    self.link = LinkState::Refused(why);
                }
            },
            // The panel reads the new code: this update redraws it.
            Event::Code => {}
            Event::Got(message) => self.on_message(message, game, now, deeds),
        }
    }

    fn on_message(&mut self, message: net::Message, game: &Game, now: Instant, deeds: &mut Deeds) {
        let peer = self.peer();
        let host = self.is_host();
        match message {
            // Shown by `sync`, at the end of this update.
            net::Message::State(table) if !host => {
                self.table = Some(*table);
                self.remote.heard(now);
            }
            net::Message::Play(mv) if host => {
                // Whatever happens, the guest is sent the game as it is.
                self.table = None;
                deeds.push(Deed::PeerPlays { mv, peer });
            }
            net::Message::Ask(request) => {
                let possible = request != Request::Undo || game.can_undo();
                if !(possible && self.remote.take_ask(request)) {
                    self.send(net::Message::Answer {
                        request,
                        yes: false,
                    });
                }
            }
            net::Message::Answer { request, yes } if self.remote.asking() == Some(request) => {
                self.remote.heard_answer();
                if yes {
                    deeds.say(Tone::Success, format!("{peer} agreed."));
                    deeds.extend(self.agreed(request));
                } else {
                    deeds.say(Tone::Warning, format!("{peer} said no."));
                }
            }
            // The guest's resignation; the host's own comes in its state.
            net::Message::Resign if host => deeds.push(Deed::Resign(Player::Two)),
            net::Message::Chat(text) => self.add_note(Tone::Info, format!("{peer}: {text}")),
            net::Message::Aid(aid) => self.heard_aid(aid, &peer),
            // A guest has no say over the game; answers nobody asked for,
            // pings: nothing to do.
            _ => {}
        }
    }

    /// A host through a relay: says so when someone tried a wrong code,
    /// once the relay has given the new one.
    fn tell_wrong_guesses(&mut self, deeds: &mut Deeds) {
        let wrong = self.connection.wrong_guesses();
        if wrong <= self.wrong_guesses_told {
            return;
        }
        let Some(code) = self.connection.code() else {
            return;
        };
        self.wrong_guesses_told = wrong;
        deeds.say(
            Tone::Warning,
            format!("Someone tried a wrong code; here is a new one: {code}."),
        );
    }

    /// The join form a refused guest goes back to, with the address and
    /// code as typed; `None` for a host.
    fn join_form(&self, relay: Option<&RelayServer>, why: &str) -> Option<NetForm> {
        let (at, code) = match &self.role {
            Role::Guest { host, code } => (host.to_string(), code.to_string()),
            // The relay stays in the address row, as the config writes it
            // when it is the config's.
            Role::GuestVia { server, code } => {
                let configured = relay.filter(|r| net::lookup(r.as_str()).ok() == Some(*server));
                let at = configured.map_or_else(|| server.to_string(), |r| r.as_str().to_string());
                (at, code.to_string())
            }
            Role::Host { .. } | Role::HostVia { .. } => return None,
        };
        Some(NetForm::refused(&at, &code, relay, why))
    }
}

/// Whether two players' names would read the same on the screen.
fn same_name(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}
