//! A lobby of several servers (one database, one key: docs/server.md): a
//! client tries their addresses in order, from the one it is told to
//! start at, and takes the first that answers. A server that cannot be
//! reached, or whose connection breaks before the welcome, passes the
//! turn to the next; a refusal that every server of the lobby would give
//! (the name, the protocol, a key not the lobby's) ends the round.

use std::net::SocketAddr;
use std::path::Path;

use super::client::{Client, OnlineError, Welcome};
use super::identity::Identity;

/// A connection made by [`Client::connect_first`]: the client, its
/// welcome, and which of the addresses answered (its index).
#[derive(Debug)]
pub struct Reached {
    pub client: Client,
    pub welcome: Welcome,
    pub index: usize,
}

impl Client {
    /// Connects to the first of `servers` (`HOST:PORT` each, the servers
    /// of one lobby) that answers, trying them in order from `from` and
    /// round to the start; the last failure if none does.
    pub fn connect_first(
        servers: &[String],
        from: usize,
        identity: &Identity,
        name: Option<&str>,
        known_servers: &Path,
    ) -> Result<Reached, OnlineError> {
        // Every address looked up first: a server met for the first time
        // must prove the key the lobby's others proved.
        let found: Vec<Result<SocketAddr, OnlineError>> = servers
            .iter()
            .map(|text| crate::net::lookup(text).map_err(|e| OnlineError::Lookup(e.to_string())))
            .collect();
        let lobby: Vec<SocketAddr> = found
            .iter()
            .filter_map(|f| f.as_ref().ok())
            .copied()
            .collect();
        let count = servers.len();
        let mut last = OnlineError::Lookup("no server is given".to_string());
        for index in (0..count).map(|i| (from + i) % count) {
            let tried = match found.get(index) {
                Some(Ok(address)) => {
                    Client::connect_within(*address, &lobby, identity, name, false, known_servers)
                }
                Some(Err(e)) => Err(OnlineError::Lookup(e.to_string())),
                None => continue,
            };
            match tried {
                Ok((client, welcome)) => {
                    return Ok(Reached {
                        client,
                        welcome,
                        index,
                    });
                }
                Err(e) if tries_next(&e) => last = e,
                Err(e) => return Err(e),
            }
        }
        Err(last)
    }
}

/// Whether another server of the lobby may answer where this one failed.
fn tries_next(failure: &OnlineError) -> bool {
    match failure {
        OnlineError::Unreachable(..)
        | OnlineError::Lookup(_)
        | OnlineError::Handshake(_)
        | OnlineError::Closed(_)
        | OnlineError::Timeout
        | OnlineError::Refused(_)
        | OnlineError::Unexpected => true,
        OnlineError::Version { .. } | OnlineError::ServerKey(_) | OnlineError::Name(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lobby_with_no_server_that_answers_says_the_last_failure() {
        let dir = tempfile::tempdir().unwrap();
        let known = dir.path().join("known");
        let identity = Identity::generate().unwrap();
        // A port just freed: nothing listens there.
        let closed = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap();
        let servers = vec!["no-such-host.invalid:7779".to_string(), closed.to_string()];
        let failed = Client::connect_first(&servers, 1, &identity, None, &known).unwrap_err();
        // From index 1, round to 0: the lookup's failure is the last.
        assert!(matches!(failed, OnlineError::Lookup(_)), "{failed}");
        let none = Client::connect_first(&[], 0, &identity, None, &known).unwrap_err();
        assert_eq!(none.to_string(), "no server is given");
        assert!(!known.exists());
    }
}
