//! Text from outside (a peer's name or chat, a name in a record or autosave)
//! made safe to draw: control characters and terminal escape sequences
//! become nothing, so that a name cannot clear, repaint or reorder the
//! screen. Here, below both storage and the network, so each cleans names
//! the same way.

/// The longest player name, in characters: the settings' names and a name
/// on a lobby server alike. 20 rather than the relay's 24: the game's
/// panel is laid out for names of this width beside the clock.
pub const NAME_MAX_CHARS: usize = 20;

/// `text` without control characters (C0, DEL, C1: the escape sequences'
/// introducers, so what follows an ESC is left as plain, harmless text),
/// without bidirectional overrides, with runs of whitespace as one space,
/// trimmed and cut to `max` characters.
pub fn clean(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            space = !out.is_empty();
        } else if !c.is_control() && !is_bidi_control(c) {
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
    }
    out.chars().take(max).collect()
}

/// The characters that reorder text on screen (a name could hide behind them).
const fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_reordering_go_and_whitespace_is_one_space() {
        assert_eq!(clean("Eve\x1b[2J", 24), "Eve[2J");
        assert_eq!(clean("a\u{9b}31mb\u{7}", 24), "a31mb");
        assert_eq!(clean("  two \t\n words ", 24), "two words");
        assert_eq!(clean("\u{202e}evil\u{2066}", 24), "evil");
        assert_eq!(clean(&"x".repeat(99), 24).len(), 24);
        assert_eq!(clean("\u{202e}\x1b \u{200f}", 24), "");
    }
}
