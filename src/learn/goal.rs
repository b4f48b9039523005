//! What a lesson asks of one move, and the core's verdict on a move.

use std::fmt;
use std::str::FromStr;

use super::refusal::GoalError;
use crate::core::{Color, Move, MoveReport, PlayError, Position, Shade, Square, escorts};

/// The task of a lesson: what the player's one move must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Connect the mover's two edges.
    Win,
    /// Fill this square by the escort rule.
    Fill(Square),
    /// Capture the opponent's stone on this square.
    Capture(Square),
    /// Place a stone on one of this square's escorts.
    Escort(Square),
    /// Leave the mover's stone on this square safe from a capture next move.
    Defend(Square),
    /// Join these two squares in one chain of the mover's stones.
    Join(Square, Square),
    /// Leave the opponent no move that wins at once.
    Block,
    /// Take the opening with the pie rule.
    Swap,
    /// Decline the swap by placing a stone.
    Decline,
}

/// The verdict on a move: whether it does the task, why not, and the squares
/// that show why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub done: bool,
    /// Why the move does not do the task (empty when it does).
    pub reason: String,
    pub marks: Vec<Square>,
}

impl Verdict {
    fn done() -> Verdict {
        Verdict {
            done: true,
            reason: String::new(),
            marks: Vec::new(),
        }
    }

    fn missed(reason: String, marks: Vec<Square>) -> Verdict {
        Verdict {
            done: false,
            reason,
            marks,
        }
    }
}

impl Goal {
    /// Judges `mv` played in `before`; an illegal move is refused as the core
    /// refuses it.
    pub fn judge(self, before: &Position, mv: Move) -> Result<Verdict, PlayError> {
        let mut after = before.clone();
        let report = after.play(mv)?;
        let mover = report.color;
        let size = before.size();
        Ok(match self {
            Goal::Win if report.won => Verdict::done(),
            Goal::Win => Verdict::missed("That does not connect your edges yet.".into(), vec![]),
            Goal::Fill(sq) if report.fills.iter().any(|f| f.square == sq) => Verdict::done(),
            Goal::Fill(sq) => Verdict::missed(
                format!("{sq} did not fill: {}", why_unfilled(&after, sq, mover)),
                escort_list(&after, sq),
            ),
            Goal::Capture(sq) if report.fills.captures().any(|c| c == sq) => Verdict::done(),
            Goal::Capture(sq) => Verdict::missed(
                format!(
                    "The stone on {sq} stays: {}",
                    why_unfilled(&after, sq, mover)
                ),
                escort_list(&after, sq),
            ),
            Goal::Escort(sq) => match mv {
                Move::Place(p) if escorts(size, sq).contains(p) => Verdict::done(),
                _ => Verdict::missed(
                    format!("{mv} is not an escort of {sq}: {}", escort_rule(&after, sq)),
                    escort_list(&after, sq),
                ),
            },
            Goal::Defend(sq) if after.get(sq) != Some(mover) => {
                Verdict::missed(format!("{sq} is no longer yours."), vec![sq])
            }
            Goal::Defend(sq) => {
                let threats = replies_where(&after, |r| r.fills.captures().any(|c| c == sq));
                match threats.first() {
                    None => Verdict::done(),
                    Some(q) => {
                        Verdict::missed(format!("{sq} can still be captured at {q}."), threats)
                    }
                }
            }
            Goal::Join(a, b) if joined(&after, a, b, mover) => Verdict::done(),
            Goal::Join(a, b) => Verdict::missed(
                format!("{a} and {b} are not joined by your stones yet."),
                vec![a, b],
            ),
            Goal::Block if report.won => Verdict::done(),
            Goal::Block => {
                let wins = replies_where(&after, |r| r.won);
                match wins.first() {
                    None => Verdict::done(),
                    Some(q) => {
                        Verdict::missed(format!("{} still wins at {q}.", mover.other()), wins)
                    }
                }
            }
            Goal::Swap if mv == Move::Swap => Verdict::done(),
            Goal::Swap => Verdict::missed(
                "Placing a stone declines the swap, and this opening is worth taking.".into(),
                Vec::new(),
            ),
            Goal::Decline if mv != Move::Swap => Verdict::done(),
            Goal::Decline => Verdict::missed(
                "Swapping takes this opening, and it is too weak to want: place a stone instead."
                    .into(),
                Vec::new(),
            ),
        })
    }
}

impl Goal {
    /// The squares the task names.
    pub fn squares(self) -> Vec<Square> {
        match self {
            Goal::Fill(sq) | Goal::Capture(sq) | Goal::Escort(sq) | Goal::Defend(sq) => vec![sq],
            Goal::Join(a, b) => vec![a, b],
            Goal::Win | Goal::Block | Goal::Swap | Goal::Decline => Vec::new(),
        }
    }
}

/// The squares where the side to move in `pos` could place a stone with this effect.
fn replies_where(pos: &Position, effect: impl Fn(&MoveReport) -> bool) -> Vec<Square> {
    pos.size()
        .squares()
        .filter(|&q| pos.get(q).is_none())
        .filter(|&q| pos.preview(Move::Place(q)).is_ok_and(|r| effect(&r)))
        .collect()
}

fn escort_list(pos: &Position, sq: Square) -> Vec<Square> {
    escorts(pos.size(), sq).iter().collect()
}

/// Which squares escort `sq`, and why: its shade's rule.
fn escort_rule(pos: &Position, sq: Square) -> String {
    let side = match sq.shade() {
        Shade::Light => "a light square is escorted from above and from its left",
        Shade::Dark => "a dark square is escorted from its right and from below",
    };
    let list: Vec<String> = escort_list(pos, sq).iter().map(Square::to_string).collect();
    match list.as_slice() {
        [] => format!("{side}, and {sq} has no escort on the board."),
        [one] => format!("{side}, so {sq}'s only escort is {one}."),
        _ => format!("{side}, so {sq}'s escorts are {}.", list.join(" and ")),
    }
}

/// Why `sq` does not hold `mover`'s stone by a fill in `after`.
fn why_unfilled(after: &Position, sq: Square, mover: Color) -> String {
    let guards = escorts(after.size(), sq);
    if !after.rules().variant.can_fill(guards.len()) {
        return match guards.len() {
            0 => format!("{sq} has no escort, so it never fills."),
            _ => format!(
                "in the {} rules a square with one escort never fills.",
                after.rules().variant
            ),
        };
    }
    let missing: Vec<String> = guards
        .iter()
        .filter(|&g| after.get(g) != Some(mover))
        .map(|g| g.to_string())
        .collect();
    let list: Vec<String> = guards.iter().map(|g| g.to_string()).collect();
    format!(
        "its escorts are {}, and {} not yours.",
        list.join(" and "),
        match missing.as_slice() {
            [one] => format!("{one} is"),
            _ => format!("{} are", missing.join(" and ")),
        }
    )
}

/// Whether `a` and `b` hold `color` and one orthogonal chain of it joins them.
fn joined(pos: &Position, a: Square, b: Square, color: Color) -> bool {
    let size = pos.size();
    if pos.get(a) != Some(color) || pos.get(b) != Some(color) {
        return false;
    }
    let mut seen = vec![false; size.area()];
    let mut stack = vec![a];
    seen[size.index(a)] = true;
    while let Some(sq) = stack.pop() {
        if sq == b {
            return true;
        }
        for n in size.neighbours(sq) {
            if pos.get(n) == Some(color) && !seen[size.index(n)] {
                seen[size.index(n)] = true;
                stack.push(n);
            }
        }
    }
    false
}

impl FromStr for Goal {
    type Err = GoalError;

    /// Reads `win`, `fill c3`, `capture c3`, `escort c3`, `defend c3`,
    /// `join c1 c5`, `block`, `swap` or `decline`.
    fn from_str(s: &str) -> Result<Goal, GoalError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let square = |w: &str| {
            w.parse::<Square>().map_err(|error| GoalError::Square {
                text: w.to_string(),
                error,
            })
        };
        match words.as_slice() {
            ["win"] => Ok(Goal::Win),
            ["block"] => Ok(Goal::Block),
            ["swap"] => Ok(Goal::Swap),
            ["decline"] => Ok(Goal::Decline),
            ["fill", sq] => Ok(Goal::Fill(square(sq)?)),
            ["capture", sq] => Ok(Goal::Capture(square(sq)?)),
            ["escort", sq] => Ok(Goal::Escort(square(sq)?)),
            ["defend", sq] => Ok(Goal::Defend(square(sq)?)),
            ["join", a, b] => Ok(Goal::Join(square(a)?, square(b)?)),
            _ => Err(GoalError::Unknown(s.to_string())),
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Win => f.write_str("win"),
            Goal::Fill(sq) => write!(f, "fill {sq}"),
            Goal::Capture(sq) => write!(f, "capture {sq}"),
            Goal::Escort(sq) => write!(f, "escort {sq}"),
            Goal::Defend(sq) => write!(f, "defend {sq}"),
            Goal::Join(a, b) => write!(f, "join {a} {b}"),
            Goal::Block => f.write_str("block"),
            Goal::Swap => f.write_str("swap"),
            Goal::Decline => f.write_str("decline"),
        }
    }
}
