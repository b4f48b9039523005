//! The addresses a person types: the port a host listens on unless told
//! otherwise, and a host's `ADDR:PORT` as a guest gives it.

use std::net::{SocketAddr, ToSocketAddrs};

use crate::core::Quoted;

/// The port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7777;

/// Why typed text is not an address to connect to.
#[derive(Debug, thiserror::Error)]
pub enum AddressError {
    #[error("{} is not a host address and port such as 192.168.1.20:7777 ({source}).", Quoted(.text))]
    Unreadable {
        text: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{} names no address.", Quoted(.text))]
    Nowhere { text: String },
}

/// `ADDR:PORT` (a name such as `localhost:7777` is looked up).
pub fn lookup(text: &str) -> Result<SocketAddr, AddressError> {
    let mut found = text
        .to_socket_addrs()
        .map_err(|source| AddressError::Unreadable {
            text: text.to_string(),
            source,
        })?;
    found.next().ok_or_else(|| AddressError::Nowhere {
        text: text.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_read_and_bad_ones_say_why() {
        assert_eq!(
            lookup("127.0.0.1:7777").ok(),
            Some("127.0.0.1:7777".parse().unwrap())
        );
        let err = lookup("127.0.0.1").unwrap_err();
        assert!(matches!(err, AddressError::Unreadable { .. }));
        assert!(std::error::Error::source(&err).is_some());
        assert!(
            err.to_string().contains("not a host address and port"),
            "{err}"
        );
    }
}
