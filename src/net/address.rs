//! The addresses a person types: the port a host listens on unless told
//! otherwise, and a host's `ADDR:PORT` as a guest gives it.

use std::net::{SocketAddr, ToSocketAddrs};

/// The port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7777;

/// `ADDR:PORT` (a name such as `localhost:7777` is looked up).
pub fn resolve(text: &str) -> Result<SocketAddr, String> {
    let quoted = crate::core::Quoted(text);
    let mut found = text.to_socket_addrs().map_err(|e| {
        format!("{quoted} is not a host address and port such as 192.168.1.20:7777 ({e}).")
    })?;
    found
        .next()
        .ok_or_else(|| format!("{quoted} names no address."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_read_and_bad_ones_say_why() {
        assert_eq!(
            resolve("127.0.0.1:7777"),
            Ok("127.0.0.1:7777".parse().unwrap())
        );
        let err = resolve("127.0.0.1").unwrap_err();
        assert!(err.contains("not a host address and port"), "{err}");
    }
}
