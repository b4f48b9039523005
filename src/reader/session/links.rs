//! The session's links to other players: a game between friends through
//! a relay (`host`, `join CODE`) and the lobby (`online` and its
//! commands), set up here; the loop tells their news as it comes.

use std::io::{self, Write};
use std::net::SocketAddr;

use super::super::lobby::Lobby;
use super::super::lobby_words::LobbyOrder;
use super::super::network::NetGame;
use super::super::spec::Verb;
use super::super::wake;
use super::{Activity, IN_LOBBY_GAME, Session};
use crate::net::{self, WordCode};

impl<W: Write> Session<W> {
    /// `host`: a game between friends through the settings' relay, on
    /// the last game's terms.
    pub(super) fn host(&mut self) -> io::Result<()> {
        let Some(server) = self.relay()? else {
            return Ok(());
        };
        let name = self.settings.network_name(true);
        let bell = wake::network_bell(&self.wake);
        let network = NetGame::host(server, name, self.table.terms(), &bell);
        self.activity = Activity::Game;
        self.network = Some(Box::new(network));
        self.voice.say(&format!(
            "Hosting a game between friends through the relay at {server}; asking it for a code."
        ))
    }

    /// `join CODE`: the friend's game, through the settings' relay.
    pub(super) fn join(&mut self, code: WordCode) -> io::Result<()> {
        let Some(server) = self.relay()? else {
            return Ok(());
        };
        let name = self.settings.network_name(false);
        let bell = wake::network_bell(&self.wake);
        let network = NetGame::join(server, code, name, &bell);
        self.activity = Activity::Game;
        self.network = Some(Box::new(network));
        self.voice.say(&format!(
            "Joining the game with the code {code} through the relay at {server}."
        ))
    }

    /// The settings' relay, looked up; or, told, why there is none.
    pub(super) fn relay(&mut self) -> io::Result<Option<SocketAddr>> {
        let found = self
            .settings
            .relay()
            .map_err(str::to_string)
            .and_then(|text| {
                net::lookup(&text).map_err(|e| format!("The relay {text} cannot be found: {e}."))
            });
        match found {
            Ok(server) => Ok(Some(server)),
            Err(why) => self.voice.say(&why).map(|()| None),
        }
    }

    /// Whether a lobby game (played or watched) is on the board.
    pub(super) fn lobby_board(&self) -> bool {
        self.lobby.as_ref().is_some_and(|l| l.board().is_some())
    }

    /// `online` and the lobby's commands.
    pub(super) fn lobby_order(&mut self, order: LobbyOrder) -> io::Result<()> {
        let lines = match (&mut self.lobby, order) {
            (Some(lobby), order) => {
                let terms = self.table.terms();
                lobby.order(order, terms.size, terms.rules)
            }
            (None, LobbyOrder::Connect) => {
                let bell = wake::network_bell(&self.wake);
                match Lobby::connect(&self.settings, &bell) {
                    Ok((lobby, told)) => {
                        self.voice
                            .say(&format!("Connecting to the lobby at {}.", lobby.server()))?;
                        self.lobby = Some(Box::new(lobby));
                        vec![told]
                    }
                    Err(why) => vec![why],
                }
            }
            (None, _) => vec!["You are not connected to the lobby: type online first.".to_string()],
        };
        self.voice.say_all(&lines)?;
        // The lists and games the server sent at once.
        self.network_news()
    }

    /// The game commands in the lobby's game on the board, if one is.
    pub(super) fn lobby_plain(&mut self, verb: Verb) -> Option<Vec<String>> {
        let lobby = self.lobby.as_mut().filter(|l| l.board().is_some())?;
        let board = lobby.board()?;
        Some(match verb {
            Verb::Resign => lobby.resign(),
            Verb::Last => vec![board.last_line()],
            Verb::Moves => vec![board.moves_line()],
            Verb::Status | Verb::Game => board.status_lines(),
            Verb::Undo | Verb::Hint | Verb::Review => vec![IN_LOBBY_GAME.to_string()],
            _ => return None,
        })
    }

    /// `leave` while connected to the lobby: the connection closes.
    pub(super) fn leave_lobby(&mut self) -> io::Result<()> {
        let in_game = self.lobby.take().is_some_and(|lobby| lobby.in_game());
        self.voice.say(if in_game {
            "You left the lobby; your game goes on there and your clock runs: type online to \
             come back to it."
        } else {
            "You left the lobby."
        })
    }
}
