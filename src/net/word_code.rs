//! A code of words for play through a relay: the nameplate the relay gave
//! the host, then an odd and an even word of the PGP list (`7-guitarist-revenge`).
//! The nameplate finds the host on the relay; the whole code is the PAKE's
//! password, so a code has 16 secret bits and each nameplate takes one
//! guess (docs/protocol.md).

use std::fmt;
use std::str::FromStr;

use super::words::{Kind, byte_of, word};
use crate::core::Quoted;

/// The largest nameplate read back (a relay hands out small ones).
pub const MAX_NAMEPLATE: u32 = 999_999;

/// A nameplate and two words.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct WordCode {
    nameplate: u32,
    words: [u8; 2],
}

impl WordCode {
    pub const fn new(nameplate: u32, words: [u8; 2]) -> WordCode {
        WordCode { nameplate, words }
    }

    /// A code for `nameplate` with two words from the operating system's
    /// randomness.
    pub fn random(nameplate: u32) -> std::io::Result<WordCode> {
        let mut words = [0u8; 2];
        getrandom::fill(&mut words).map_err(|e| std::io::Error::other(e.to_string()))?;
        Ok(WordCode::new(nameplate, words))
    }

    pub const fn nameplate(&self) -> u32 {
        self.nameplate
    }

    /// The PAKE's password: the code as written.
    pub(super) fn password(&self) -> Vec<u8> {
        self.to_string().into_bytes()
    }
}

impl fmt::Display for WordCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}-{}",
            self.nameplate,
            word(Kind::Odd, self.words[0]),
            word(Kind::Even, self.words[1])
        )
    }
}

impl fmt::Debug for WordCode {
    // The words are a secret: debug output shows the nameplate only.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WordCode({}-…)", self.nameplate)
    }
}

/// Why typed text is not a code of words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WordCodeError {
    #[error("a code is a number and two words, such as 7-guitarist-revenge")]
    Shape,
    #[error("{} is not a nameplate: the number the code begins with", Quoted(.0))]
    Nameplate(String),
    #[error("{} is not one of a code's first words (three syllables, such as guitarist)", Quoted(.0))]
    FirstWord(String),
    #[error("{} is not one of a code's second words (two syllables, such as revenge)", Quoted(.0))]
    SecondWord(String),
}

impl FromStr for WordCode {
    type Err = WordCodeError;

    /// Case does not matter, and spaces may stand for the dashes.
    fn from_str(s: &str) -> Result<WordCode, WordCodeError> {
        let parts: Vec<&str> = s
            .split(|c: char| c == '-' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .collect();
        let [nameplate, first, second] = parts.as_slice() else {
            return Err(WordCodeError::Shape);
        };
        let number = nameplate
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_NAMEPLATE).contains(n))
            .ok_or_else(|| WordCodeError::Nameplate(nameplate.to_string()))?;
        let first =
            byte_of(Kind::Odd, first).ok_or_else(|| WordCodeError::FirstWord(first.to_string()))?;
        let second = byte_of(Kind::Even, second)
            .ok_or_else(|| WordCodeError::SecondWord(second.to_string()))?;
        Ok(WordCode::new(number, [first, second]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_back_however_it_is_typed() {
        let code = WordCode::new(7, [0x69, 0xa9]);
        assert_eq!(code.to_string(), "7-guitarist-revenge");
        for typed in [
            "7-guitarist-revenge",
            " 7 Guitarist REVENGE ",
            "7--guitarist-revenge",
        ] {
            assert_eq!(typed.parse::<WordCode>(), Ok(code), "{typed}");
        }
        assert_eq!(format!("{code:?}"), "WordCode(7-…)");
    }

    #[test]
    fn bad_codes_say_why() {
        let err = |s: &str| s.parse::<WordCode>().unwrap_err();
        assert_eq!(err("7-guitarist"), WordCodeError::Shape);
        assert_eq!(
            err("x-guitarist-revenge"),
            WordCodeError::Nameplate("x".into())
        );
        assert_eq!(
            err("0-guitarist-revenge"),
            WordCodeError::Nameplate("0".into())
        );
        assert_eq!(
            err("7-revenge-guitarist"),
            WordCodeError::FirstWord("revenge".into())
        );
        assert!(
            err("7-guitarist-\u{1b}[2J")
                .to_string()
                .contains("second words")
        );
    }

    #[test]
    fn every_code_reads_back() {
        for a in 0..=255u8 {
            let code = WordCode::new(3, [a, a.wrapping_mul(7)]);
            assert_eq!(code.to_string().parse::<WordCode>(), Ok(code));
        }
    }
}
