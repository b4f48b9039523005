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
    /// The lobby's `HOST:PORT` (`None`, spelled `""`: none yet; the Online
    /// screen asks for it).
    #[serde(with = "spelled")]
    pub online_server: Option<RelayServer>,
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
}
