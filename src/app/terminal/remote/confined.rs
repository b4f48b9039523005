//! A remote session's player (`brique server --ssh-port`) plays on the
//! server's machine: what they reach must stay their own. Games are saved
//! by name in their records folder only (`files/saved_games.rs`), the
//! Online screen connects to the server's own lobby only (under the
//! identity of their SSH key: its `online.key` is in their folder), and
//! nothing opens a socket elsewhere: no hosting (a port of the server's),
//! no joining or relay (a connection from the server to any address).

use std::net::SocketAddr;

use crate::app::action::Action;
use crate::app::message::Tone;
use crate::app::state::{App, Confined};

/// A guest's Online screen: nothing would keep their key.
pub const GUEST_OFFLINE: &str =
    "Connect with an SSH key to play online: a guest keeps no name or rating.";
/// A server that runs no lobby.
pub const NO_LOBBY: &str = "Online play is not offered on this server (it runs no lobby).";

/// A remote session on a server that runs no lobby: online play is refused
/// (the message is [`NO_LOBBY`] as a field's error, without its full stop).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", NO_LOBBY.trim_end_matches('.'))]
pub struct NoLobby;

impl App {
    /// From now on the player is kept to their own folders and to `lobby`
    /// (the server's own, if it runs one).
    pub(in crate::app) fn confine_to_session(&mut self, lobby: Option<SocketAddr>) {
        self.confined = Some(Confined {
            lobby: lobby.map(|a| a.to_string()),
        });
    }

    /// The one lobby a remote session connects to, shown in the connect
    /// form and not typed.
    pub(in crate::app) fn fixed_online_server(&self) -> Option<&str> {
        self.confined.as_ref()?.lobby.as_deref()
    }

    /// Why the Online screen does not open, in a remote session.
    pub(in crate::app) fn online_refused(&self) -> Option<&'static str> {
        let confined = self.confined.as_ref()?;
        if confined.lobby.is_none() {
            Some(NO_LOBBY)
        } else if self.files.paths().is_none() {
            Some(GUEST_OFFLINE)
        } else {
            None
        }
    }

    /// The server a connection may go to: `typed` locally, the server's
    /// own lobby in a remote session whatever was typed or kept.
    pub(in crate::app) fn online_server_allowed(&self, typed: String) -> Result<String, NoLobby> {
        match &self.confined {
            None => Ok(typed),
            Some(Confined { lobby: Some(lobby) }) => Ok(lobby.clone()),
            Some(Confined { lobby: None }) => Err(NoLobby),
        }
    }

    /// Hosting, joining and relays in a remote session: refused and said
    /// (true), pointing at the Online screen.
    pub(in crate::app) fn refuse_direct_play(&mut self) -> bool {
        let Some(confined) = &self.confined else {
            return false;
        };
        let text = if confined.lobby.is_some() {
            format!(
                "No hosting or joining by address here: {} opens the Online screen, \
                 this server's lobby.",
                self.key(Action::OpenOnline)
            )
        } else {
            "No hosting or joining by address on this server.".to_string()
        };
        self.say(Tone::Warning, text);
        true
    }
}
