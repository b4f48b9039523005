//! What comes from the network, for `App`: the link's events (a guest
//! joined, the link was lost, the code was refused) and the other
//! player's messages (a move for the host to check and play, requests and
//! their answers, a resignation, chat).

use std::time::Instant;

use super::state::{LinkState, Role};
use crate::app::effect::Keep;
use crate::app::message::Tone;
use crate::app::screen::{Question, Screen};
use crate::app::state::App;
use crate::app::update::Effect;
use crate::core::Player;
use crate::net::{self, Event, Request};

/// Events taken in per update, so that a busy link cannot freeze the screen.
const EVENTS_PER_TICK: usize = 32;

impl App {
    /// Takes in what came from the network, opens a request's question
    /// when the board is free, and (host) sends the game if it changed.
    pub(in crate::app) fn network_tick(&mut self) -> Vec<Effect> {
        for _ in 0..EVENTS_PER_TICK {
            let Some(event) = self
                .network
                .as_ref()
                .and_then(|n| n.connection.next_event())
            else {
                break;
            };
            self.on_network_event(event);
        }
        self.tell_wrong_guesses();
        if let Some(request) = self.network.as_ref().and_then(|n| n.asked)
            && self.screen == Screen::Board
        {
            self.screen = Screen::Confirm(Question::Peer(request));
        }
        Vec::new()
    }

    fn on_network_event(&mut self, event: Event) {
        let Some(net) = &mut self.network else { return };
        match event {
            Event::Joined(name) => {
                // Two copies may give the same name (the same user name,
                // say): the host's screen and record tell them apart.
                let name = if net.is_host() && same_name(&name, &net.own_name) {
                    format!("{name} (guest)")
                } else {
                    name
                };
                net.link = LinkState::Connected;
                net.peer_name = Some(name.clone());
                (net.asked, net.asking) = (None, None);
                net.tell_untold();
                let via = matches!(net.role, Role::HostVia { .. } | Role::GuestVia { .. });
                if net.is_host() {
                    // A guest that comes back is sent the game again.
                    net.table = None;
                    self.say(Tone::Success, format!("{name} joined."));
                } else {
                    self.say(Tone::Success, format!("Joined {name}'s game."));
                }
                // The way back through the relay is known now: into the
                // autosave at once, for a program that may die next.
                if via {
                    self.keep_files(Keep::Again);
                }
            }
            Event::Lost(why) => {
                if matches!(net.link, LinkState::Refused(_)) {
                    return;
                }
                let since = match &net.link {
                    LinkState::Lost { since, .. } => *since,
                    _ => Instant::now(),
                };
                net.link = LinkState::Lost { since, why };
                (net.asked, net.asking) = (None, None);
                if matches!(self.screen, Screen::Confirm(Question::Peer(_))) {
                    self.screen = Screen::Board;
                }
            }
            Event::Refused(why)
                if matches!(net.role, Role::Guest { .. } | Role::GuestVia { .. }) =>
            {
                self.back_to_join_form(&why);
            }
            Event::Refused(why) => {
                net.link = LinkState::Refused(why.clone());
                self.say(Tone::Error, format!("Not joined: {why}."));
            }
            Event::Got(message) => self.on_peer_message(message),
        }
    }

    fn on_peer_message(&mut self, message: net::Message) {
        let peer = self.peer_name();
        let Some(net) = &mut self.network else { return };
        let host = net.is_host();
        match message {
            // Shown by `sync_network`, at the end of this update.
            net::Message::State(table) if !host => {
                net.table = Some(*table);
                net.heard_at = Some(self.session.now());
            }
            net::Message::Play(mv) if host => {
                // Whatever happens, the guest is sent the game as it is.
                net.table = None;
                let guest_to_move = self.session.game().player_to_move() == Player::Two;
                if guest_to_move && self.session.play(mv).is_ok() {
                    let text = match self.game().winner() {
                        Some(winner) => crate::app::message::wins(
                            self.name(winner),
                            self.game().color_of(winner),
                        ),
                        None => format!("{peer} played {mv}."),
                    };
                    self.say(Tone::Info, text);
                }
            }
            net::Message::Ask(request) => {
                let possible = request != Request::Undo || self.session.game().can_undo();
                if possible && net.asked.is_none() {
                    net.asked = Some(request);
                } else {
                    self.send_peer(net::Message::Answer {
                        request,
                        yes: false,
                    });
                }
            }
            net::Message::Answer { request, yes } if net.asking == Some(request) => {
                net.asking = None;
                if yes {
                    self.say(Tone::Success, format!("{peer} agreed."));
                    self.agreed(request);
                } else {
                    self.say(Tone::Warning, format!("{peer} said no."));
                }
            }
            // The guest's resignation; the host's own comes in its state.
            net::Message::Resign if host => self.player_resigns(Player::Two),
            net::Message::Chat(text) => net.add_chat(format!("{peer}: {text}")),
            net::Message::Aid(aid) => net.heard_aid(aid, &peer),
            // A guest has no say over the game; answers nobody asked for,
            // pings: nothing to do.
            _ => {}
        }
    }
}

/// Whether two players' names would read the same on the screen.
fn same_name(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}
