//! The join code: 50 random bits written as ten Crockford base-32 symbols,
//! `ABCDE-FGHJK`, easy to read aloud and to type back (case, dashes and
//! spaces do not matter; `O` reads as `0`, `I` and `L` as `1`). It never
//! travels: both sides derive the Noise pre-shared key from it.

use std::fmt;
use std::str::FromStr;

use blake2::{Blake2s256, Digest};

/// Crockford's base-32 alphabet: digits and letters without I, L, O, U.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Symbols in a code: 10 × 5 = 50 bits.
const LENGTH: usize = 10;
/// Mixed into the key so that it is this program's, for this use only.
const CONTEXT: &[u8] = b"brique join code v1:";

/// A join code, normalised: ten symbols of `ALPHABET`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct JoinCode([u8; LENGTH]);

impl JoinCode {
    /// A fresh code from the operating system's randomness.
    pub fn random() -> std::io::Result<JoinCode> {
        let mut bytes = [0u8; LENGTH];
        getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(e.to_string()))?;
        Ok(JoinCode::from_bytes(bytes))
    }

    /// The code whose symbols are the low five bits of `bytes`.
    pub const fn from_bytes(bytes: [u8; LENGTH]) -> JoinCode {
        let mut symbols = [0u8; LENGTH];
        let mut i = 0;
        while i < LENGTH {
            symbols[i] = ALPHABET[(bytes[i] & 31) as usize];
            i += 1;
        }
        JoinCode(symbols)
    }

    /// The 32-byte pre-shared key: BLAKE2s-256 of the context and the
    /// normalised code.
    pub fn psk(&self) -> [u8; 32] {
        let mut hash = Blake2s256::new();
        hash.update(CONTEXT);
        hash.update(self.0);
        hash.finalize().into()
    }
}

impl fmt::Display for JoinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |part: &[u8]| part.iter().map(|&b| char::from(b)).collect::<String>();
        write!(f, "{}-{}", text(&self.0[..5]), text(&self.0[5..]))
    }
}

impl fmt::Debug for JoinCode {
    // A code is a secret: debug output never shows it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("JoinCode(…)")
    }
}

/// Why typed text is not a join code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    #[error("a join code has {LENGTH} letters and digits (such as ABCDE-FGHJK), not {0}")]
    Length(usize),
    #[error("{} is not in a join code (letters and digits but U)", crate::core::Quoted(&.0.to_string()))]
    Symbol(char),
}

impl FromStr for JoinCode {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<JoinCode, CodeError> {
        let mut symbols = Vec::with_capacity(LENGTH);
        for c in s.chars().filter(|c| !matches!(c, '-' | ' ' | '\t')) {
            let c = match c.to_ascii_uppercase() {
                'O' => '0',
                'I' | 'L' => '1',
                c => c,
            };
            if !c.is_ascii() || !ALPHABET.contains(&(c as u8)) {
                return Err(CodeError::Symbol(c));
            }
            symbols.push(c as u8);
        }
        let symbols: [u8; LENGTH] = symbols
            .try_into()
            .map_err(|v: Vec<u8>| CodeError::Length(v.len()))?;
        Ok(JoinCode(symbols))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_back_however_it_is_typed() {
        let code = JoinCode::from_bytes([0, 1, 2, 3, 4, 27, 28, 29, 30, 31]);
        assert_eq!(code.to_string(), "01234-VWXYZ");
        for typed in ["01234-VWXYZ", "o1234 vwxyz", "OI234VWXYZ", " 0l2-34vw-xyz "] {
            assert_eq!(typed.parse::<JoinCode>(), Ok(code), "{typed}");
        }
    }

    #[test]
    fn bad_codes_say_why() {
        assert_eq!("ABCDE-FGHJ".parse::<JoinCode>(), Err(CodeError::Length(9)));
        assert_eq!(
            "ABCDE-FGHJU".parse::<JoinCode>(),
            Err(CodeError::Symbol('U'))
        );
        assert_eq!(
            "ABCDE-FGH\u{1b}K".parse::<JoinCode>(),
            Err(CodeError::Symbol('\u{1b}'))
        );
    }

    #[test]
    fn different_codes_give_different_keys() {
        let a = JoinCode::from_bytes([1; LENGTH]);
        let b = JoinCode::from_bytes([2; LENGTH]);
        assert_ne!(a.psk(), b.psk());
        assert_eq!(a.psk(), "11111-11111".parse::<JoinCode>().unwrap().psk());
    }

    #[test]
    fn random_codes_differ() {
        let codes: Vec<_> = (0..4).map(|_| JoinCode::random().unwrap()).collect();
        assert!(codes.windows(2).any(|w| w[0] != w[1]));
    }
}
