//! The PAKE that comes before the Noise handshake: SPAKE2 (Ed25519, the
//! `spake2` crate) with the code as the password. Both sides end with the
//! same 32-byte key only when they typed the same code, and someone who
//! records the exchange, or takes part with a wrong code, learns nothing
//! that lets them try other codes on their own machine: each guess takes a
//! run of the protocol with the host, which notices the failure.

use spake2::{Ed25519Group, Identity, Password, Spake2};

/// A SPAKE2 message: the side's letter and a curve point.
pub(super) const MESSAGE_LEN: usize = 33;
/// Who each side is, for SPAKE2: the program and its role.
const GUEST: &[u8] = b"brique.game/guest";
const HOST: &[u8] = b"brique.game/host";

/// One side's half of the exchange, waiting for the other's message.
pub(super) struct Pake(Spake2<Ed25519Group>);

impl Pake {
    /// Starts the guest's side (SPAKE2's A); returns its message too.
    pub(super) fn guest(password: &[u8]) -> (Pake, Vec<u8>) {
        let (state, message) = Spake2::<Ed25519Group>::start_a(
            &Password::new(password),
            &Identity::new(GUEST),
            &Identity::new(HOST),
        );
        (Pake(state), message)
    }

    /// Starts the host's side (SPAKE2's B); returns its message too.
    pub(super) fn host(password: &[u8]) -> (Pake, Vec<u8>) {
        let (state, message) = Spake2::<Ed25519Group>::start_b(
            &Password::new(password),
            &Identity::new(GUEST),
            &Identity::new(HOST),
        );
        (Pake(state), message)
    }

    /// The shared key, from the other side's message; `None` when that is
    /// not a SPAKE2 message of the other role. (A wrong password gives a
    /// different key, found out by the Noise handshake.)
    pub(super) fn finish(self, theirs: &[u8]) -> Option<[u8; 32]> {
        self.0.finish(theirs).ok()?.try_into().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_password_gives_the_same_key_and_another_does_not() {
        let (guest, to_host) = Pake::guest(b"7-guitarist-revenge");
        let (host, to_guest) = Pake::host(b"7-guitarist-revenge");
        assert_eq!(to_host.len(), MESSAGE_LEN);
        let key = guest.finish(&to_guest).unwrap();
        assert_eq!(host.finish(&to_host), Some(key));

        let (guest, to_host) = Pake::guest(b"7-guitarist-rebirth");
        let (host, to_guest) = Pake::host(b"7-guitarist-revenge");
        assert_ne!(guest.finish(&to_guest), host.finish(&to_host));

        let (host, _) = Pake::host(b"x");
        let (_, from_host) = Pake::host(b"x");
        assert_eq!(host.finish(&from_host), None, "two hosts");
        let (host, _) = Pake::host(b"x");
        assert_eq!(host.finish(&[0x41; 5]), None);
    }
}
