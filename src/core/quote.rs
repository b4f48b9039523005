//! A piece of bad input quoted in an error message: at most a few dozen
//! characters of it, so that a huge token never makes a huge message.

use std::fmt;

/// The most characters of a bad token that a message shows.
pub const QUOTE_CHARS: usize = 32;

/// Displays its text as `{:?}` does, but a text longer than [`QUOTE_CHARS`]
/// characters is cut there and its length said:
/// `"eeee…eee"… (1048576 characters)`.
///
/// ```
/// use brique::core::Quoted;
/// assert_eq!(Quoted("d99").to_string(), "\"d99\"");
/// let long = "x".repeat(1000);
/// assert_eq!(
///     Quoted(&long).to_string(),
///     format!("{:?}… (1000 characters)", "x".repeat(32))
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(QUOTE_CHARS) {
            None => write!(f, "{:?}", self.0),
            Some((end, _)) => write!(
                f,
                "{:?}… ({} characters)",
                &self.0[..end],
                self.0.chars().count()
            ),
        }
    }
}
