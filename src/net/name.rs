//! Players' names as they come over the network: cleaned (`clean.rs`), and
//! never empty, since a record (and so the autosave) needs a name for each
//! player: a name with nothing left to show becomes the role's.

use super::clean::{NAME_CHARS, clean};

/// The name a guest whose own has nothing to show is given.
pub const GUEST: &str = "Guest";
/// The same for a host.
pub const HOST: &str = "Host";

/// `text` cleaned, or `default` when nothing of it is left.
pub fn name_or(text: &str, default: &str) -> String {
    let name = clean(text, NAME_CHARS);
    if name.is_empty() {
        default.to_string()
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_with_nothing_to_show_becomes_the_default() {
        for blank in [
            "",
            "   ",
            "\t\n",
            "\x01\x1b\x7f",
            "\u{202e}\u{9b}",
            " \u{200e} ",
        ] {
            assert_eq!(name_or(blank, GUEST), "Guest", "{blank:?}");
        }
        assert_eq!(name_or(" Bob\x07 ", GUEST), "Bob");
    }
}
