//! A network game's part of the app: which side this copy is, the
//! connection, how the link stands, the requests waiting for an answer, the
//! chat. `play.rs` acts on it for `App`; the host referees (it plays
//! every move on its own game and sends the result), the guest shows what
//! the host sends.

use std::net::SocketAddr;
use std::time::Instant;

use crate::app::message::{Message, Tone};
use crate::app::remote_game::Shown;
use crate::app::remote_game::{RemoteGame, Transport};
use crate::core::Player;
use crate::net::{self, Connection, JoinCode, Request, Table, WordCode};

/// What `brique host` and `brique join` ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetPlay {
    /// Listen on this address (port 0: any free port).
    Host { bind: SocketAddr },
    /// Join the game hosted at this address with this code.
    Join { host: SocketAddr, code: JoinCode },
    /// Host through the relay at this address: the screen shows a code of words.
    HostVia { server: SocketAddr },
    /// Join through the relay at this address the game whose host shows `code`.
    JoinVia { server: SocketAddr, code: WordCode },
}

/// This copy's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// The addresses to give and the code.
    Host {
        addresses: Vec<SocketAddr>,
        code: JoinCode,
    },
    /// Joining directly with `code` (kept for the form, if refused).
    Guest { host: SocketAddr, code: JoinCode },
    /// Hosting through a relay: the code to give is the connection's.
    HostVia { server: SocketAddr },
    /// Joining through a relay with `code` (kept for the form, if refused).
    GuestVia { server: SocketAddr, code: WordCode },
}

/// How the link to the other player stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// Nobody yet (host), or connecting (guest).
    Waiting,
    Connected,
    /// Lost at this time, for this reason; the other may come back.
    Lost {
        since: Instant,
        why: String,
    },
    /// The host refused this guest (a wrong code, another version): final.
    Refused(String),
}

#[derive(Debug)]
pub struct Network {
    pub(super) role: Role,
    pub(super) connection: Connection,
    pub(super) link: LinkState,
    /// This player's name, as given to the other.
    pub(super) own_name: String,
    /// The other player's name, once heard.
    pub(super) peer_name: Option<String>,
    /// The game with the other player: the side, requests, chat, when
    /// the host's clocks were heard.
    pub(super) remote: RemoteGame,
    /// Engine help turned on while the link was down: told when it is back.
    pub(super) untold: Vec<net::Aid>,
    /// The game as last sent (host) or received (guest): what both
    /// screens show.
    pub(super) table: Option<Table>,
    /// A host through a relay: the wrong guesses already told.
    pub(super) wrong_guesses_told: u32,
}

impl Network {
    pub fn new(role: Role, connection: Connection, own_name: String) -> Network {
        let host = matches!(role, Role::Host { .. } | Role::HostVia { .. });
        Network {
            role,
            connection,
            link: LinkState::Waiting,
            own_name,
            peer_name: None,
            remote: RemoteGame::new(Some(if host { Player::One } else { Player::Two })),
            untold: Vec::new(),
            table: None,
            wrong_guesses_told: 0,
        }
    }

    pub const fn is_host(&self) -> bool {
        matches!(self.role, Role::Host { .. } | Role::HostVia { .. })
    }

    /// The player this copy moves for: the host is Player 1.
    pub const fn me(&self) -> Player {
        if self.is_host() {
            Player::One
        } else {
            Player::Two
        }
    }

    /// Sends `message` if the link is up; false otherwise.
    pub fn send(&self, message: net::Message) -> bool {
        self.link == LinkState::Connected && self.connection.send(message)
    }

    /// A line among the chat's, in the side panel.
    pub fn add_note(&mut self, tone: Tone, line: String) {
        self.remote.add_line(tone, line);
    }

    /// What the side panel says: the link, the addresses and code to give
    /// (host), a request waiting, the chat; `paused`: the game has clocks
    /// (paused while the link is down).
    pub(in crate::app) fn notes(&self, now: Instant, clocks: bool) -> Vec<Message> {
        let peer = self.peer();
        let mut notes = Vec::new();
        match (&self.link, &self.role) {
            (LinkState::Waiting, Role::Host { addresses, code }) => {
                let at = addresses
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" or ");
                notes.push(Message::new(
                    Tone::Info,
                    format!("Hosting. Give your friend the address {at} and the code {code}."),
                ));
            }
            (LinkState::Waiting, Role::HostVia { server }) => {
                let text = match self.connection.code() {
                    Some(c) => format!("Hosting through {server}. Give your friend the code {c}."),
                    None => format!("Asking {server} for a code…"),
                };
                notes.push(Message::new(Tone::Info, text));
            }
            (LinkState::Waiting, Role::Guest { host, .. }) => {
                notes.push(Message::new(
                    Tone::Info,
                    format!("Joining the game at {host}…"),
                ));
            }
            (LinkState::Waiting, Role::GuestVia { server, .. }) => {
                notes.push(Message::new(
                    Tone::Info,
                    format!("Joining through {server}…"),
                ));
            }
            (LinkState::Connected, _) => {
                notes.push(Message::new(
                    Tone::Success,
                    format!("Playing {peer} over the network."),
                ));
            }
            (
                LinkState::Lost { why, .. },
                Role::Guest { host, .. } | Role::GuestVia { server: host, .. },
            ) if self.peer_name.is_none() => {
                notes.push(Message::new(
                    Tone::Warning,
                    format!("Joining the game at {host}: {why}; trying again."),
                ));
            }
            (LinkState::Lost { since, why }, role) => {
                let secs = now.saturating_duration_since(*since).as_secs();
                notes.push(Message::new(
                    Tone::Warning,
                    format!(
                        "Waiting for {peer} to reconnect ({}:{:02}): {why}.",
                        secs / 60,
                        secs % 60
                    ),
                ));
                // A guest comes back by itself (its autosave keeps the way
                // back); from another computer it needs the code now shown.
                if let (Role::HostVia { .. }, Some(code)) = (role, self.connection.code()) {
                    notes.push(Message::new(
                        Tone::Info,
                        format!("{peer} can also join again with the code {code}."),
                    ));
                }
            }
            (LinkState::Refused(why), role) => {
                let not = match role {
                    Role::Host { .. } | Role::HostVia { .. } => "Not hosting",
                    Role::Guest { .. } | Role::GuestVia { .. } => "Not joined",
                };
                notes.push(Message::new(Tone::Error, format!("{not}: {why}.")));
            }
        }
        // Right after "Waiting for NAME to reconnect".
        if matches!(self.link, LinkState::Lost { .. }) && clocks {
            let text = "The clocks are paused until then.";
            notes.insert(1, Message::new(Tone::Info, text));
        }
        // A resignation is said by the panel's end of game, as for any game.
        notes.extend(self.remote.notes(self));
        notes
    }
}

impl Transport for Network {
    fn reaches(&self) -> bool {
        self.link == LinkState::Connected
    }

    fn referees(&self) -> bool {
        self.is_host()
    }

    fn peer(&self) -> String {
        self.peer_name
            .clone()
            .unwrap_or_else(|| "your friend".to_string())
    }

    fn over_text(&self, shown: &Shown<'_>) -> String {
        match shown.game.resigned() {
            Some(color) => {
                let loser = &shown.names[shown.game.holder(color).index()];
                format!("The game is over: {loser} resigned.")
            }
            None => format!(
                "The game is over: {} asks {} for a rematch.",
                shown.new_key,
                self.peer()
            ),
        }
    }

    fn asking_text(&self, request: Request) -> &'static str {
        asking_text(request)
    }

    fn not_connected(&self, verb: &str) -> String {
        format!("Not connected: {verb} when {} is back.", self.peer())
    }
}

/// "to take back the last move", "for a rematch".
pub const fn asking_text(request: Request) -> &'static str {
    match request {
        Request::Undo => "to take back the last move",
        Request::Rematch => "for a new game with the colours swapped",
    }
}
