//! A position: the board, the side to move, and the rules it is played by.

use std::collections::VecDeque;
use std::fmt;

use super::connect::Connectivity;
use super::escorts::escorts;
use super::geometry::{BoardSize, Color, MAX_SQUARES, Square};
use super::moves::{Fill, Fills, Move, MoveReport, PlayError, SwapRefusal};
use super::rules::Rules;

/// A Brique position. [`Position::play`] applies a move with its escort fills
/// and captures and decides the game at the first connection.
///
/// ```
/// use brique_core::{Color, Move, Position, Rules, BoardSize};
/// let mut pos = Position::new(BoardSize::DEFAULT, Rules::default());
/// pos.play("d8".parse().unwrap()).unwrap();
/// assert_eq!(pos.to_move(), Color::White);
/// assert!(pos.play(Move::Place("d8".parse().unwrap())).is_err()); // occupied
/// assert_eq!(pos.to_move(), Color::White); // the error changed nothing
/// ```
#[derive(Clone)]
pub struct Position {
    size: BoardSize,
    rules: Rules,
    cells: [Option<Color>; MAX_SQUARES],
    to_move: Color,
    /// Actions taken so far (placements and swaps).
    ply: u16,
    winner: Option<Color>,
    links: Connectivity,
}

impl Position {
    /// The empty board, Black to move.
    pub fn new(size: BoardSize, rules: Rules) -> Position {
        Position {
            size,
            rules,
            cells: [None; MAX_SQUARES],
            to_move: Color::Black,
            ply: 0,
            winner: None,
            links: Connectivity::new(),
        }
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Number of actions (placements and swaps) made so far.
    pub fn ply(&self) -> u16 {
        self.ply
    }

    /// The player who connected, once the game is over.
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// The stone on `sq`, if any (`None` also for squares off the board).
    pub fn get(&self, sq: Square) -> Option<Color> {
        if self.size.contains(sq) {
            self.cells[self.size.index(sq)]
        } else {
            None
        }
    }

    /// The same stones with the other side to move, as if the side to move
    /// had passed (`None` once the game is over). Brique has no pass: this is
    /// a search's tool, to ask what a side threatens.
    pub fn passed(&self) -> Option<Position> {
        if self.is_over() {
            return None;
        }
        let mut pos = self.clone();
        pos.to_move = self.to_move.other();
        pos.ply = self.ply.saturating_add(1);
        Some(pos)
    }

    /// Whether swapping sides is legal now (pie rule on, White's first action).
    pub fn can_swap(&self) -> bool {
        self.check_swap().is_ok()
    }

    fn check_swap(&self) -> Result<(), PlayError> {
        if let Some(winner) = self.winner {
            Err(PlayError::GameOver(winner))
        } else if !self.rules.pie {
            Err(PlayError::SwapNotAllowed(SwapRefusal::PieRuleOff))
        } else if self.ply != 1 || self.to_move != Color::White {
            Err(PlayError::SwapNotAllowed(SwapRefusal::NotWhitesFirstTurn))
        } else {
            Ok(())
        }
    }

    fn check_place(&self, sq: Square) -> Result<(), PlayError> {
        if let Some(winner) = self.winner {
            Err(PlayError::GameOver(winner))
        } else if !self.size.contains(sq) {
            Err(PlayError::OffBoard(sq))
        } else if self.get(sq).is_some() {
            Err(PlayError::Occupied(sq))
        } else {
            Ok(())
        }
    }

    /// What playing `mv` would do, without playing it.
    pub fn preview(&self, mv: Move) -> Result<MoveReport, PlayError> {
        self.clone().play(mv)
    }

    /// Plays `mv` for the side to move. On error the position is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, PlayError> {
        match mv {
            Move::Swap => {
                self.check_swap()?;
                self.ply += 1;
                Ok(MoveReport {
                    mv,
                    color: self.to_move,
                    fills: Fills::default(),
                    won: false,
                })
            }
            Move::Place(sq) => {
                self.check_place(sq)?;
                let color = self.to_move;
                let fills = self.fills_for(sq, color);
                let won = self.apply(sq, fills);
                self.ply += 1;
                self.to_move = color.other();
                if won {
                    self.winner = Some(color);
                }
                Ok(MoveReport {
                    mv,
                    color,
                    fills,
                    won,
                })
            }
        }
    }

    /// The squares a stone of `color` on the empty square `sq` would fill: those
    /// of its escorts that can be filled, all of whose escorts would then hold
    /// `color`, and that do not hold `color` already.
    fn fills_for(&self, sq: Square, color: Color) -> Fills {
        let mut fills = Fills::default();
        for target in escorts(self.size, sq).iter() {
            let guards = escorts(self.size, target);
            let current = self.get(target);
            if self.rules.variant.can_fill(guards.len())
                && current != Some(color)
                && guards.iter().all(|g| g == sq || self.get(g) == Some(color))
            {
                fills.push(Fill {
                    square: target,
                    captured: current.is_some(),
                });
            }
        }
        fills
    }

    /// Puts the mover's stones on `sq` and its fills; returns whether the
    /// mover's group now touches both its edges.
    fn apply(&mut self, sq: Square, fills: Fills) -> bool {
        let color = self.to_move;
        self.put(sq, color);
        for fill in fills.iter() {
            if fill.captured {
                self.links.remove(self.size, fill.square, color.other());
            }
            self.put(fill.square, color);
        }
        // Every fill is an escort, hence a neighbour, of `sq`: one group.
        self.links.spans(self.size, sq)
    }

    fn put(&mut self, sq: Square, color: Color) {
        self.cells[self.size.index(sq)] = Some(color);
        self.links.add(self.size, sq, color);
        for n in self.size.neighbours(sq) {
            if self.get(n) == Some(color) {
                self.links.union(self.size, sq, n);
            }
        }
    }

    /// A shortest orthogonal chain of the winner's stones from one of its edges
    /// to the other, once the game is over.
    pub fn winning_chain(&self) -> Option<Vec<Square>> {
        let winner = self.winner?;
        self.shortest_chain(winner)
    }

    /// A shortest chain of `color`'s stones joining its two edges, if one exists
    /// (a breadth-first search: for the end of a game and for tests, not per move).
    pub fn shortest_chain(&self, color: Color) -> Option<Vec<Square>> {
        let size = self.size;
        let mut came_from: Vec<Option<Square>> = vec![None; size.area()];
        let mut seen = vec![false; size.area()];
        let mut queue = VecDeque::new();
        for sq in size.squares() {
            if self.get(sq) == Some(color) && size.edge_contact(sq, color).0 {
                seen[size.index(sq)] = true;
                queue.push_back(sq);
            }
        }
        while let Some(sq) = queue.pop_front() {
            if size.edge_contact(sq, color).1 {
                let mut chain = vec![sq];
                let mut at = sq;
                while let Some(prev) = came_from[size.index(at)] {
                    chain.push(prev);
                    at = prev;
                }
                chain.reverse();
                return Some(chain);
            }
            for n in size.neighbours(sq) {
                if self.get(n) == Some(color) && !seen[size.index(n)] {
                    seen[size.index(n)] = true;
                    came_from[size.index(n)] = Some(sq);
                    queue.push_back(n);
                }
            }
        }
        None
    }

    /// Builds a position from parts, checking that it could arise in play:
    /// every fillable square whose escorts all hold one colour holds that
    /// colour, and the side to move has not already connected.
    pub(crate) fn from_parts(
        size: BoardSize,
        rules: Rules,
        stones: &[(Square, Color)],
        to_move: Color,
        ply: u16,
    ) -> Result<Position, InvalidPosition> {
        let mut pos = Position::new(size, rules);
        pos.to_move = to_move;
        pos.ply = ply;
        for &(sq, color) in stones {
            pos.cells[size.index(sq)] = Some(color);
        }
        if let Some(sq) = pos.first_unfilled_square() {
            return Err(InvalidPosition::Unfilled(sq));
        }
        for &(sq, color) in stones {
            pos.links.add(size, sq, color);
        }
        for &(sq, color) in stones {
            for n in size.neighbours(sq) {
                if pos.get(n) == Some(color) {
                    pos.links.union(size, sq, n);
                }
            }
        }
        let connected: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|&c| {
                stones
                    .iter()
                    .any(|&(sq, color)| color == c && pos.links.spans(size, sq))
            })
            .collect();
        // Two crossing chains would share a square, so at most one colour spans.
        if let Some(&winner) = connected.first() {
            if winner == to_move {
                return Err(InvalidPosition::WinnerToMove(winner));
            }
            pos.winner = Some(winner);
        }
        Ok(pos)
    }

    /// The first square breaking the invariant of RULES.md, if any.
    pub fn first_unfilled_square(&self) -> Option<Square> {
        self.size.squares().find(|&sq| {
            let guards = escorts(self.size, sq);
            if !self.rules.variant.can_fill(guards.len()) {
                return false;
            }
            let first = guards.iter().next().and_then(|g| self.get(g));
            match first {
                Some(color) => {
                    guards.iter().all(|g| self.get(g) == Some(color)) && self.get(sq) != Some(color)
                }
                None => false,
            }
        })
    }
}

/// Two positions are equal when everything a player can see or do is equal
/// (the connection bookkeeping may differ in history, not in meaning).
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.size == other.size
            && self.rules == other.rules
            && self.to_move == other.to_move
            && self.ply == other.ply
            && self.winner == other.winner
            && self.cells[..self.size.area()] == other.cells[..other.size.area()]
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// A position that could not arise in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InvalidPosition {
    /// This square's escorts all hold one colour, but it does not.
    Unfilled(Square),
    /// This colour is connected, yet it is its turn.
    WinnerToMove(Color),
}

impl fmt::Display for InvalidPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidPosition::Unfilled(sq) => write!(
                f,
                "{sq} should hold the colour of its escorts (no game reaches this position)"
            ),
            InvalidPosition::WinnerToMove(c) => {
                write!(f, "{c} is connected, so it cannot be {c}'s turn")
            }
        }
    }
}

impl std::error::Error for InvalidPosition {}
