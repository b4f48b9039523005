//! Text from the other player (names, chat) made safe to draw: control
//! characters and terminal escape sequences become nothing, and the text is
//! cut to a length, so that a peer cannot clear or repaint the screen.

/// The longest name kept, in characters.
pub const NAME_CHARS: usize = 24;
/// The longest chat line kept, in characters.
pub const CHAT_CHARS: usize = 200;
/// The longest reason for a failed link shown (they may quote the peer).
pub const REASON_CHARS: usize = 160;

// Storage cleans names from records the same way: the cleaning is in core.
pub use crate::core::clean;

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
