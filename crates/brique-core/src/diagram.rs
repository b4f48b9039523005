//! The text diagram of seed 000: column letters above and below, row numbers on
//! both sides, `| |` light empty, `|#|` dark empty, `|B|` and `|W|` stones.

use std::fmt::Write;

use super::geometry::{BoardSize, Shade, Square};
use super::position::Position;

/// The board of `pos` as seed 000 draws it, row n at the top; each line ends
/// with a newline.
///
/// ```
/// use brique_core::{diagram, Position};
/// let pos: Position = "5/5/2B2/5/5 w 1 original pie".parse().unwrap();
/// let lines: Vec<&str> = vec![
///     "   a b c d e",
///     "5 | |#| |#| | 5",
///     "4 |#| |#| |#| 4",
///     "3 | |#|B|#| | 3",
///     "2 |#| |#| |#| 2",
///     "1 | |#| |#| | 1",
///     "   a b c d e",
/// ];
/// assert_eq!(diagram(&pos), lines.join("\n") + "\n");
/// ```
pub fn diagram(pos: &Position) -> String {
    diagram_of(pos.size(), |sq| match (pos.get(sq), sq.shade()) {
        (Some(color), _) => color.letter(),
        (None, Shade::Light) => ' ',
        (None, Shade::Dark) => '#',
    })
}

/// A board of `size` in the same frame, with `glyph` in each square (for
/// boards of other marks than stones, such as `brique solve`'s W and L).
pub fn diagram_of(size: BoardSize, glyph: impl Fn(Square) -> char) -> String {
    let n = size.get();
    let width = n.to_string().len();
    let letters: String = (0..n)
        .map(|c| Square::new(c, 0).file_char().to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let header = format!("{:indent$}{letters}\n", "", indent = width + 2);
    let mut out = header.clone();
    for row in (0..n).rev() {
        let _ = write!(out, "{:>width$} ", row + 1);
        for col in 0..n {
            out.push('|');
            out.push(glyph(Square::new(col, row)));
        }
        let _ = writeln!(out, "| {}", row + 1);
    }
    out.push_str(&header);
    out
}
