//! Text from the other player (names, chat) made safe to draw: control
//! characters and terminal escape sequences become nothing, and the text is
//! cut to a length, so that a peer cannot clear or repaint the screen.

/// The longest name kept, in characters.
pub const NAME_CHARS: usize = 24;
/// The longest chat line kept, in characters.
pub const CHAT_CHARS: usize = 200;
/// The longest reason for a failed link shown (they may quote the peer).
pub const REASON_CHARS: usize = 160;

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
    fn escapes_become_text() {
        assert_eq!(clean("Eve\x1b[2J", NAME_CHARS), "Eve[2J");
        assert_eq!(clean("a\u{9b}31mb\u{7}", NAME_CHARS), "a31mb");
        assert_eq!(clean("  two \t\n words ", NAME_CHARS), "two words");
        assert_eq!(clean("\u{202e}evil", NAME_CHARS), "evil");
        assert_eq!(clean(&"x".repeat(99), NAME_CHARS).len(), NAME_CHARS);
    }
}
