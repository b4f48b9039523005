//! Proofs for puzzles: whether the side to move wins within `n` of its own
//! moves against every defence, which first moves do, and the defences.
//!
//! The search leans on one fact of the rules: a stone of the defender's, or
//! one fewer stone of the attacker's, never gives the attacker a fill or a
//! chain it did not have. So the attacker's immediate wins after a reply are
//! among those it threatened before the reply, and a defender who could pass
//! would do at least as well as with any stone: if the attacker cannot win
//! after a pass, it cannot win after any reply.
//!
//! ```
//! use brique::core::{Move, Position};
//! use brique::learn::proof;
//! // Black's c1-c2 and c4-c5 need c3 (or b3, which fills c3).
//! let pos: Position = "2B2/W1B2/W4/W1B1W/WBB2 b 8 original nopie".parse().unwrap();
//! assert!(proof::wins_within(&pos, 1));
//! let moves = proof::winning_moves(&pos, 1);
//! assert_eq!(moves, ["b3".parse::<Move>().unwrap(), "c3".parse().unwrap()]);
//! ```

use crate::core::{Move, Position, Square};

/// The legal actions of the side to move: every empty square, and the swap
/// when it is allowed.
pub fn actions(pos: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = pos
        .size()
        .squares()
        .filter(|&sq| pos.get(sq).is_none())
        .map(Move::Place)
        .collect();
    if pos.can_swap() {
        moves.push(Move::Swap);
    }
    moves
}

fn after(pos: &Position, mv: Move) -> Option<(Position, bool)> {
    let mut next = pos.clone();
    let report = next.play(mv).ok()?;
    Some((next, report.won))
}

fn wins_at(pos: &Position, sq: Square) -> bool {
    pos.preview(Move::Place(sq)).is_ok_and(|r| r.won)
}

/// The squares where the side to move wins at once.
pub fn immediate_wins(pos: &Position) -> Vec<Square> {
    if pos.is_over() {
        return Vec::new();
    }
    pos.size()
        .squares()
        .filter(|&sq| pos.get(sq).is_none() && wins_at(pos, sq))
        .collect()
}

/// What the side not to move would win with at once if it were its turn.
fn threats(pos: &Position) -> Vec<Square> {
    pos.passed().map_or_else(Vec::new, |p| immediate_wins(&p))
}

/// Whether the side to move wins within `n` of its own moves (the last one
/// connecting) whatever the other side does.
pub fn wins_within(pos: &Position, n: u8) -> bool {
    if pos.is_over() || n == 0 {
        return false;
    }
    if pos
        .size()
        .squares()
        .any(|sq| pos.get(sq).is_none() && wins_at(pos, sq))
    {
        return true;
    }
    n > 1 && actions(pos).into_iter().any(|mv| wins_after(pos, mv, n))
}

/// Whether `mv` wins within `n` moves of its player (itself included).
fn wins_after(pos: &Position, mv: Move, n: u8) -> bool {
    match after(pos, mv) {
        None => false,
        Some((_, true)) => true,
        Some((next, false)) => n > 1 && refutation(&next, n - 1).is_none(),
    }
}

/// Every first move of the side to move that wins within `n` of its moves, in
/// board order (the swap last).
pub fn winning_moves(pos: &Position, n: u8) -> Vec<Move> {
    actions(pos)
        .into_iter()
        .filter(|&mv| wins_after(pos, mv, n))
        .collect()
}

/// A defence for the side to move in `pos` after which the other side does
/// not win within `k` of its moves; `None` when every defence loses.
pub fn refutation(pos: &Position, k: u8) -> Option<Move> {
    let replies = actions(pos);
    // Winning at once is the best defence of all.
    if let Some(&win) = replies
        .iter()
        .find(|&&mv| after(pos, mv).is_some_and(|(_, won)| won))
    {
        return Some(win);
    }
    if k == 0 {
        return replies.first().copied();
    }
    let threatened = threats(pos);
    if threatened.is_empty() {
        // With nothing threatened, no stone does better than a pass would: if
        // the attacker cannot win after a pass, any reply holds.
        let passed = pos.passed()?;
        if k == 1 || !wins_within(&passed, k) {
            return replies.first().copied();
        }
    }
    // A reply holds when it stops every threat (the attacker's wins after it
    // are among them) and leaves no longer win.
    replies.into_iter().find(|&mv| match after(pos, mv) {
        None => false,
        Some((next, _)) => {
            !threatened.iter().any(|&t| wins_at(&next, t)) && (k == 1 || !wins_within(&next, k))
        }
    })
}

/// How many moves the side to move needs to force a win, if at most `n`.
pub fn moves_to_win(pos: &Position, n: u8) -> Option<u8> {
    (1..=n).find(|&k| wins_within(pos, k))
}

/// The defence that holds out longest when every defence loses within `k`
/// moves of the attacker: the reply after which the attacker needs the most
/// moves; among those that lose at once, the one that leaves the attacker
/// the fewest winning squares, i.e. that stops a threat (not the first
/// square in board order, an unrelated corner); the first such in board
/// order.
pub fn longest_defence(pos: &Position, k: u8) -> Option<Move> {
    // After a reply the attacker's immediate wins are among those it
    // threatens now, so only the threats need testing for a one-move loss.
    let threatened = threats(pos);
    let mut best: Option<((u8, usize), Move)> = None;
    for mv in actions(pos) {
        let Some((next, won)) = after(pos, mv) else {
            continue;
        };
        if won {
            return Some(mv);
        }
        let wins = threatened.iter().filter(|&&t| wins_at(&next, t)).count();
        let needs = if wins > 0 {
            1
        } else {
            (2..k).find(|&j| wins_within(&next, j)).unwrap_or(k)
        };
        // More moves needed is better, then fewer ways to win at once.
        let worth = (needs, usize::MAX - wins);
        if best.is_none_or(|(most, _)| worth > most) {
            best = Some((worth, mv));
        }
    }
    best.map(|(_, mv)| mv)
}
