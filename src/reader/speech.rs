//! The announcements: what a move did, the pie question, the win with its
//! chain, the game's terms. Pure: facts in, one line of text out.

use crate::core::{Color, Game, Move, MoveReport, Player, Rules};

use super::board_text::{filled_and_captured, list};

/// `Black e5; fills e6; captures f6.`, or `White swaps.`
pub fn move_line(report: &MoveReport) -> String {
    let mut line = match report.mv {
        Move::Swap => return format!("{} swaps.", report.color),
        Move::Place(sq) => format!("{} {sq}", report.color),
    };
    let (fills, captures) = filled_and_captured(report);
    if !fills.is_empty() {
        line.push_str(&format!("; fills {}", list(&fills)));
    }
    if !captures.is_empty() {
        line.push_str(&format!("; captures {}", list(&captures)));
    }
    line.push('.');
    line
}

/// The player's name with their colour: `Player 1 (Black)`.
pub fn named(game: &Game, names: &[String; 2], player: Player) -> String {
    format!("{} ({})", names[player.index()], game.color_of(player))
}

/// What comes after a move: the win with its chain, the pie question, or
/// whose turn it is.
pub fn after_move(game: &Game, names: &[String; 2]) -> String {
    if let Some(color) = game.winning_color() {
        return win_line(game, names, color);
    }
    let mover = game.player_to_move();
    let position = game.position();
    if position.can_swap() {
        return format!(
            "{} to move. White may swap: type swap to take Black's stone as your own, \
             or place a stone.",
            named(game, names, mover)
        );
    }
    format!("{} to move.", named(game, names, mover))
}

/// `Black wins: Player 1, with the chain e1, e2, …` or the resignation.
pub fn win_line(game: &Game, names: &[String; 2], color: Color) -> String {
    let winner = names[game.holder(color).index()].as_str();
    if let Some(loser) = game.resigned() {
        return format!("{loser} resigns. {color} wins: {winner}.");
    }
    match game.position().winning_chain() {
        Some(chain) => format!("{color} wins: {winner}, with the chain {}.", list(&chain)),
        None => format!("{color} wins: {winner}."),
    }
}

/// `9 by 9, original rules, pie rule on`.
pub fn terms(game: &Game) -> String {
    format!("{n} by {n}, {}", rules_words(game.rules()), n = game.size())
}

/// `original rules, pie rule on`.
pub fn rules_words(rules: Rules) -> String {
    let pie = if rules.pie { "on" } else { "off" };
    format!("{} rules, pie rule {pie}", rules.variant)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::BoardSize;

    #[test]
    fn a_move_says_what_it_filled() {
        let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::default(), Player::One);
        let report = game.play(Move::Place("e5".parse().unwrap())).unwrap();
        assert!(move_line(&report).starts_with("Black e5"));
        let names = ["Ann".to_string(), "Bob".to_string()];
        assert!(after_move(&game, &names).contains("may swap"));
    }
}
