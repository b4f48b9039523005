//! Puzzles: positions where the side to move wins by force, one a line in
//! `assets/puzzles.txt` (`#` starts a comment):
//!
//! ```text
//! POSITION | MOVES | N
//! ```
//!
//! the position in the project's notation, every first move that wins within
//! N moves of the side to move (space separated), and N (1 to 5).
//!
//! ```
//! use brique::learn::Puzzle;
//! let p: Puzzle = "2B2/W1B2/W4/W1B1W/WBB2 b 8 original nopie | b3 c3 | 1".parse().unwrap();
//! assert_eq!(p.moves.len(), 2);
//! assert!(p.check().is_ok());
//! ```

use std::fmt;
use std::str::FromStr;

use super::proof;
use super::refusal::{PuzzleError, move_list};
use crate::ai::{Level, Search};
use crate::core::{BoardSize, Move, Position, Rules};

/// The puzzles shipped with the program.
pub const BUILT_IN: &str = include_str!("../../assets/puzzles.txt");

/// The most moves a puzzle may ask for.
pub const MAX_MOVES: u8 = 5;

/// The most winning moves a generated win in 1 has (the screen says "any
/// of these wins" when there are two).
pub const MAX_ANSWERS_IN_ONE: usize = 2;

#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    pub position: Position,
    /// Every first move that wins within `n`, in board order.
    pub moves: Vec<Move>,
    /// Moves of the side to move needed to win.
    pub n: u8,
}

impl Puzzle {
    /// Proves the puzzle again: the side to move wins within `n` and not
    /// sooner, and `moves` are exactly the first moves that do.
    pub fn check(&self) -> Result<(), PuzzleError> {
        if self.n > 1 && proof::wins_within(&self.position, self.n - 1) {
            return Err(PuzzleError::WonSooner(self.n - 1));
        }
        let winning = proof::winning_moves(&self.position, self.n);
        if winning != self.moves {
            return Err(PuzzleError::OtherMoves(winning));
        }
        Ok(())
    }
}

/// Puzzles whose positions differ on at most this many squares are one
/// puzzle (positions of one game a few moves apart differ on 2 to 6).
const NEAR: usize = 8;

impl Puzzle {
    /// Whether two puzzles are near-duplicates: the same board and rules,
    /// their positions at most `NEAR` squares apart.
    pub fn near(&self, other: &Puzzle) -> bool {
        let (a, b) = (&self.position, &other.position);
        a.size() == b.size()
            && a.rules() == b.rules()
            && a.size()
                .squares()
                .filter(|&sq| a.get(sq) != b.get(sq))
                .count()
                <= NEAR
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} | {} | {}",
            self.position,
            move_list(&self.moves),
            self.n
        )
    }
}

impl FromStr for Puzzle {
    type Err = PuzzleError;

    fn from_str(line: &str) -> Result<Puzzle, PuzzleError> {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let [position, moves, n] = parts.as_slice() else {
            return Err(PuzzleError::Parts);
        };
        let position: Position = position.parse().map_err(PuzzleError::Position)?;
        let mut moves = crate::core::parse_moves(moves)?;
        moves.sort_by_key(|mv| board_order(&position, *mv));
        if moves.is_empty() {
            return Err(PuzzleError::NoMove);
        }
        let n: u8 = n
            .parse()
            .ok()
            .filter(|n| (1..=MAX_MOVES).contains(n))
            .ok_or_else(|| PuzzleError::N {
                text: n.to_string(),
                max: MAX_MOVES,
            })?;
        Ok(Puzzle { position, moves, n })
    }
}

fn board_order(position: &Position, mv: Move) -> usize {
    match mv {
        Move::Place(sq) if position.size().contains(sq) => position.size().index(sq),
        _ => usize::MAX,
    }
}

/// Reads a puzzles file: one puzzle a line, `#` comments and blank lines
/// skipped. An error names the line (1-based).
pub fn parse_puzzles(text: &str) -> Result<Vec<Puzzle>, (usize, PuzzleError)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.split('#').next().unwrap_or("").trim()))
        .filter(|(_, line)| !line.is_empty())
        .map(|(number, line)| line.parse().map_err(|e| (number, e)))
        .collect()
}

/// Finds puzzles in one game of the engine against itself at `level`: the
/// positions near its end where the side to move wins within `max_n` moves
/// but not sooner than `min_n`.
pub fn from_self_play(
    size: BoardSize,
    rules: Rules,
    level: Level,
    seed: u64,
    (min_n, max_n): (u8, u8),
) -> Vec<Puzzle> {
    let mut position = Position::new(size, rules);
    let mut search = Search::new(&position, level.config(seed));
    let mut seen = Vec::new();
    while !position.is_over() {
        let iterations = level.budget().iterations.unwrap_or(2_000);
        search.run(iterations);
        let Some(mv) = search.best_move() else { break };
        if position.play(mv).is_err() || search.advance(mv).is_err() {
            break;
        }
        seen.push(position.clone());
    }
    // The last few positions before the end, where forced wins are found.
    let tail = seen.len().saturating_sub(2 * usize::from(max_n) + 2);
    seen[tail..]
        .iter()
        .filter(|p| !p.is_over() && !p.can_swap())
        .filter_map(|p| {
            let n = proof::moves_to_win(p, max_n)?;
            (n >= min_n).then(|| Puzzle {
                position: p.clone(),
                moves: proof::winning_moves(p, n),
                n,
            })
        })
        .collect()
}

/// Puzzles from engine self-play, `count` of them (fewer only if `games`
/// run out), one a game and none near another ([`Puzzle::near`]), over the
/// sizes 7 to 15 and both variants in turn, in rising difficulty. Game `i` uses seed `seed + i`; `progress` hears of each game.
pub fn generate(
    count: usize,
    seed: u64,
    games: u64,
    mut progress: impl FnMut(u64, usize),
) -> Vec<Puzzle> {
    use crate::core::Variant;
    let mut found: Vec<Puzzle> = Vec::new();
    for i in 0..games {
        if found.len() >= count {
            break;
        }
        let size = [7, 9, 11, 13, 15][(i % 5) as usize];
        let variant = if (i / 5) % 2 == 0 {
            Variant::Original
        } else {
            Variant::Revised
        };
        // Proofs of three moves take seconds on the larger boards.
        let max_n = if size <= 11 { 3 } else { 2 };
        let rules = Rules { variant, pie: true };
        let Ok(board) = BoardSize::new(size) else {
            continue;
        };
        let game_seed = seed.wrapping_add(i);
        // One puzzle a game: its positions a few moves apart are the same
        // puzzle at another depth. The sharpest: the fewest winning moves;
        // a win in 1 with more than two answers tests nothing.
        let sharpest = from_self_play(board, rules, Level::Casual, game_seed, (1, max_n))
            .into_iter()
            .filter(|p| p.n > 1 || p.moves.len() <= MAX_ANSWERS_IN_ONE)
            .min_by_key(|p| (p.moves.len(), p.n));
        if let Some(puzzle) = sharpest
            && found.len() < count
            && !found.iter().any(|p| p.near(&puzzle))
        {
            found.push(puzzle);
        }
        progress(i + 1, found.len());
    }
    sort_by_difficulty(&mut found);
    found
}

/// Orders puzzles easiest first: fewer moves to find, a smaller board, more
/// first moves that win.
pub fn sort_by_difficulty(puzzles: &mut [Puzzle]) {
    puzzles.sort_by_key(|p| {
        (
            p.n,
            p.position.size().get(),
            std::cmp::Reverse(p.moves.len()),
        )
    });
}
