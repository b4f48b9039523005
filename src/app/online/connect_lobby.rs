//! The servers of the lobby this copy connects to (the settings'
//! `online_server`, one or a list) and where in that list it is: the
//! connecting thread starts at `at`, a connection made says which one
//! answered, and a lost one moves on to the next (round to the first), so
//! that when a server dies its players go on through another.

use crate::app::config::LobbyServers;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lobby {
    /// `HOST:PORT` each, in the settings' order.
    servers: Vec<String>,
    /// The one in question: tried first, or connected to.
    at: usize,
}

impl Lobby {
    /// The servers as typed (`a:7779, b:7779`), from the first. Each is
    /// checked when looked up.
    pub fn typed(text: &str) -> Lobby {
        let servers = text
            .split(',')
            .map(str::trim)
            .filter(|one| !one.is_empty())
            .map(str::to_string)
            .collect();
        Lobby { servers, at: 0 }
    }

    pub fn servers(&self) -> &[String] {
        &self.servers
    }

    pub fn at(&self) -> usize {
        self.at
    }

    /// The server in question.
    pub fn current(&self) -> &str {
        self.servers.get(self.at).map_or("", String::as_str)
    }

    /// The same servers, `index` in question (the one that answered).
    pub fn reached(&self, index: usize) -> Lobby {
        Lobby {
            servers: self.servers.clone(),
            at: index.min(self.servers.len().saturating_sub(1)),
        }
    }

    /// The same servers, the next one (round to the first) in question:
    /// where a lost connection is tried again.
    pub fn after(&self) -> Lobby {
        self.reached((self.at + 1) % self.servers.len().max(1))
    }

    /// The servers as the settings keep them (their order, whichever
    /// answered), if each is a `HOST:PORT`.
    pub fn to_settings(&self) -> Option<LobbyServers> {
        LobbyServers::parse(&self.to_string()).ok()
    }
}

/// `a:7779, b:7779`: the whole list, in its order.
impl std::fmt::Display for Lobby {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.servers.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_server_passes_to_the_next_round_to_the_first_and_the_list_keeps_its_order() {
        let lobby = Lobby::typed(" a.example.org:7779, b.example.org:7779 ,c.example.org:7779,");
        assert_eq!(lobby.servers().len(), 3);
        assert_eq!(lobby.current(), "a.example.org:7779");
        let on_c = lobby.reached(2);
        assert_eq!(on_c.current(), "c.example.org:7779");
        assert_eq!(on_c.after().current(), "a.example.org:7779");
        assert_eq!(on_c.after().after().current(), "b.example.org:7779");
        // Whichever answered, the settings keep the list as it was.
        let kept = on_c.to_settings().unwrap();
        assert_eq!(
            kept.to_string(),
            "a.example.org:7779, b.example.org:7779, c.example.org:7779"
        );
        // One server: the next is itself.
        let one = Lobby::typed("127.0.0.1:7779");
        assert_eq!(one.after(), one);
        assert_eq!(Lobby::typed("").after().current(), "");
        assert!(Lobby::typed("a:7779, b").to_settings().is_none());
    }
}
