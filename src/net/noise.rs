//! Every Noise handshake is built here: a game's (`NNpsk0`, keyed with the
//! PAKE's result, `handshake.rs`) and the lobby's (`XX`, with each side's
//! static key, `online/wire.rs`), each with its pattern and prologue, and
//! the lobby's key pairs, made for its pattern.

use snow::{Builder, HandshakeState, Keypair};

/// A game's pattern. It and [`GAME_PROLOGUE`] never change, so that copies
/// of any two versions can tell each other theirs.
pub const GAME_PATTERN: &str = "Noise_NNpsk0_25519_ChaChaPoly_BLAKE2s";
const GAME_PROLOGUE: &[u8] = b"brique-net";
/// The lobby's pattern; a player's key pair is made for it.
pub const LOBBY_PATTERN: &str = "Noise_XX_25519_ChaChaPoly_BLAKE2s";
/// Bound into the lobby's handshake: a client of another program cannot
/// complete it.
const LOBBY_PROLOGUE: &[u8] = b"brique-lobby";

/// Which handshake, with its key.
#[derive(Clone, Copy)]
pub enum Noise<'a> {
    /// A game's, with the pre-shared key both sides made.
    Game { psk: &'a [u8; 32] },
    /// The lobby's, with this side's static secret key.
    Lobby { secret: &'a [u8; 32] },
}

/// Which side a handshake is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Writes the first message (the guest, the lobby's client).
    Initiator,
    Responder,
}

/// The handshake's state for one side.
pub fn handshake(noise: Noise<'_>, role: Role) -> Result<HandshakeState, snow::Error> {
    let builder = match noise {
        Noise::Game { psk } => Builder::new(GAME_PATTERN.parse()?)
            .psk(0, psk)?
            .prologue(GAME_PROLOGUE)?,
        Noise::Lobby { secret } => Builder::new(LOBBY_PATTERN.parse()?)
            .local_private_key(secret)?
            .prologue(LOBBY_PROLOGUE)?,
    };
    match role {
        Role::Initiator => builder.build_initiator(),
        Role::Responder => builder.build_responder(),
    }
}

/// A new key pair for the lobby, from the system's randomness.
pub fn lobby_keypair() -> Result<Keypair, snow::Error> {
    Builder::new(LOBBY_PATTERN.parse()?).generate_keypair()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs a handshake between `a` and `b` to its end; whether both
    /// reached transport mode.
    fn completes(mut a: HandshakeState, mut b: HandshakeState) -> bool {
        let (mut buf, mut out) = (vec![0u8; 1024], vec![0u8; 1024]);
        let sides = [&mut a, &mut b];
        let mut turn = 0;
        while !sides[0].is_handshake_finished() || !sides[1].is_handshake_finished() {
            let Ok(len) = sides[turn].write_message(&[], &mut out) else {
                return false;
            };
            if sides[1 - turn].read_message(&out[..len], &mut buf).is_err() {
                return false;
            }
            turn = 1 - turn;
        }
        a.into_transport_mode().is_ok() && b.into_transport_mode().is_ok()
    }

    #[test]
    fn both_handshakes_complete_and_a_wrong_key_does_not() {
        let (psk, other) = ([7u8; 32], [8u8; 32]);
        let game = |psk, role| handshake(Noise::Game { psk }, role).unwrap();
        assert!(completes(
            game(&psk, Role::Initiator),
            game(&psk, Role::Responder)
        ));
        assert!(!completes(
            game(&psk, Role::Initiator),
            game(&other, Role::Responder)
        ));
        let (a, b) = (lobby_keypair().unwrap(), lobby_keypair().unwrap());
        let key = |pair: &Keypair| -> [u8; 32] { pair.private.clone().try_into().unwrap() };
        let lobby = |secret, role| handshake(Noise::Lobby { secret }, role).unwrap();
        assert!(completes(
            lobby(&key(&a), Role::Initiator),
            lobby(&key(&b), Role::Responder)
        ));
    }
}
