//! `review`: the engine's review of the game being played, told in lines:
//! each marked move (an inaccuracy, a mistake, a blunder) with the chances
//! before and after it and the engine's better move, then each player's
//! summary. The review itself is [`crate::reviewer`]'s.

use std::sync::atomic::AtomicBool;

use crate::ai::review::{MoveReview, summary};
use crate::core::{Game, Player};
use crate::reviewer::{ReviewSettings, review_game};

/// What is said before the review runs: how long it may take.
pub fn intro(game: &Game, millis: u64) -> String {
    let positions = game.history().len() + 1;
    format!(
        "Reviewing the game: {positions} positions, up to {:.1} seconds each.",
        millis as f64 / 1000.0
    )
}

/// Reviews `game` on this thread and tells what the review found.
pub fn review_lines(game: &Game, names: &[String; 2], millis: u64) -> Vec<String> {
    let settings = ReviewSettings {
        millis,
        threads: 1,
        seed: getrandom::u64().unwrap_or(0x5eed),
    };
    let never = AtomicBool::new(false);
    let review = review_game(game, settings, &never, |_| {});
    let moves = review.moves(game);
    let mut lines: Vec<String> = moves
        .iter()
        .filter(|m| m.class.is_some())
        .map(|m| marked(m, names))
        .collect();
    if lines.is_empty() {
        lines.push("No move is marked: no inaccuracy, mistake or blunder.".to_string());
    }
    for player in [Player::One, Player::Two] {
        let s = summary(&moves, player);
        lines.push(format!(
            "{}: {}, {}, {}; average loss {:.1} points over {}.",
            names[player.index()],
            count(s.inaccuracies, "inaccuracy", "inaccuracies"),
            count(s.mistakes, "mistake", "mistakes"),
            count(s.blunders, "blunder", "blunders"),
            s.average_loss,
            count(s.moves, "move", "moves"),
        ));
    }
    lines
}

/// `Move 3, Black e5 (Ann): a blunder, chance 60% before and 12% after; better d4.`
fn marked(m: &MoveReview, names: &[String; 2]) -> String {
    let class = m.class.map_or("", |c| c.name());
    let better = m
        .better
        .map(|mv| format!("; better {mv}"))
        .unwrap_or_default();
    format!(
        "Move {}, {} {} ({}): a {class}, chance {} before and {} after{better}.",
        m.number,
        m.color,
        m.mv,
        names[m.player.index()],
        chance(m.before, m.before_proven),
        chance(m.after, m.after_proven),
    )
}

/// `57%`, or `won` or `lost` where proven.
fn chance(points: u8, proven: bool) -> String {
    match (proven, points) {
        (true, 100) => "won".to_string(),
        (true, 0) => "lost".to_string(),
        _ => format!("{points}%"),
    }
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
