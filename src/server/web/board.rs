//! The board as SVG, in the look of the terminal's default colour theme
//! (the classic palette: tan and brown squares, black and white stones):
//! the last move's stone, its fills and captures marked in the theme's
//! last-move red, the winning chain on the theme's green, and each
//! colour's two edges drawn beside the board.

use maud::{Markup, PreEscaped, html};

use crate::app::config::{BoardColours, Colour};
use crate::core::{Color, Game, Move, Square};

/// One square's side, in the drawing's units.
const CELL: u32 = 32;
/// Room for the coordinates and the edges around the squares.
const MARGIN: u32 = 28;
/// The terminal theme's winning-chain background (xterm colour 71).
const CHAIN: &str = "#5faf5f";
/// The terminal theme's last-move marks: on a light ground, on a dark one
/// (xterm colours 88 and 217).
const LAST_ON_LIGHT: &str = "#870000";
const LAST_ON_DARK: &str = "#ffafaf";

fn css(colour: Colour) -> String {
    let (r, g, b) = colour.rgb;
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// What the last move did to a square.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Placed,
    Filled,
    Captured,
}

/// The board of `game` as it stands.
pub fn board(game: &Game) -> Markup {
    let colours = BoardColours::default();
    let size = u32::from(game.size().get());
    let side = size * CELL + 2 * MARGIN;
    let position = game.position();
    let chain = position.winning_chain().unwrap_or_default();
    let mut marks: Vec<(Square, Mark)> = Vec::new();
    if let Some(last) = game.last() {
        if let Move::Place(square) = last.mv {
            marks.push((square, Mark::Placed));
        }
        for fill in last.fills.iter() {
            let mark = if fill.captured {
                Mark::Captured
            } else {
                Mark::Filled
            };
            marks.push((fill.square, mark));
        }
    }
    // Row 1 at the bottom, as in the terminal.
    let at = |sq: Square| {
        (
            MARGIN + u32::from(sq.col()) * CELL,
            MARGIN + (size - 1 - u32::from(sq.row())) * CELL,
        )
    };
    let inner = size * CELL;
    let (black, white) = (css(colours.black_stones), css(colours.white_stones));
    // The squares: a light ground and a pattern of dark squares (a1 is
    // light), so that a big board stays a small page.
    let dark_first = size % 2 == 0;
    let stones: String = game
        .size()
        .squares()
        .filter_map(|sq| {
            let (x, y) = at(sq);
            let stone = match position.get(sq)? {
                Color::Black => "b",
                Color::White => "w",
            };
            Some(format!(
                "<use href=\"#{stone}\" x=\"{x}\" y=\"{y}\" data-square=\"{sq}\"/>"
            ))
        })
        .collect();
    html! {
        svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox=(format!("0 0 {side} {side}"))
            width=(side) height=(side) role="img"
            aria-label=(format!("The board after {} moves", game.moves().len())) {
            defs {
                pattern id="squares" x=(MARGIN) y=(MARGIN) width=(2 * CELL) height=(2 * CELL) patternUnits="userSpaceOnUse" {
                    @let (a, b) = if dark_first { (0, CELL) } else { (CELL, 0) };
                    rect x=(a) y="0" width=(CELL) height=(CELL) fill=(css(colours.dark_squares)) {}
                    rect x=(b) y=(CELL) width=(CELL) height=(CELL) fill=(css(colours.dark_squares)) {}
                }
                circle id="b" class="stone black" cx=(CELL / 2) cy=(CELL / 2) r=(CELL * 2 / 5) fill=(black) stroke="#444" {}
                circle id="w" class="stone white" cx=(CELL / 2) cy=(CELL / 2) r=(CELL * 2 / 5) fill=(white) stroke="#222" {}
            }
            // Black joins the top and bottom edges, White the left and right.
            rect x=(MARGIN) y=(MARGIN - 8) width=(inner) height="6" fill=(black) {}
            rect x=(MARGIN) y=(MARGIN + inner + 2) width=(inner) height="6" fill=(black) {}
            rect x=(MARGIN - 8) y=(MARGIN) width="6" height=(inner) fill=(white) stroke="#888" {}
            rect x=(MARGIN + inner + 2) y=(MARGIN) width="6" height=(inner) fill=(white) stroke="#888" {}
            rect x=(MARGIN) y=(MARGIN) width=(inner) height=(inner) fill=(css(colours.light_squares)) {}
            rect x=(MARGIN) y=(MARGIN) width=(inner) height=(inner) fill="url(#squares)" {}
            @for &sq in &chain {
                @let (x, y) = at(sq);
                rect class="chain" x=(x) y=(y) width=(CELL) height=(CELL) fill=(CHAIN) {}
            }
            g class="stones" { (PreEscaped(stones)) }
            @for &(sq, mark) in &marks {
                @let (x, y) = at(sq);
                @let ink = match position.get(sq) { Some(Color::Black) => LAST_ON_DARK, _ => LAST_ON_LIGHT };
                @let (cx, cy) = (x + CELL / 2, y + CELL / 2);
                @match mark {
                    Mark::Placed => circle class="last" cx=(cx) cy=(cy) r="5" fill=(ink) {},
                    Mark::Filled => rect class="fill" x=(cx - 5) y=(cy - 5) width="10" height="10"
                        fill="none" stroke=(ink) stroke-width="2.5" {},
                    Mark::Captured => path class="capture" d=(format!("M{} {}l10 10m0 -10l-10 10", cx - 5, cy - 5))
                        stroke=(ink) stroke-width="2.5" {},
                }
            }
            @for col in 0..size {
                text x=(MARGIN + col * CELL + CELL / 2) y=(side - 4) text-anchor="middle" font-size="12" fill="#bbb" {
                    (char::from(b'a' + u8::try_from(col).unwrap_or(0)))
                }
            }
            @for row in 0..size {
                text x="4" y=(MARGIN + (size - 1 - row) * CELL + CELL / 2 + 4) font-size="12" fill="#bbb" { (row + 1) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{BoardSize, Player, Rules};

    #[test]
    fn the_board_draws_each_stone_and_marks_the_last_move() {
        let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::default(), Player::One);
        for mv in ["e5", "d4", "e6"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let svg = board(&game).into_string();
        let stones = svg.matches("<use href=").count();
        assert_eq!(
            stones,
            game.size()
                .squares()
                .filter(|&s| game.position().get(s).is_some())
                .count()
        );
        assert!(svg.contains("data-square=\"e6\""), "{svg}");
        assert_eq!(svg.matches("class=\"last\"").count(), 1);
        assert!(svg.starts_with("<svg"));
    }
}
