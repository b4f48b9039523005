//! The PGP word list (assets/pgp_words.txt), as magic-wormhole uses it for
//! its codes: 256 "even" words of two syllables and 256 "odd" words of
//! three, so that a word typed in the wrong place is noticed. A word code's
//! first word is odd and its second even (`7-guitarist-revenge`). Here too:
//! completion of a partly typed code, for the join form's Tab.

use std::sync::OnceLock;

const LIST: &str = include_str!("../../assets/pgp_words.txt");

/// Which of the two lists a word is from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Two syllables: a code's second word.
    Even,
    /// Three syllables: a code's first word.
    Odd,
}

struct Lists {
    even: Vec<&'static str>,
    odd: Vec<&'static str>,
}

fn lists() -> &'static Lists {
    static LISTS: OnceLock<Lists> = OnceLock::new();
    LISTS.get_or_init(|| {
        let pairs = LIST
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .filter_map(|line| line.split_once(' '));
        let (even, odd) = pairs.unzip();
        Lists { even, odd }
    })
}

fn list(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Even => &lists().even,
        Kind::Odd => &lists().odd,
    }
}

/// The word for `byte` in the `kind` list.
pub fn word(kind: Kind, byte: u8) -> &'static str {
    list(kind).get(usize::from(byte)).copied().unwrap_or("?")
}

/// The byte whose `kind` word is `text` (any case).
pub fn byte_of(kind: Kind, text: &str) -> Option<u8> {
    let text = text.to_ascii_lowercase();
    let index = list(kind).iter().position(|w| *w == text)?;
    u8::try_from(index).ok()
}

/// The words of the `kind` list that begin with `prefix` (any case), in
/// alphabetical order.
pub fn words_from(kind: Kind, prefix: &str) -> Vec<&'static str> {
    let prefix = prefix.to_ascii_lowercase();
    let mut found: Vec<_> = list(kind)
        .iter()
        .copied()
        .filter(|w| w.starts_with(&prefix))
        .collect();
    found.sort_unstable();
    found
}

/// The codes that a partly typed one (`7-gui`, `7-guitarist-re`) can
/// become: the nameplate kept, the word being typed completed (the first
/// followed by its dash). Nothing while the nameplate is typed, or when a
/// finished first word is not one of the list.
pub fn complete(typed: &str) -> Vec<String> {
    let typed = typed.trim_start().to_ascii_lowercase();
    let parts: Vec<&str> = typed.split('-').collect();
    match parts.as_slice() {
        [nameplate, first] if is_nameplate(nameplate) => words_from(Kind::Odd, first)
            .into_iter()
            .map(|w| format!("{nameplate}-{w}-"))
            .collect(),
        [nameplate, first, second]
            if is_nameplate(nameplate) && byte_of(Kind::Odd, first).is_some() =>
        {
            words_from(Kind::Even, second)
                .into_iter()
                .map(|w| format!("{nameplate}-{first}-{w}"))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// What Tab fills in: the longest text all of `candidates` begin with.
pub fn common_prefix(candidates: &[String]) -> String {
    let Some(first) = candidates.first() else {
        return String::new();
    };
    let mut len = first.len();
    for other in &candidates[1..] {
        len = first
            .bytes()
            .zip(other.bytes())
            .take(len)
            .take_while(|(a, b)| a == b)
            .count();
    }
    first[..len].to_string()
}

fn is_nameplate(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_has_256_distinct_words_of_each_kind() {
        for kind in [Kind::Even, Kind::Odd] {
            let words = list(kind);
            assert_eq!(words.len(), 256);
            let mut sorted = words.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), 256);
            assert!(
                words
                    .iter()
                    .all(|w| w.bytes().all(|b| b.is_ascii_lowercase()))
            );
        }
        assert_eq!(word(Kind::Even, 0), "aardvark");
        assert_eq!(word(Kind::Odd, 0x69), "guitarist");
        assert_eq!(word(Kind::Even, 0xa9), "revenge");
        assert_eq!(word(Kind::Odd, 0xff), "yucatan");
        assert_eq!(byte_of(Kind::Odd, "Guitarist"), Some(0x69));
        assert_eq!(byte_of(Kind::Even, "guitarist"), None);
    }

    #[test]
    fn a_partly_typed_code_completes_word_by_word() {
        assert_eq!(complete("7-guit"), vec!["7-guitarist-"]);
        assert_eq!(
            complete("7-guitarist-rev"),
            vec!["7-guitarist-revenge".to_string()]
        );
        let re = complete("12-Guitarist-re");
        assert!(re.len() > 5, "{re:?}");
        assert!(re.iter().all(|c| c.starts_with("12-guitarist-re")));
        assert_eq!(common_prefix(&re), "12-guitarist-re");
        assert_eq!(common_prefix(&complete("7-ca")), "7-ca");
        assert!(complete("7").is_empty());
        assert!(complete("x-gui").is_empty());
        assert!(complete("7-revenge-a").is_empty(), "an even word first");
        assert_eq!(complete("7-").len(), 256);
    }
}
