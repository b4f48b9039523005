//! The board on a 16-colour terminal. Fitting the 256-colour board to the
//! nearest of 16 put white stones on light grey (229 against 255) and the
//! threat mark on a square of its own red, so the 16 colours are chosen
//! here instead, for contrast: every stone and mark stands out on every
//! square, cursor and chain (checked in `contrast.rs`). One scheme serves
//! every palette of the settings: 16 colours leave no room for three.
//! Stones are not bold here: many such terminals show bold black as grey,
//! a square's colour.

use crate::app::terminal::capabilities::{Depth, TermCaps};

/// Palette indices (0 to 15) of everything on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sixteen {
    pub black: u8,
    pub white: u8,
    pub light: u8,
    pub dark: u8,
    pub cursor: u8,
    /// `None`: the chain is bold and underlined on its squares' colours.
    pub chain: Option<u8>,
    pub frame: u8,
    pub last: u8,
    pub preview: u8,
    pub hint: u8,
    pub escort: u8,
    pub threat: u8,
    /// Pale to hot, under black figures.
    pub heat: [u8; 5],
    pub ink: u8,
}

/// xterm and its kin: any of the 16 as a background. Calm: grey and blue
/// squares in a grey frame (a red and grey checkerboard in a blue frame
/// glared); both stones stand out on either square.
const XTERM: Sixteen = Sixteen {
    black: 0,
    white: 15,
    light: 8,
    dark: 4,
    cursor: 12,
    chain: Some(5),
    frame: 8,
    last: 14,
    preview: 7,
    hint: 10,
    escort: 15,
    threat: 11,
    heat: [7, 11, 3, 9, 1],
    ink: 0,
};

/// The Linux console and its kin (no Unicode font): the eight first
/// colours alone as backgrounds (a bright one shows as its dark half), in
/// the VGA palette, where 3 is brown.
const CONSOLE: Sixteen = Sixteen {
    black: 0,
    white: 15,
    light: 3,
    dark: 1,
    cursor: 6,
    chain: Some(2),
    frame: 5,
    last: 14,
    preview: 15,
    hint: 10,
    escort: 15,
    threat: 11,
    heat: [7, 6, 2, 3, 1],
    ink: 0,
};

/// The scheme for a terminal of 16 colours; `None` for any other depth.
pub fn scheme(terminal: TermCaps) -> Option<&'static Sixteen> {
    match terminal.depth {
        Depth::Ansi16 if eight_backgrounds(terminal) => Some(&CONSOLE),
        Depth::Ansi16 => Some(&XTERM),
        _ => None,
    }
}

/// Whether the terminal shows only the eight first colours as backgrounds:
/// one whose font lacks the block glyphs is a text console (`linux`,
/// `ansi`), and those have eight.
pub fn eight_backgrounds(terminal: TermCaps) -> bool {
    terminal.depth == Depth::Ansi16 && !terminal.unicode
}
