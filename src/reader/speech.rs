//! The announcements: what a move did, the pie question, the win with its
//! chain, the game's terms, what changed in a game heard from the network.
//! Pure: facts in, lines of text out.

use crate::core::{BoardSize, Color, Game, Move, MoveReport, PlayError, Player, Rules};

use super::board_text::{filled_and_captured, list, off_board};

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

/// A move refused, said as a sentence.
pub fn play_error(e: &PlayError, size: BoardSize) -> String {
    match e {
        PlayError::OffBoard(sq) => off_board(*sq, size),
        e => format!("{}. Nothing was played.", capital(&e.to_string())),
    }
}

/// `last`: the last move and what it did.
pub fn last_line(game: &Game) -> String {
    match game.last() {
        Some(report) => format!(
            "Last move, number {}: {}",
            game.history().len(),
            move_line(report)
        ),
        None => "No move has been played yet.".to_string(),
    }
}

/// `moves`: every move, numbered.
pub fn moves_line(game: &Game) -> String {
    if game.history().is_empty() {
        return "No move has been played yet.".to_string();
    }
    let moves: Vec<String> = game
        .history()
        .iter()
        .enumerate()
        .map(|(i, r)| format!("{} {} {}", i + 1, r.color, r.mv))
        .collect();
    format!("Moves: {}.", moves.join(", "))
}

/// What changed from `old` (the game as last told, if any) to `new`: each
/// new move, then the win or the turn; a game that does not go on from
/// the old one is told whole (its terms, who holds Black, its moves).
pub fn changes(old: Option<&Game>, new: &Game, names: &[String; 2]) -> Vec<String> {
    let goes_on = old.filter(|old| {
        old.size() == new.size()
            && old.rules() == new.rules()
            && old.first_black() == new.first_black()
            && old.history().len() <= new.history().len()
            && old
                .history()
                .iter()
                .zip(new.history())
                .all(|(a, b)| a.mv == b.mv)
    });
    let mut lines = Vec::new();
    match goes_on {
        Some(old) => {
            let added = &new.history()[old.history().len()..];
            if added.is_empty() && old.resigned() == new.resigned() {
                return lines;
            }
            lines.extend(added.iter().map(move_line));
        }
        None => {
            let black = names[new.holder(Color::Black).index()].as_str();
            let white = names[new.holder(Color::White).index()].as_str();
            let fresh = if new.history().is_empty() {
                "New game"
            } else {
                "The game so far"
            };
            lines.push(format!(
                "{fresh}: {}; {black} plays Black, {white} plays White.",
                terms(new)
            ));
            if !new.history().is_empty() {
                lines.push(moves_line(new));
            }
        }
    }
    lines.push(after_move(new, names));
    lines
}

/// `text` with a capital first letter.
pub fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
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

    #[test]
    fn changes_tell_new_moves_or_the_whole_game() {
        let names = ["Ann".to_string(), "Bob".to_string()];
        let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::default(), Player::One);
        let fresh = changes(None, &game, &names);
        assert_eq!(
            fresh[0],
            "New game: 9 by 9, original rules, pie rule on; Ann plays Black, Bob plays White."
        );
        let old = game.clone();
        game.play(Move::Place("e5".parse().unwrap())).unwrap();
        let told = changes(Some(&old), &game, &names);
        assert_eq!(told[0], "Black e5.");
        assert!(
            told[1].starts_with("Bob (White) to move. White may swap"),
            "{told:?}"
        );
        assert!(changes(Some(&game), &game, &names).is_empty());
        let old = game.clone();
        game.resign(crate::core::Color::White).unwrap();
        assert_eq!(
            changes(Some(&old), &game, &names),
            ["White resigns. Black wins: Ann."]
        );
        // A game that does not go on from the one told is told whole.
        let fresh_again = Game::new(BoardSize::new(9).unwrap(), Rules::default(), Player::One);
        let told = changes(Some(&game), &fresh_again, &names);
        assert!(told[0].starts_with("New game: 9 by 9"), "{told:?}");
        assert_eq!(told.len(), 2);
    }
}
