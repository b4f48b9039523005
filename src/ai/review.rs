//! A game reviewed by the engine: an evaluation of every position (Black's
//! winning chance, proven or estimated, and the engine's move there), each
//! move classified from the drop in its player's chance, a summary per
//! player, and the review as one `x-review` line of a record.
//!
//! Pure: the searches that fill a review in run elsewhere
//! (`crate::reviewer`); this only judges what they found. Chances are kept
//! in whole percentage points, as the record keeps them, so that a review
//! read back classifies every move as it did before it was written.

use std::fmt;

use super::search::Report;
use crate::core::{Color, Game, Move, Player, Position};

/// The least drop of a player's winning chance, in percentage points, that
/// makes a move an inaccuracy, a mistake or a blunder (as lichess marks them).
pub const INACCURACY: u8 = 10;
pub const MISTAKE: u8 = 20;
pub const BLUNDER: u8 = 35;

/// What is known of who wins a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chance {
    /// The engine's estimate of Black's chance, 0 to 100.
    Estimate(u8),
    /// A proven result (or a game over): this colour wins.
    Proven(Color),
}

impl Chance {
    /// `color`'s chance in percentage points: 100 or 0 when proven.
    pub fn of(self, color: Color) -> u8 {
        let black = match self {
            Chance::Estimate(black) => black.min(100),
            Chance::Proven(Color::Black) => 100,
            Chance::Proven(Color::White) => 0,
        };
        match color {
            Color::Black => black,
            Color::White => 100 - black,
        }
    }

    pub fn is_proven(self) -> bool {
        matches!(self, Chance::Proven(_))
    }
}

/// The engine's word on one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evaluation {
    pub chance: Chance,
    /// The move the engine would play (`None` once the game is over).
    pub best: Option<Move>,
}

impl Evaluation {
    /// What a search's report says of `position`; a game over is its result.
    pub fn from_report(report: &Report, position: &Position) -> Evaluation {
        if let Some(winner) = position.winner() {
            return Evaluation::over(winner);
        }
        let to_move = position.to_move();
        let chance = match report.proven {
            Some(true) => Chance::Proven(to_move),
            Some(false) => Chance::Proven(to_move.other()),
            None => {
                // Whole points, as the record keeps them.
                let mover = (100.0 * report.win.clamp(0.0, 1.0)).round() as u8;
                Chance::Estimate(match to_move {
                    Color::Black => mover,
                    Color::White => 100 - mover,
                })
            }
        };
        Evaluation {
            chance,
            best: report.best,
        }
    }

    /// A position `winner` has won: nothing to search.
    pub fn over(winner: Color) -> Evaluation {
        Evaluation {
            chance: Chance::Proven(winner),
            best: None,
        }
    }
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Class {
    /// The class of a drop of `loss` points, if it has one.
    pub fn of_loss(loss: u8) -> Option<Class> {
        match loss {
            l if l >= BLUNDER => Some(Class::Blunder),
            l if l >= MISTAKE => Some(Class::Mistake),
            l if l >= INACCURACY => Some(Class::Inaccuracy),
            _ => None,
        }
    }

    /// The mark of the move list: `?!`, `?` or `??`.
    pub const fn mark(self) -> &'static str {
        match self {
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One move judged: its player's chance before and after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveReview {
    /// The move's number, from 1.
    pub number: usize,
    pub mv: Move,
    /// The player who made it, and the colour they held when they did.
    pub player: Player,
    pub color: Color,
    /// The player's chance before the move (that of the engine's move) and
    /// after it, in percentage points.
    pub before: u8,
    pub after: u8,
    /// What the move cost: the drop, or 0 where a proof says it cost nothing
    /// (a won position still won, a lost one lost whatever is played).
    pub loss: u8,
    pub class: Option<Class>,
    /// The engine's move, where it is another and the move has a class.
    pub better: Option<Move>,
    /// Whether the chance before, and the one after, is a proven result.
    pub before_proven: bool,
    pub after_proven: bool,
}

/// Counts and the average loss of one player's moves.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    pub moves: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The mean of the moves' losses, in percentage points: 0 for a game
    /// the engine would have played the same (the "accuracy" figure).
    pub average_loss: f32,
}

impl Summary {
    /// `1 inaccuracy, 0 mistakes, 2 blunders; average loss 16.7 points over
    /// 12 moves`: the one wording of a player's summary, in the `review`
    /// command's table and in the screen reader's review.
    pub fn text(&self) -> String {
        format!(
            "{}, {}, {}; average loss {:.1} points over {}",
            count(self.inaccuracies, "inaccuracy", "inaccuracies"),
            count(self.mistakes, "mistake", "mistakes"),
            count(self.blunders, "blunder", "blunders"),
            self.average_loss,
            count(self.moves, "move", "moves"),
        )
    }
}

/// `1 blunder`, `2 blunders`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A chance in words: `57%`, or `won` / `lost` where proven.
pub fn chance_text(chance: u8, proven: bool) -> String {
    match (proven, chance) {
        (true, 100) => "won".to_string(),
        (true, 0) => "lost".to_string(),
        _ => format!("{chance}%"),
    }
}

/// The review of a game: an evaluation per position, from the empty board
/// to the position after the last move, each `None` until searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    pub evaluations: Vec<Option<Evaluation>>,
    /// The search time each position was given, in milliseconds.
    pub millis: u64,
}

/// The key of the record's line that holds a review.
pub const REVIEW_KEY: &str = "x-review";

impl Review {
    /// A review of `game` not yet begun (game over positions known at once).
    pub fn new(game: &Game, millis: u64) -> Review {
        let mut evaluations = vec![None; game.history().len() + 1];
        if let Some(winner) = game.position().winner() {
            evaluations[game.history().len()] = Some(Evaluation::over(winner));
        }
        Review {
            evaluations,
            millis,
        }
    }

    /// Positions evaluated so far.
    pub fn done(&self) -> usize {
        self.evaluations.iter().flatten().count()
    }

    pub fn is_complete(&self) -> bool {
        self.evaluations.iter().all(Option::is_some)
    }

    /// Positions whose result is proven, not estimated.
    pub fn proven(&self) -> usize {
        self.evaluations
            .iter()
            .flatten()
            .filter(|e| e.chance.is_proven())
            .count()
    }

    /// Black's chance after each number of moves, where known.
    pub fn black_chances(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        (self.evaluations.iter().enumerate())
            .filter_map(|(ply, e)| e.map(|e| (ply, e.chance.of(Color::Black))))
    }

    /// The moves of `game` (the game reviewed) whose positions before and
    /// after are both evaluated, judged.
    pub fn moves(&self, game: &Game) -> Vec<MoveReview> {
        let mut position = Position::new(game.size(), game.rules());
        let mut swapped = false;
        let mut judged = Vec::new();
        for (i, report) in game.history().iter().enumerate() {
            let color = position.to_move();
            let player = Game::holder_given(game.first_black(), swapped, color);
            // Each move was legal in this very sequence.
            let _ = position.play(report.mv);
            swapped |= report.mv == Move::Swap;
            // After a swap the mover holds Black, with White to move; after
            // a stone, the other colour is to move: either way the mover's
            // colour now is the one not to move.
            let color_after = position.to_move().other();
            let (Some(Some(before)), Some(Some(after))) =
                (self.evaluations.get(i), self.evaluations.get(i + 1))
            else {
                continue;
            };
            judged.push(judge(
                i + 1,
                report.mv,
                player,
                color,
                color_after,
                before,
                after,
            ));
        }
        judged
    }

    /// The review as the value of the record's `x-review` line: the budget
    /// in milliseconds, then per position Black's chance (`0` to `100`, or
    /// `B`/`W` for a proven winner, `?` not yet searched), a colon and the
    /// engine's move (`-` for none): `1000 52:h8 47:swap B:e5 B:-`.
    pub fn to_text(&self) -> String {
        let mut text = self.millis.to_string();
        for evaluation in &self.evaluations {
            let token = match evaluation {
                None => "?:-".to_string(),
                Some(e) => {
                    let chance = match e.chance {
                        Chance::Estimate(black) => black.to_string(),
                        Chance::Proven(Color::Black) => "B".to_string(),
                        Chance::Proven(Color::White) => "W".to_string(),
                    };
                    let best = e.best.map_or_else(|| "-".to_string(), |mv| mv.to_string());
                    format!("{chance}:{best}")
                }
            };
            text.push(' ');
            text.push_str(&token);
        }
        text
    }

    /// Reads [`Review::to_text`] back for `game`; `None` when it is not a
    /// review of this game (another count of positions, a square off the
    /// board, an edited line): the record is read as if it had none.
    pub fn parse(text: &str, game: &Game) -> Option<Review> {
        let mut tokens = text.split_whitespace();
        let millis = tokens.next()?.parse().ok()?;
        let evaluations = tokens
            .map(|token| parse_token(token, game))
            .collect::<Option<Vec<_>>>()?;
        (evaluations.len() == game.history().len() + 1).then_some(Review {
            evaluations,
            millis,
        })
    }
}

fn parse_token(token: &str, game: &Game) -> Option<Option<Evaluation>> {
    let (chance, best) = token.split_once(':')?;
    let chance = match chance {
        "?" => return (best == "-").then_some(None),
        "B" => Chance::Proven(Color::Black),
        "W" => Chance::Proven(Color::White),
        n => Chance::Estimate(n.parse().ok().filter(|&n: &u8| n <= 100)?),
    };
    let best = match best {
        "-" => None,
        mv => Some(mv.parse::<Move>().ok().filter(|mv| match mv {
            Move::Place(sq) => game.size().contains(*sq),
            Move::Swap => true,
        })?),
    };
    Some(Some(Evaluation { chance, best }))
}

/// A move judged from the evaluations before and after it.
fn judge(
    number: usize,
    mv: Move,
    player: Player,
    color: Color,
    color_after: Color,
    before: &Evaluation,
    after: &Evaluation,
) -> MoveReview {
    let chance_before = before.chance.of(color);
    let chance_after = after.chance.of(color_after);
    let proven = before.chance.is_proven() && after.chance.is_proven();
    // Proofs override estimates: a position lost before the move cannot be
    // lost by it, and a win kept is no loss, whatever a search guessed.
    let lost_already = before.chance == Chance::Proven(color.other());
    let still_won = proven && chance_before == 100 && chance_after == 100;
    let loss = if lost_already || still_won {
        0
    } else {
        chance_before.saturating_sub(chance_after)
    };
    // A move into a proven loss from a position not proven lost threw the
    // game away, whatever the estimate before it said: at least a mistake.
    let thrown_away = !lost_already && after.chance == Chance::Proven(color_after.other());
    let class = match Class::of_loss(loss) {
        Some(class) if thrown_away => Some(class.max(Class::Mistake)),
        None if thrown_away => Some(Class::Mistake),
        class => class,
    };
    let better = before.best.filter(|&best| class.is_some() && best != mv);
    MoveReview {
        number,
        mv,
        player,
        color,
        before: chance_before,
        after: chance_after,
        loss,
        class,
        better,
        before_proven: before.chance.is_proven(),
        after_proven: after.chance.is_proven(),
    }
}

/// The summary of `player`'s moves among `moves`.
pub fn summary(moves: &[MoveReview], player: Player) -> Summary {
    let mut summary = Summary::default();
    let mut total = 0u32;
    for m in moves.iter().filter(|m| m.player == player) {
        summary.moves += 1;
        total += u32::from(m.loss);
        match m.class {
            Some(Class::Inaccuracy) => summary.inaccuracies += 1,
            Some(Class::Mistake) => summary.mistakes += 1,
            Some(Class::Blunder) => summary.blunders += 1,
            None => {}
        }
    }
    if summary.moves > 0 {
        summary.average_loss = total as f32 / summary.moves as f32;
    }
    summary
}

/// The next (or, `forward` false, previous) move with a class after (before)
/// move number `from`, where 0 is the start; past the last one, the first
/// (before the first, the last).
pub fn next_marked(moves: &[MoveReview], from: usize, forward: bool) -> Option<usize> {
    let marked = || moves.iter().filter(|m| m.class.is_some()).map(|m| m.number);
    if forward {
        marked()
            .filter(|&n| n > from)
            .min()
            .or_else(|| marked().min())
    } else {
        marked()
            .filter(|&n| n < from)
            .max()
            .or_else(|| marked().max())
    }
}

#[cfg(test)]
mod tests;
