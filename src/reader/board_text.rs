//! The board read aloud: rows and columns as runs of like squares, one
//! square in full (holder, escorts, what a stone there would do, danger),
//! and each side's chains with their distance to the edges. Pure: a
//! position in, lines out.

use crate::core::{BoardSize, Color, Move, MoveReport, Position, Square, escorts};

/// What stands on a square, as a word.
fn holder(position: &Position, sq: Square) -> &'static str {
    match position.get(sq) {
        Some(color) => color.name(),
        None => "empty",
    }
}

/// `a9 to d9 empty, e9 Black, f9 to i9 empty`: the squares of a line (in
/// reading order), the names of the first and last square of each run of
/// like ones.
fn runs(position: &Position, squares: &[Square], name: impl Fn(Square) -> String) -> String {
    let mut parts = Vec::new();
    let mut start = 0;
    while start < squares.len() {
        let word = holder(position, squares[start]);
        let mut end = start;
        while end + 1 < squares.len() && holder(position, squares[end + 1]) == word {
            end += 1;
        }
        let first = name(squares[start]);
        let span = match end - start {
            0 => first,
            1 => format!("{first} and {}", name(squares[end])),
            _ => format!("{first} to {}", name(squares[end])),
        };
        parts.push(format!("{span} {word}"));
        start = end + 1;
    }
    if parts.len() == 1 && position.get(squares[0]).is_none() {
        return "empty".to_string();
    }
    parts.join(", ")
}

/// Row `row` (zero-based) from left to right: `9: a9 to d9 empty, e9 Black`.
/// Whole squares, not letters: a speech synthesizer reads a lone "a" as
/// the article (espeak-ng: "a to d" as "uh to dee"), a square as a letter
/// and a number.
pub fn row_line(position: &Position, row: u8) -> String {
    let squares: Vec<Square> = (0..position.size().get())
        .map(|col| Square::new(col, row))
        .collect();
    let text = runs(position, &squares, |sq| sq.to_string());
    format!("{}: {text}", row + 1)
}

/// Column `col` (zero-based) from top to bottom: `e: 9 to 6 empty, 5 Black`.
pub fn column_line(position: &Position, col: u8) -> String {
    let squares: Vec<Square> = (0..position.size().get())
        .rev()
        .map(|row| Square::new(col, row))
        .collect();
    let text = runs(position, &squares, |sq| (sq.row() + 1).to_string());
    format!("{}: {text}", Square::new(col, 0).file_char())
}

/// The whole board, a row a line from the top.
pub fn board_lines(position: &Position) -> Vec<String> {
    (0..position.size().get())
        .rev()
        .map(|row| row_line(position, row))
        .collect()
}

/// `e6 and d5`, `e6`, or `nothing`.
/// What a move filled (kept) and what it captured, apart.
pub fn filled_and_captured(report: &MoveReport) -> (Vec<Square>, Vec<Square>) {
    let fills = (report.fills.iter())
        .filter(|f| !f.captured)
        .map(|f| f.square)
        .collect();
    (fills, report.fills.captures().collect())
}

pub fn list(squares: &[Square]) -> String {
    match squares {
        [] => "nothing".to_string(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(Square::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

/// A square in full: who holds it, its escorts and what they hold, what a
/// stone of the side to move would fill or capture there, or whether the
/// stone there could be captured at once.
pub fn square_line(position: &Position, sq: Square) -> String {
    let size = position.size();
    if !size.contains(sq) {
        return off_board(sq, size);
    }
    let guards: Vec<String> = escorts(size, sq)
        .iter()
        .map(|e| format!("{e} {}", holder(position, e)))
        .collect();
    let guards = match guards.as_slice() {
        [] => "It has no escorts".to_string(),
        [one] => format!("Its escort: {one}"),
        _ => format!("Its escorts: {}", guards.join(", ")),
    };
    let detail = match position.get(sq) {
        Some(color) => match threat(position, sq, color) {
            Some(at) => format!("{} can capture it at {at}.", color.other()),
            None => "It cannot be captured in one move.".to_string(),
        },
        None if position.is_over() => "The game is over.".to_string(),
        None => {
            let mover = position.to_move();
            match position.preview(Move::Place(sq)) {
                Ok(report) => {
                    let (fills, captures) = filled_and_captured(&report);
                    let mut said = format!("{mover} there");
                    if fills.is_empty() && captures.is_empty() {
                        said.push_str(" fills nothing");
                    }
                    if !fills.is_empty() {
                        said.push_str(&format!(" fills {}", list(&fills)));
                    }
                    if !captures.is_empty() {
                        said.push_str(&format!(" captures {}", list(&captures)));
                    }
                    if report.won {
                        said.push_str(" and wins");
                    }
                    format!("{said}.")
                }
                Err(e) => format!("{mover} cannot play there: {e}."),
            }
        }
    };
    format!("{sq}: {}. {guards}. {detail}", holder(position, sq))
}

/// `z9 is off the board; its squares go from a1 to i9.` (Squares again,
/// for a speech synthesizer: see [`row_line`].)
pub fn off_board(sq: Square, size: BoardSize) -> String {
    let last = Square::new(size.get() - 1, size.get() - 1);
    format!("{sq} is off the board; its squares go from a1 to {last}.")
}

/// A square where `color`'s opponent, placing one stone, captures the stone
/// of `color` on `sq`: only the stone's own escorts can fill it.
pub fn threat(position: &Position, sq: Square, color: Color) -> Option<Square> {
    let attacker = if position.to_move() == color.other() {
        position.clone()
    } else {
        position.passed()?
    };
    escorts(position.size(), sq)
        .iter()
        .filter(|&e| position.get(e).is_none())
        .find(|&e| {
            attacker
                .preview(Move::Place(e))
                .is_ok_and(|r| r.fills.captures().any(|c| c == sq))
        })
}

/// Each side's chains (orthogonally connected stones), largest first, with
/// how many rows or columns lie between each and its side's two edges.
pub fn chain_lines(position: &Position) -> Vec<String> {
    Color::ALL
        .into_iter()
        .map(|color| {
            let chains = chains(position, color);
            if chains.is_empty() {
                return format!("{color}: no stones.");
            }
            let described: Vec<String> = chains
                .iter()
                .map(|chain| describe_chain(position.size(), color, chain))
                .collect();
            let count = match chains.len() {
                1 => "1 chain".to_string(),
                n => format!("{n} chains"),
            };
            format!("{color}: {count}. {}", described.join(" "))
        })
        .collect()
}

/// The chains of `color`, each its squares in board order, largest first.
fn chains(position: &Position, color: Color) -> Vec<Vec<Square>> {
    let size = position.size();
    let mut seen = vec![false; size.area()];
    let mut found = Vec::new();
    for start in size.squares() {
        if position.get(start) != Some(color) || seen[size.index(start)] {
            continue;
        }
        seen[size.index(start)] = true;
        let mut chain = vec![start];
        let mut next = 0;
        while next < chain.len() {
            let at = chain[next];
            next += 1;
            for n in size.neighbours(at) {
                if position.get(n) == Some(color) && !seen[size.index(n)] {
                    seen[size.index(n)] = true;
                    chain.push(n);
                }
            }
        }
        chain.sort_by_key(|sq| (std::cmp::Reverse(sq.row()), sq.col()));
        found.push(chain);
    }
    found.sort_by_key(|c| std::cmp::Reverse(c.len()));
    found
}

/// `e4, e5 and e6: 3 rows from the bottom, 2 from the top.`
fn describe_chain(size: BoardSize, color: Color, chain: &[Square]) -> String {
    let along = |sq: &Square| match color {
        Color::Black => sq.row(),
        Color::White => sq.col(),
    };
    let low = chain.iter().map(along).min().unwrap_or(0);
    let high = chain.iter().map(along).max().unwrap_or(0);
    let far = size.get() - 1 - high;
    let (low_edge, high_edge, unit) = match color {
        Color::Black => ("bottom", "top", "rows"),
        Color::White => ("left", "right", "columns"),
    };
    let distance = |n: u8, edge: &str| match n {
        0 => format!("touches the {edge}"),
        1 => format!("1 {} from the {edge}", unit.trim_end_matches('s')),
        n => format!("{n} {unit} from the {edge}"),
    };
    let squares = if chain.len() <= 8 {
        list(chain)
    } else {
        format!(
            "{} stones from {} to {}",
            chain.len(),
            chain[0],
            chain[chain.len() - 1]
        )
    };
    format!(
        "{squares}: {}, {}.",
        distance(low, low_edge),
        distance(far, high_edge)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, Player, Rules};

    fn game(moves: &str) -> Game {
        let size = BoardSize::new(9).unwrap();
        let moves = crate::core::parse_moves(moves).unwrap();
        Game::from_moves(size, Rules::default(), Player::One, &moves).unwrap()
    }

    #[test]
    fn rows_read_as_runs() {
        let game = game("e5");
        let lines = board_lines(game.position());
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "9: empty");
        assert!(
            lines[4].starts_with("5: a5 to d5 empty, e5 Black"),
            "{}",
            lines[4]
        );
        assert!(column_line(game.position(), 4).contains("5 Black"));
    }

    #[test]
    fn a_chain_says_how_far_it_is_from_the_edges() {
        let game = game("e1 a9");
        let lines = chain_lines(game.position());
        assert!(lines[0].contains("touches the bottom"), "{}", lines[0]);
        assert!(lines[1].contains("touches the left"), "{}", lines[1]);
    }
}
