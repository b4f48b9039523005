//! `review`: the engine's review of the game being played, told in lines:
//! each marked move (an inaccuracy, a mistake, a blunder) with the chances
//! before and after it and the engine's better move, then each player's
//! summary. The review itself is [`crate::reviewer`]'s.

use std::sync::atomic::AtomicBool;

use crate::ai::review::{MoveReview, chance_text, summary};
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
        let summary = summary(&moves, player).text();
        lines.push(format!("{}: {summary}.", names[player.index()]));
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
        chance_text(m.before, m.before_proven),
        chance_text(m.after, m.after_proven),
    )
}
