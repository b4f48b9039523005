//! A message made to fit one line without cutting a path or a figure in
//! the middle: paths lose their leading folders first (`…/games/x.brique`),
//! then whole words go from the end.

use super::text_width::{cut, width};

/// `text` in at most `max` columns: as it is when it fits; else its paths
/// shortened from the left, the longest first, down to their file name;
/// else whole words dropped from the end, `…` standing for them.
pub fn shorten(text: &str, max: usize) -> String {
    if width(text) <= max {
        return text.to_string();
    }
    let mut words: Vec<String> = text.split(' ').map(str::to_string).collect();
    while width(&words.join(" ")) > max {
        let Some(longest) = (0..words.len())
            .filter(|&i| drop_folder(&words[i]).is_some())
            .max_by_key(|&i| width(&words[i]))
        else {
            break;
        };
        if let Some(shorter) = drop_folder(&words[longest]) {
            words[longest] = shorter;
        }
    }
    let joined = words.join(" ");
    if width(&joined) <= max {
        return joined;
    }
    // Whole words while they fit with the ellipsis after them.
    let mut kept = String::new();
    for word in &words {
        let sep = usize::from(!kept.is_empty());
        if width(&kept) + sep + width(word) + 2 > max {
            break;
        }
        if sep == 1 {
            kept.push(' ');
        }
        kept.push_str(word);
    }
    if kept.is_empty() {
        // Not even one word fits: nothing whole can be said.
        return cut(text, max);
    }
    kept.push_str(" …");
    kept
}

/// A path-like word with its first folder replaced by `…`
/// (`…/b/c` from `/a/b/c` or `…/b/c`); `None` when only its file name is
/// left, or it is no path.
fn drop_folder(word: &str) -> Option<String> {
    let rest = word.strip_prefix('…').unwrap_or(word);
    let rest = rest.strip_prefix(['/', '\\']).unwrap_or(rest);
    let (_, tail) = rest.split_once(['/', '\\'])?;
    let separator = if word.contains('\\') && !word.contains('/') {
        '\\'
    } else {
        '/'
    };
    // A path's last character may be the sentence's (`x.brique.`): a tail
    // of nothing but that is no file name.
    if tail.trim_end_matches(['.', ',', ':', ';']).is_empty() {
        return None;
    }
    Some(format!("…{separator}{tail}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_lose_folders_from_the_left_and_words_go_whole() {
        let text = "Saved to /home/zoë/.local/share/brique/games/2026-11-26 first.brique.";
        assert_eq!(shorten(text, 80), text);
        assert_eq!(
            shorten(text, 49),
            "Saved to …/brique/games/2026-11-26 first.brique."
        );
        assert_eq!(
            shorten(text, 45),
            "Saved to …/games/2026-11-26 first.brique."
        );
        assert_eq!(shorten(text, 35), "Saved to …/2026-11-26 first.brique.");
        // No folder left to drop: whole words, then `…`.
        assert_eq!(shorten(text, 32), "Saved to …/2026-11-26 …");
        assert_eq!(shorten(text, 20), "Saved to …");
        assert_eq!(
            shorten("Black wins 12,345 of 20,000", 20),
            "Black wins 12,345 …"
        );
        assert_eq!(
            shorten("C:\\Users\\zoe\\games\\x.brique", 16),
            "…\\games\\x.brique"
        );
        assert_eq!(shorten("abcdefgh", 4), "abc…");
    }
}
