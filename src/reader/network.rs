//! A game between friends through a relay (`host`, `join CODE`), told in
//! lines. The host referees, as in the full-screen game (and with it: a
//! full-screen player and a line-mode player can play each other): the
//! guest's moves are played on the host's game, which is sent back after
//! every change; the guest tells what changed in each game it receives.
//! Both tell the link: a code to give, a friend who joined, left or came
//! back.

use std::net::SocketAddr;

use crate::bell::Bell;
use crate::core::{Color, Game, Move, Player, Position};
use crate::net::{self, Connection, Event, Hello, Message, Request, Table, WordCode};

use super::speech::{
    after_move, capital, changes, last_line, moves_line, named, play_error, terms,
};
use super::table::Terms;

/// This copy's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Host,
    Guest,
}

/// How the link to the friend stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Link {
    /// Nobody yet (host), or connecting (guest).
    Waiting,
    Connected,
    /// The friend went; they may come back.
    Lost,
    /// For good: a wrong code, another version, a relay that gave no code.
    Refused,
}

pub struct NetGame {
    connection: Connection,
    side: Side,
    link: Link,
    own_name: String,
    peer: Option<String>,
    /// The game: the host's own, or the one the host sent last (none yet).
    game: Option<Game>,
    /// Player 1 (the host) and Player 2 (the guest).
    names: [String; 2],
    /// A host: the code told last, and the wrong guesses told.
    code_told: Option<WordCode>,
    wrong_told: u32,
}

impl NetGame {
    /// Hosts through the relay at `server` a game on `terms`; the code is
    /// told when the relay gives it.
    pub fn host(server: SocketAddr, name: String, terms: Terms, bell: &Bell) -> NetGame {
        let mut connection = net::host_via_later(server, Hello::ours(&name), None);
        connection.ring(bell);
        let game = Game::new(terms.size, terms.rules, terms.black);
        NetGame::new(connection, Side::Host, name, Some(game))
    }

    /// Joins through the relay at `server` the game whose host gave `code`.
    pub fn join(server: SocketAddr, code: WordCode, name: String, bell: &Bell) -> NetGame {
        let mut connection = net::join_via(server, code, Hello::ours(&name));
        connection.ring(bell);
        NetGame::new(connection, Side::Guest, name, None)
    }

    fn new(connection: Connection, side: Side, name: String, game: Option<Game>) -> NetGame {
        let names = match side {
            Side::Host => [name.clone(), "your friend".to_string()],
            Side::Guest => ["your friend".to_string(), name.clone()],
        };
        NetGame {
            connection,
            side,
            link: Link::Waiting,
            own_name: name,
            peer: None,
            game,
            names,
            code_told: None,
            wrong_told: 0,
        }
    }

    /// The player this copy moves for: the host is Player 1.
    fn me(&self) -> Player {
        match self.side {
            Side::Host => Player::One,
            Side::Guest => Player::Two,
        }
    }

    fn peer(&self) -> &str {
        self.peer.as_deref().unwrap_or("your friend")
    }

    /// Whether the link was refused for good: the network game is over.
    pub fn is_refused(&self) -> bool {
        self.link == Link::Refused
    }

    /// The board the reading commands read (an empty one until the host's
    /// game comes).
    pub fn position(&self) -> Option<&Position> {
        self.game.as_ref().map(Game::position)
    }

    /// What came from the network, in lines.
    pub fn news(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        while let Some(event) = self.connection.next_event() {
            self.on_event(event, &mut lines);
        }
        self.tell_code(&mut lines);
        lines
    }

    fn on_event(&mut self, event: Event, lines: &mut Vec<String>) {
        match event {
            Event::Joined(name) => self.joined(name, lines),
            Event::Lost(why) => match (self.link, &self.peer) {
                (Link::Connected, Some(peer)) => {
                    self.link = Link::Lost;
                    lines.push(format!("{peer} left; waiting for them to come back."));
                }
                (Link::Waiting, None) if self.side == Side::Guest => {
                    self.link = Link::Lost;
                    lines.push(format!("Not joined yet: {why}; trying again."));
                }
                _ => {}
            },
            Event::Refused(why) => {
                self.link = Link::Refused;
                let not = match self.side {
                    Side::Host => "Not hosting",
                    Side::Guest => "Not joined",
                };
                lines.push(format!("{not}: {why}."));
            }
            // Told by `tell_code`, once all the events are in.
            Event::Code => {}
            Event::Got(message) => self.on_message(message, lines),
        }
    }

    fn joined(&mut self, name: String, lines: &mut Vec<String>) {
        let host = self.side == Side::Host;
        // Two copies may give the same name: the host tells them apart.
        let name = if host && name.trim().eq_ignore_ascii_case(self.own_name.trim()) {
            format!("{name} (guest)")
        } else {
            name
        };
        let back = self.peer.as_deref() == Some(name.as_str());
        self.link = Link::Connected;
        self.peer = Some(name.clone());
        self.names[self.me().other().index()] = name.clone();
        lines.push(match (host, back) {
            (true, false) => format!("{name} joined."),
            (false, false) => format!("Joined {name}'s game."),
            (_, true) => format!("{name} is back."),
        });
        if host && let Some(game) = &self.game {
            if !back {
                lines.extend(changes(None, game, &self.names));
            }
            self.send_game();
        }
    }

    fn on_message(&mut self, message: Message, lines: &mut Vec<String>) {
        let peer = self.peer().to_string();
        match (self.side, message) {
            (Side::Guest, Message::State(table)) => {
                let table = *table;
                lines.extend(changes(self.game.as_ref(), &table.game, &table.names));
                self.names = table.names;
                self.game = Some(table.game);
            }
            (Side::Host, Message::Play(mv)) => {
                if let Some(game) = &self.game
                    && game.player_to_move() == Player::Two
                {
                    lines.extend(self.change(|game| game.play(mv).map(drop)));
                }
                // Whatever happened, the guest is sent the game as it is.
                self.send_game();
            }
            (Side::Host, Message::Resign) => {
                lines.extend(self.change(|game| game.resign(game.color_of(Player::Two))));
                self.send_game();
            }
            (_, Message::Ask(request)) => {
                self.connection.send(Message::Answer {
                    request,
                    yes: false,
                });
                let what = match request {
                    Request::Undo => "to take back the last move",
                    Request::Rematch => "for a new game",
                };
                lines.push(format!(
                    "{peer} asked {what}; the screen-reader mode does not offer it, so the \
                     answer was no."
                ));
            }
            (_, Message::Chat(text)) => lines.push(format!("{peer} says: {text}")),
            (_, Message::Aid(_)) => lines.push(format!("{peer} turned on the engine's help.")),
            // A guest has no say over the game; answers nobody asked for,
            // pings: nothing to tell.
            _ => {}
        }
    }

    /// A host: its game changed by `change`, told; nothing when refused.
    fn change(
        &mut self,
        change: impl FnOnce(&mut Game) -> Result<(), crate::core::PlayError>,
    ) -> Vec<String> {
        let Some(game) = &mut self.game else {
            return Vec::new();
        };
        let old = game.clone();
        match change(game) {
            Ok(()) => changes(Some(&old), game, &self.names),
            Err(e) => vec![play_error(&e, game.size())],
        }
    }

    /// A host: tells the code to give, when the relay has given a new one.
    fn tell_code(&mut self, lines: &mut Vec<String>) {
        if self.side != Side::Host || self.link == Link::Connected {
            return;
        }
        let Some(code) = self.connection.code() else {
            return;
        };
        if self.code_told == Some(code) {
            return;
        }
        let wrong = self.connection.wrong_guesses();
        if wrong > self.wrong_told {
            self.wrong_told = wrong;
            lines.push("Someone tried a wrong code.".to_string());
        }
        self.code_told = Some(code);
        let who = if self.peer.is_some() {
            self.peer().to_string()
        } else {
            "your friend".to_string()
        };
        lines.push(format!("Your code is {code}: {who} types join {code}."));
    }

    /// A host: sends its game, if the friend is there.
    fn send_game(&self) {
        if self.link != Link::Connected {
            return;
        }
        if let Some(game) = &self.game {
            let table = Table {
                game: game.clone(),
                names: self.names.clone(),
                clocks: None,
            };
            self.connection.send(Message::State(Box::new(table)));
        }
    }

    /// Why this copy cannot move now, if it cannot.
    fn refusal(&self) -> Option<String> {
        let peer = self.peer();
        let Some(game) = &self.game else {
            return Some(match self.side {
                Side::Host => "Wait for your friend to join: give them the code.".to_string(),
                Side::Guest => "The game has not come yet: wait for the host.".to_string(),
            });
        };
        if game.is_over() {
            return Some("The game is over. Type leave to end the network game.".to_string());
        }
        match self.link {
            Link::Connected => {}
            Link::Waiting if self.side == Side::Host => {
                return Some("Wait for your friend to join: give them the code.".to_string());
            }
            _ => return Some(format!("Not connected: play when {peer} is back.")),
        }
        (game.player_to_move() != self.me())
            .then(|| format!("It is {peer}'s turn; wait for their move."))
    }

    /// A move typed here: the host plays it, the guest sends it (checked
    /// first, so that a wrong one is told at once).
    pub fn play(&mut self, mv: Move) -> Vec<String> {
        if let Some(why) = self.refusal() {
            return vec![why];
        }
        match self.side {
            Side::Host => {
                let lines = self.change(|game| game.play(mv).map(drop));
                self.send_game();
                lines
            }
            Side::Guest => {
                if let Some(game) = &self.game
                    && let Err(e) = game.clone().play(mv)
                {
                    return vec![play_error(&e, game.size())];
                }
                if self.connection.send(Message::Play(mv)) {
                    Vec::new()
                } else {
                    vec![format!("Not connected: play when {} is back.", self.peer())]
                }
            }
        }
    }

    /// `resign`: the friend wins.
    pub fn resign(&mut self) -> Vec<String> {
        if self.game.as_ref().is_none_or(Game::is_over) {
            return vec!["There is no game going on to resign.".to_string()];
        }
        match self.side {
            Side::Host => {
                let color = self
                    .game
                    .as_ref()
                    .map_or(Color::Black, |g| g.color_of(Player::One));
                let lines = self.change(|game| game.resign(color));
                self.send_game();
                lines
            }
            Side::Guest if self.connection.send(Message::Resign) => Vec::new(),
            Side::Guest => vec![format!(
                "Not connected: resign when {} is back.",
                self.peer()
            )],
        }
    }

    /// `status`: the link, the turn, the terms.
    pub fn status_lines(&self) -> Vec<String> {
        let peer = self.peer();
        let mut lines = vec![match self.link {
            Link::Connected => format!("Playing {peer} over the network."),
            Link::Waiting => "Waiting for the other player.".to_string(),
            Link::Lost => format!("Waiting for {peer} to come back."),
            Link::Refused => "The network game was refused.".to_string(),
        }];
        if let Some(game) = &self.game {
            lines.push(after_move(game, &self.names));
            lines.push(format!("{}; no clocks.", capital(&terms(game))));
            let you = named(game, &self.names, self.me());
            lines.push(format!("You are {you}."));
        }
        lines
    }

    pub fn last_line(&self) -> String {
        self.game
            .as_ref()
            .map_or_else(|| "No game yet.".to_string(), last_line)
    }

    pub fn moves_line(&self) -> String {
        self.game
            .as_ref()
            .map_or_else(|| "No game yet.".to_string(), moves_line)
    }
}
