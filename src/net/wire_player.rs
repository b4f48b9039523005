//! Players on the wire: Player 1 and Player 2 as the numbers 1 and 2.

use crate::core::Player;

pub(super) const fn number(player: Player) -> u8 {
    match player {
        Player::One => 1,
        Player::Two => 2,
    }
}

/// A number on the wire that is no player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no player {0}")]
pub struct NoPlayer(pub u8);

pub(super) const fn player(number: u8) -> Result<Player, NoPlayer> {
    match number {
        1 => Ok(Player::One),
        2 => Ok(Player::Two),
        n => Err(NoPlayer(n)),
    }
}
