//! A remote session's player (`brique server --ssh-port`) plays on the
//! server's machine: what they reach must stay their own. Games are saved
//! by name in their records folder only (`files/saved_games.rs`), the
//! Online screen connects to the server's own lobby only (under the
//! identity of their SSH key: its `online.key` is in their folder), and
//! nothing opens a socket elsewhere: no hosting (a port of the server's),
//! no joining or relay (a connection from the server to any address).

use std::net::SocketAddr;

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

/// What the player may reach of the network.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(in crate::app) enum Reach {
    /// A local player: any server, hosting and joining.
    #[default]
    Anywhere,
    /// A remote session's player: kept to their own folders and to
    /// `lobby`, the server's own `HOST:PORT` when it runs one.
    Session { lobby: Option<String> },
}

impl Reach {
    /// A remote session's, on a server whose lobby is `lobby`.
    pub fn session(lobby: Option<SocketAddr>) -> Reach {
        Reach::Session {
            lobby: lobby.map(|a| a.to_string()),
        }
    }

    /// Whether the player is a remote session's.
    pub fn is_session(&self) -> bool {
        matches!(self, Reach::Session { .. })
    }

    /// The one lobby a remote session connects to, shown in the connect
    /// form and not typed.
    pub fn fixed_server(&self) -> Option<&str> {
        match self {
            Reach::Anywhere => None,
            Reach::Session { lobby } => lobby.as_deref(),
        }
    }

    /// Why the Online screen does not open, in a remote session;
    /// `keeps_files`: whether the player has folders of their own (not a
    /// guest).
    pub fn online_refused(&self, keeps_files: bool) -> Option<&'static str> {
        match self {
            Reach::Anywhere => None,
            Reach::Session { lobby: None } => Some(NO_LOBBY),
            Reach::Session { .. } if !keeps_files => Some(GUEST_OFFLINE),
            Reach::Session { .. } => None,
        }
    }

    /// The server a connection may go to: `typed` locally, the server's
    /// own lobby in a remote session whatever was typed or kept.
    pub fn server_allowed(&self, typed: String) -> Result<String, NoLobby> {
        match self {
            Reach::Anywhere => Ok(typed),
            Reach::Session { lobby: Some(lobby) } => Ok(lobby.clone()),
            Reach::Session { lobby: None } => Err(NoLobby),
        }
    }

    /// Hosting, joining and relays in a remote session: why they are
    /// refused, pointing at the Online screen (opened with `online_key`).
    pub fn refuses_direct_play(&self, online_key: &str) -> Option<String> {
        match self {
            Reach::Anywhere => None,
            Reach::Session { lobby: Some(_) } => Some(format!(
                "No hosting or joining by address here: {online_key} opens the Online screen, \
                 this server's lobby."
            )),
            Reach::Session { lobby: None } => {
                Some("No hosting or joining by address on this server.".to_string())
            }
        }
    }
}
