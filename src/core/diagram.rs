//! The text diagram of seed 000: column letters above and below, row numbers on
//! both sides, `| |` light empty, `|#|` dark empty, `|B|` and `|W|` stones.

use std::fmt::Write;

use super::geometry::{Shade, Square};
use super::position::Position;

/// The board of `pos` as seed 000 draws it, row n at the top; each line ends
/// with a newline.
///
/// ```
/// use brique::core::{diagram, Position};
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
    let n = pos.size().get();
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
            let sq = Square::new(col, row);
            let glyph = match (pos.get(sq), sq.shade()) {
                (Some(color), _) => color.letter(),
                (None, Shade::Light) => ' ',
                (None, Shade::Dark) => '#',
            };
            out.push('|');
            out.push(glyph);
        }
        let _ = writeln!(out, "| {}", row + 1);
    }
    out.push_str(&header);
    out
}
