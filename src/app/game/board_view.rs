//! How the board is looked at: the cursor, the move list's scroll, an earlier
//! position being browsed, and the terminal size that maps the mouse to
//! squares. It reads the game it is given and never changes it.

use ratatui::layout::Rect;

use crate::app::action::Direction;
use crate::app::ui::layout;
use crate::app::ui::theme::Theme;
use crate::core::{BoardSize, Game, Move, Quoted, Square, SquareError};

/// An earlier position on screen: the game cut after its first `ply` moves,
/// so everything drawn from a game (board, players, last move, preview)
/// shows that position.
#[derive(Clone, Debug)]
struct PastView {
    ply: usize,
    game: Game,
}

/// How many lines the move list is scrolled up from its end, for one
/// revision of the game: any change to the game, or another position
/// looked at, brings the list back to its end.
#[derive(Clone, Copy, Debug, Default)]
struct MovesScroll {
    lines: usize,
    revision: u64,
}

#[derive(Clone, Debug)]
pub struct BoardView {
    cursor: Square,
    moves_scroll: MovesScroll,
    past: Option<PastView>,
    /// The terminal size last reported, to map mouse positions to squares.
    terminal: (u16, u16),
}

/// The middle square, where the cursor starts.
fn centre(size: BoardSize) -> Square {
    let mid = size.get() / 2;
    Square::new(mid, mid)
}

impl BoardView {
    pub fn new(size: BoardSize) -> BoardView {
        BoardView {
            cursor: centre(size),
            moves_scroll: MovesScroll::default(),
            past: None,
            terminal: (0, 0),
        }
    }

    pub const fn cursor(&self) -> Square {
        self.cursor
    }

    pub fn set_cursor(&mut self, sq: Square) {
        self.cursor = sq;
    }

    /// Another game comes on the board: the cursor stays where it is if the
    /// board is the same, and the browsing ends.
    pub fn game_replaced(&mut self, old: BoardSize, new: BoardSize) {
        if old != new || !new.contains(self.cursor) {
            self.cursor = centre(new);
        }
        self.past = None;
    }

    /// Puts the cursor at the centre of a board of `size` (a new game).
    pub fn centre_cursor(&mut self, size: BoardSize) {
        self.cursor = centre(size);
    }

    /// Moves the cursor one square, staying on a board of `size`.
    pub fn step_cursor(&mut self, direction: Direction, size: BoardSize) {
        let (dc, dr) = direction.delta();
        if let Some(sq) = self.cursor.offset(dc, dr).filter(|s| size.contains(*s)) {
            self.cursor = sq;
        }
    }

    pub fn set_terminal(&mut self, width: u16, height: u16) {
        self.terminal = (width, height);
    }

    /// The terminal area last reported.
    pub const fn terminal(&self) -> Rect {
        Rect::new(0, 0, self.terminal.0, self.terminal.1)
    }

    /// The square drawn at a terminal cell, on a board of `size`.
    pub fn square_at(&self, column: u16, row: u16, size: BoardSize) -> Option<Square> {
        layout::screen(self.terminal(), size)
            .ok()?
            .board
            .square_at(column, row)
    }

    /// How many lines the move list is scrolled up from its end, with the
    /// game at `revision`.
    pub fn moves_scroll(&self, revision: u64) -> usize {
        let scroll = self.moves_scroll;
        if scroll.revision == revision {
            scroll.lines
        } else {
            0
        }
    }

    /// Scrolls the move list of a game at `revision` with `moves` moves up
    /// (`true`) or down one line.
    pub fn scroll_moves(&mut self, up: bool, revision: u64, moves: usize) {
        let lines = self.moves_scroll(revision);
        let lines = if up {
            (lines + 1).min(moves)
        } else {
            lines.saturating_sub(1)
        };
        self.moves_scroll = MovesScroll { lines, revision };
    }

    /// The game as the screen shows it: `game` itself, or its first moves
    /// while an earlier position is browsed.
    pub fn shown_game<'a>(&'a self, game: &'a Game) -> &'a Game {
        self.past.as_ref().map_or(game, |past| &past.game)
    }

    /// How many moves the position on screen has, while an earlier position
    /// is browsed (`None` at the latest position).
    pub fn viewing(&self) -> Option<usize> {
        self.past.as_ref().map(|past| past.ply)
    }

    /// The earlier position browsed, if any.
    pub fn past_game(&self) -> Option<&Game> {
        self.past.as_ref().map(|past| &past.game)
    }

    /// Shows the position of `game` after `ply` moves (the latest one when
    /// `ply` is past the last move).
    pub fn show_ply(&mut self, game: &Game, ply: usize) {
        self.moves_scroll = MovesScroll::default();
        self.past = None;
        if ply >= game.history().len() {
            return;
        }
        let moves: Vec<Move> = game.moves().take(ply).collect();
        // The moves were legal in this order, so the replay cannot fail.
        if let Ok(past) = Game::from_moves(game.size(), game.rules(), game.first_black(), &moves) {
            self.past = Some(PastView { ply, game: past });
        }
    }

    /// Back to the latest position.
    pub fn leave_past(&mut self) {
        self.past = None;
    }

    /// Keeps the earlier position on screen only while `game` still has it:
    /// an undo below it or a new game ends the browsing; new moves (the
    /// computer's, say) do not.
    pub fn follow(&mut self, game: &Game) {
        if let Some(past) = &self.past {
            let still_there = past.ply < game.history().len()
                && game.moves().take(past.ply).eq(past.game.moves());
            if !still_there {
                self.past = None;
            }
        }
    }
}

/// Why the `:` prompt's text names no square of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(in crate::app) enum SquareNameError {
    /// `times`: the theme's multiplication sign.
    #[error("{square} is not on the {size}{times}{size} board.")]
    OffBoard {
        square: Square,
        size: BoardSize,
        times: &'static str,
    },
    #[error("{}: {error}.", Quoted(.text))]
    NotASquare { text: String, error: SquareError },
}

/// The square the `:` prompt names on a board of `size`, or why none.
pub(in crate::app) fn square_named(
    text: &str,
    size: BoardSize,
    theme: Theme,
) -> Result<Square, SquareNameError> {
    match text.parse::<Square>() {
        Ok(sq) if size.contains(sq) => Ok(sq),
        Ok(square) => Err(SquareNameError::OffBoard {
            square,
            size,
            times: theme.sym("×", "x"),
        }),
        Err(e) => Err(SquareNameError::NotASquare {
            text: text.to_string(),
            error: e.on(size),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Player, Rules};

    fn game_of(moves: usize) -> Game {
        let size = BoardSize::new(9).unwrap();
        let mut game = Game::new(size, Rules::default(), Player::One);
        for i in 0..moves {
            let sq = Square::new(i as u8, 0);
            game.play(Move::Place(sq)).unwrap();
        }
        game
    }

    #[test]
    fn the_move_list_scroll_lasts_for_one_revision_of_the_game() {
        let mut view = BoardView::new(BoardSize::new(9).unwrap());
        view.scroll_moves(true, 7, 2);
        view.scroll_moves(true, 7, 2);
        view.scroll_moves(true, 7, 2);
        assert_eq!(view.moves_scroll(7), 2, "no further than the moves");
        view.scroll_moves(false, 7, 2);
        assert_eq!(view.moves_scroll(7), 1);
        assert_eq!(view.moves_scroll(8), 0, "the game changed: back to the end");
        view.scroll_moves(false, 8, 2);
        assert_eq!(view.moves_scroll(8), 0);
    }

    #[test]
    fn browsing_ends_when_the_game_no_longer_has_the_position() {
        let game = game_of(4);
        let mut view = BoardView::new(game.size());
        view.scroll_moves(true, 1, 4);
        view.show_ply(&game, 2);
        assert_eq!(view.viewing(), Some(2));
        assert_eq!(view.moves_scroll(1), 0, "another position: back to the end");
        assert_eq!(view.shown_game(&game).history().len(), 2);
        view.follow(&game_of(5));
        assert_eq!(view.viewing(), Some(2), "later moves keep it");
        view.follow(&game_of(2));
        assert_eq!(view.viewing(), None, "an undo below it ends it");
    }
}
