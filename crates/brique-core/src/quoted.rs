//! How an error message quotes what the player typed: in quotes, cut short,
//! so that a huge bad token cannot make a huge message.

use std::fmt;

/// A token as error messages quote it: `"garbage"`, escaped like `{:?}`, and
/// cut after [`Quoted::MAX_CHARS`] characters with `…` before the closing
/// quote.
///
/// ```
/// use brique_core::Quoted;
/// assert_eq!(Quoted("garbage").to_string(), "\"garbage\"");
/// let long = "x".repeat(1_000_000);
/// assert_eq!(Quoted(&long).to_string(), format!("\"{}…\"", "x".repeat(40)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(pub &'a str);

impl Quoted<'_> {
    /// Characters quoted before the cut: enough to recognise the token.
    pub const MAX_CHARS: usize = 40;
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(Self::MAX_CHARS) {
            None => write!(f, "{:?}", self.0),
            Some((cut, _)) => write!(f, "{:?}", format!("{}…", &self.0[..cut])),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_tokens_are_quoted_whole_and_long_ones_cut() {
        assert_eq!(Quoted("").to_string(), "\"\"");
        assert_eq!(Quoted("a\"b\n").to_string(), "\"a\\\"b\\n\"");
        let exact = "é".repeat(Quoted::MAX_CHARS);
        assert_eq!(Quoted(&exact).to_string(), format!("\"{exact}\""));
        let long = "é".repeat(Quoted::MAX_CHARS + 1);
        assert_eq!(Quoted(&long).to_string(), format!("\"{exact}…\""));
        assert!(Quoted(&"z".repeat(1 << 20)).to_string().len() < 50);
    }
}
