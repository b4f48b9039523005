//! Colours brought to what the terminal shows: true colour as is, else the
//! nearest colour of the 256- or 16-colour palette.

use ratatui::style::Color as Tint;

use crate::app::terminal::capabilities::Depth;

/// The 16 ANSI colours as xterm draws them, in palette order.
const ANSI: [(u8, u8, u8); 16] = [
    (0, 0, 0),
    (205, 0, 0),
    (0, 205, 0),
    (205, 205, 0),
    (0, 0, 238),
    (205, 0, 205),
    (0, 205, 205),
    (229, 229, 229),
    (127, 127, 127),
    (255, 0, 0),
    (0, 255, 0),
    (255, 255, 0),
    (92, 92, 255),
    (255, 0, 255),
    (0, 255, 255),
    (255, 255, 255),
];

/// The levels of the 6×6×6 colour cube (indices 16 to 231).
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// The red, green and blue of a 256-colour palette index, as xterm has them.
pub const fn rgb_of_index(i: u8) -> (u8, u8, u8) {
    match i {
        0..=15 => ANSI[i as usize],
        16..=231 => {
            let n = i - 16;
            (
                CUBE[(n / 36) as usize],
                CUBE[(n / 6 % 6) as usize],
                CUBE[(n % 6) as usize],
            )
        }
        _ => {
            let level = 8 + 10 * (i - 232);
            (level, level, level)
        }
    }
}

fn distance(a: (u8, u8, u8), b: (u8, u8, u8)) -> u32 {
    let d = |x: u8, y: u8| (i32::from(x) - i32::from(y)).unsigned_abs();
    // Weighted for the eye: green counts most, blue least.
    3 * d(a.0, b.0).pow(2) + 4 * d(a.1, b.1).pow(2) + 2 * d(a.2, b.2).pow(2)
}

/// The palette index in `range` nearest to a colour.
fn nearest(rgb: (u8, u8, u8), range: std::ops::RangeInclusive<u8>) -> u8 {
    range
        .min_by_key(|&i| distance(rgb_of_index(i), rgb))
        .unwrap_or(0)
}

/// A colour as the terminal can show it; named colours stay as they are.
pub fn fit(tint: Tint, depth: Depth) -> Tint {
    let rgb = match tint {
        Tint::Rgb(r, g, b) => (r, g, b),
        Tint::Indexed(i) => rgb_of_index(i),
        other => return other,
    };
    match (depth, tint) {
        (Depth::Mono, _) => Tint::Reset,
        (Depth::TrueColor, _) => Tint::Rgb(rgb.0, rgb.1, rgb.2),
        (Depth::Ansi256, Tint::Indexed(_)) => tint,
        // Not the first 16: terminals change those with their colour scheme.
        (Depth::Ansi256, _) => Tint::Indexed(nearest(rgb, 16..=255)),
        (Depth::Ansi16, _) => Tint::Indexed(nearest(rgb, 0..=15)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_become_the_nearest_the_terminal_has() {
        let red = Tint::Rgb(0xc0, 0x39, 0x2b);
        assert_eq!(fit(red, Depth::TrueColor), red);
        assert_eq!(
            fit(Tint::Indexed(231), Depth::TrueColor),
            Tint::Rgb(255, 255, 255)
        );
        // (175, 95, 0): nearer than the cube's pure reds.
        assert_eq!(fit(red, Depth::Ansi256), Tint::Indexed(130));
        assert_eq!(fit(red, Depth::Ansi16), Tint::Indexed(1));
        assert_eq!(fit(Tint::Indexed(16), Depth::Ansi16), Tint::Indexed(0));
        assert_eq!(fit(Tint::Indexed(231), Depth::Ansi16), Tint::Indexed(15));
        assert_eq!(fit(Tint::Cyan, Depth::Ansi16), Tint::Cyan);
    }

    #[test]
    fn the_palette_is_xterms() {
        assert_eq!(rgb_of_index(16), (0, 0, 0));
        assert_eq!(rgb_of_index(180), (215, 175, 135));
        assert_eq!(rgb_of_index(232), (8, 8, 8));
        assert_eq!(rgb_of_index(255), (238, 238, 238));
    }
}
