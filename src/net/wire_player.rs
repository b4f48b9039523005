//! Players on the wire: Player 1 and Player 2 as the numbers 1 and 2.

use crate::core::Player;

pub(super) const fn number(player: Player) -> u8 {
    match player {
        Player::One => 1,
        Player::Two => 2,
    }
}

pub(super) fn player(number: u8) -> Result<Player, String> {
    match number {
        1 => Ok(Player::One),
        2 => Ok(Player::Two),
        n => Err(format!("there is no player {n}")),
    }
}
