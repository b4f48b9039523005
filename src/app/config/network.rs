//! `[network]`: the relay (`brique server`) that `brique host` and a code of
//! words go through unless told otherwise, and the lobby server
//! (`brique server --lobby`) of the Online screen with the name taken there.

use serde::{Deserialize, Serialize};

use super::refusal::{RelayServerError, ValueError};
use super::value::{Spelling, spelled};

/// `[network]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NetworkConfig {
    /// The relay's `HOST:PORT` (`None`, spelled `""`: play directly).
    #[serde(with = "spelled")]
    pub server: Option<RelayServer>,
    /// The lobby's `HOST:PORT`, or its servers' in the order tried (a
    /// list: `["a:7779", "b:7779"]`); empty, spelled `""`: none yet, the
    /// Online screen asks for it.
    #[serde(with = "spelled")]
    pub online_server: LobbyServers,
    /// The name taken on the lobby server ("": none yet).
    pub online_name: String,
}

/// A relay's address as typed: a host name or address and a port. Looked
/// up when a game starts (a name may point elsewhere by then).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelayServer(String);

impl RelayServer {
    /// `HOST:PORT` with a port from 1 to 65535, or why not.
    pub fn parse(text: &str) -> Result<RelayServer, RelayServerError> {
        let text = text.trim();
        let refused = || RelayServerError {
            text: text.to_string(),
            lobby: false,
        };
        let (host, port) = text.rsplit_once(':').ok_or_else(refused)?;
        let port_ok = port.parse::<u16>().is_ok_and(|p| p != 0);
        if host.is_empty() || !port_ok || text.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(refused());
        }
        Ok(RelayServer(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for RelayServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Spelling for Option<RelayServer> {
    fn spell(&self) -> toml::Value {
        toml::Value::String(self.as_ref().map_or_else(String::new, |s| s.0.clone()))
    }

    fn read(value: &toml::Value) -> Result<Option<RelayServer>, ValueError> {
        let text = value.as_str().ok_or(ValueError::Expected(
            r#"a relay's "HOST:PORT" in quotes, or "" for none"#,
        ))?;
        if text.trim().is_empty() {
            return Ok(None);
        }
        RelayServer::parse(text)
            .map(Some)
            .map_err(ValueError::Relay)
    }
}

/// The servers of one lobby, in the order a client tries them: one, as
/// typed, or several sharing one database and one key (docs/server.md).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LobbyServers(Vec<RelayServer>);

impl LobbyServers {
    /// The servers written `a:7779, b:7779` (the connect form's way); ""
    /// for none.
    pub fn parse(text: &str) -> Result<LobbyServers, RelayServerError> {
        text.split(',')
            .map(str::trim)
            .filter(|one| !one.is_empty())
            .map(|one| RelayServer::parse(one).map_err(RelayServerError::of_the_lobby))
            .collect::<Result<Vec<_>, _>>()
            .map(LobbyServers)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn servers(&self) -> &[RelayServer] {
        &self.0
    }
}

impl From<RelayServer> for LobbyServers {
    fn from(one: RelayServer) -> LobbyServers {
        LobbyServers(vec![one])
    }
}

/// `a:7779, b:7779`, as the connect form shows them.
impl std::fmt::Display for LobbyServers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, server) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(server.as_str())?;
        }
        Ok(())
    }
}

impl Spelling for LobbyServers {
    /// One server as a string (as before lists), several as a list.
    fn spell(&self) -> toml::Value {
        match &self.0[..] {
            [] => toml::Value::String(String::new()),
            [one] => toml::Value::String(one.0.clone()),
            many => toml::Value::Array(
                many.iter()
                    .map(|s| toml::Value::String(s.0.clone()))
                    .collect(),
            ),
        }
    }

    fn read(value: &toml::Value) -> Result<LobbyServers, ValueError> {
        const EXPECTED: &str = r#"a lobby's "HOST:PORT" in quotes, a list of them such as ["a.example.org:7779", "b.example.org:7779"], or "" for none"#;
        match value {
            toml::Value::String(text) if text.trim().is_empty() => Ok(LobbyServers::default()),
            toml::Value::String(text) => RelayServer::parse(text)
                .map(LobbyServers::from)
                .map_err(|why| ValueError::Relay(why.of_the_lobby())),
            toml::Value::Array(items) if items.is_empty() => Err(ValueError::EmptyList(EXPECTED)),
            toml::Value::Array(items) => items
                .iter()
                .map(|item| {
                    let text = item.as_str().ok_or(ValueError::Expected(EXPECTED))?;
                    RelayServer::parse(text).map_err(|why| ValueError::Relay(why.of_the_lobby()))
                })
                .collect::<Result<Vec<_>, _>>()
                .map(LobbyServers),
            _ => Err(ValueError::Expected(EXPECTED)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relay_is_a_host_and_a_port() {
        for good in ["127.0.0.1:7778", "relay.example.org:1", "[::1]:7778"] {
            assert_eq!(RelayServer::parse(good).unwrap().as_str(), good);
        }
        for bad in [
            "relay",
            ":7778",
            "relay:0",
            "relay:x",
            "relay:70000",
            "a b:1",
        ] {
            let why = RelayServer::parse(bad).unwrap_err();
            assert!(why.to_string().contains("HOST:PORT"), "{why}");
        }
        let none = Option::<RelayServer>::read(&toml::Value::String(String::new()));
        assert_eq!(none, Ok(None));
    }

    #[test]
    fn a_lobby_is_one_server_or_a_list_tried_in_order() {
        let read = |text: &str| {
            let value: toml::Table = toml::from_str(&format!("v = {text}")).unwrap();
            LobbyServers::read(&value["v"])
        };
        let one = read(r#""a.example.org:7779""#).unwrap();
        assert_eq!(one.to_string(), "a.example.org:7779");
        assert_eq!(
            one.spell(),
            toml::Value::String("a.example.org:7779".into())
        );
        let two = read(r#"["a.example.org:7779", "127.0.0.1:7780"]"#).unwrap();
        assert_eq!(two.servers().len(), 2);
        assert_eq!(two.to_string(), "a.example.org:7779, 127.0.0.1:7780");
        assert_eq!(LobbyServers::read(&two.spell()), Ok(two.clone()));
        assert_eq!(
            LobbyServers::parse(" a.example.org:7779 ,127.0.0.1:7780, "),
            Ok(two)
        );
        assert_eq!(read(r#""""#), Ok(LobbyServers::default()));
        assert_eq!(LobbyServers::parse(""), Ok(LobbyServers::default()));
        for bad in ["[]", "[7779]", r#"["a:7779", "b"]"#, "7779"] {
            let why = read(bad).unwrap_err().to_string();
            assert!(why.contains("HOST:PORT"), "{bad}: {why}");
        }
        assert!(
            read("[]")
                .unwrap_err()
                .to_string()
                .starts_with("an empty list")
        );
        let why = LobbyServers::parse("a:7779, b").unwrap_err().to_string();
        // A server of the lobby's list, in the connect form's words.
        assert!(why.contains("the server's HOST:PORT"), "{why}");
    }
}
