//! A player's name on a lobby server, checked the one way both ends use:
//! the client before it sends a name, the server before it takes one.
//! NFKC first (`ｆｕｌｌ` is `full`), then the default-ignorable code points
//! go (zero-width spaces, soft hyphens, a BOM, Hangul fillers, U+061C), then
//! the core's cleaning (controls, bidi overrides, spaces folded). A name
//! that shows no letter or digit is refused, and so is a longer one than
//! [`NAME_MAX_CHARS`], never cut. Its confusable skeleton (Unicode TR39:
//! Cyrillic `а` is `a`, `rn` is `m`) is what the server keeps unique, so
//! that no one can pass for a player already there.

use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;

pub use crate::core::NAME_MAX_CHARS;

/// A name as the server keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerName {
    /// What others see.
    pub shown: String,
    /// Its TR39 skeleton, in lower case: equal for names that look alike.
    pub skeleton: String,
}

/// Why a name is refused; on the wire in a refusal, so the form can blame
/// its name field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case", tag = "problem")]
pub enum NameError {
    #[error("a name has at most {max} characters (this one has {chars})")]
    TooLong { chars: usize, max: usize },
    #[error("a name needs a letter or a digit that shows")]
    Blank,
    #[error("the name {name} is taken: choose another")]
    Taken { name: String },
    #[error("the name {name} looks like {taken}, a name taken already: choose another")]
    LooksLike { name: String, taken: String },
}

/// Whether `c` is a default-ignorable code point (it shows nothing). The
/// table is unicode-security's, reached through the skeleton, which
/// leaves these out and nothing else: every other character has a
/// prototype of one or more characters.
fn ignorable(c: char) -> bool {
    let mut one = [0u8; 4];
    unicode_security::skeleton(c.encode_utf8(&mut one))
        .next()
        .is_none()
}

/// `raw` as a name to keep, or why it cannot be one.
pub fn check_name(raw: &str) -> Result<PlayerName, NameError> {
    let normal: String = raw.nfkc().filter(|&c| !ignorable(c)).collect();
    let shown = crate::core::clean(&normal, usize::MAX);
    if !shown.chars().any(char::is_alphanumeric) {
        return Err(NameError::Blank);
    }
    let chars = shown.chars().count();
    if chars > NAME_MAX_CHARS {
        return Err(NameError::TooLong {
            chars,
            max: NAME_MAX_CHARS,
        });
    }
    let skeleton = skeleton_of(&shown);
    Ok(PlayerName { shown, skeleton })
}

/// The skeleton of a name already shown: what names that look alike share.
pub fn skeleton_of(shown: &str) -> String {
    unicode_security::skeleton(&shown.to_lowercase()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(raw: &str) -> String {
        check_name(raw).unwrap().shown
    }

    fn skeleton(raw: &str) -> String {
        check_name(raw).unwrap().skeleton
    }

    #[test]
    fn invisible_characters_go_and_look_alikes_share_a_skeleton() {
        // Zero-width space, soft hyphen, a leading BOM, U+061C: gone.
        for hidden in [
            "ali\u{200b}ce",
            "al\u{ad}ice",
            "\u{feff}alice",
            "ali\u{61c}ce",
        ] {
            assert_eq!(shown(hidden), "alice", "{hidden:?}");
        }
        // A Cyrillic а keeps its look and its letter, but not its skeleton.
        assert_eq!(shown("\u{430}lice"), "\u{430}lice");
        assert_eq!(skeleton("\u{430}lice"), skeleton("alice"));
        assert_eq!(skeleton("ALICE"), skeleton("alice"));
        assert_eq!(skeleton("rnallory"), skeleton("mallory"));
        assert_ne!(skeleton("bob"), skeleton("alice"));
        // NFKC: full-width letters are letters.
        assert_eq!(shown("ｂｏｂ"), "bob");
    }

    #[test]
    fn a_name_that_shows_nothing_is_refused() {
        for blank in [
            "",
            "   ",
            "\u{3164}",
            "\u{115f}\u{1160}",
            "\u{61c}",
            "\u{200b}\u{feff}",
            "\u{202e}",
        ] {
            assert_eq!(check_name(blank), Err(NameError::Blank), "{blank:?}");
        }
    }

    #[test]
    fn a_long_name_is_refused_with_the_limit_not_cut() {
        let most = "x".repeat(NAME_MAX_CHARS);
        assert_eq!(shown(&most), most);
        let long = "x".repeat(NAME_MAX_CHARS + 3);
        let refused = check_name(&long).unwrap_err();
        assert_eq!(
            refused,
            NameError::TooLong {
                chars: NAME_MAX_CHARS + 3,
                max: NAME_MAX_CHARS
            }
        );
        assert_eq!(
            refused.to_string(),
            "a name has at most 20 characters (this one has 23)"
        );
        // Invisible characters do not count towards it.
        assert!(check_name(&format!("{most}\u{200b}\u{200b}")).is_ok());
    }
}
