//! What the terminal can draw, read once at start-up from `TERM`,
//! `COLORTERM` and `NO_COLOR`: how many colours, and whether the Unicode
//! glyphs are in its font. Pure, so every terminal is tested without one.

use crate::app::config::ThemeName;

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// None at all (`xterm-mono`, `vt100`, `NO_COLOR`).
    Mono,
    /// The 16 ANSI colours.
    Ansi16,
    /// The 256-colour palette.
    Ansi256,
    /// Any `#rrggbb`.
    TrueColor,
}

/// What the screen may use on this terminal for this run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermCaps {
    pub depth: Depth,
    /// Whether the terminal's font has the block and symbol glyphs.
    pub unicode: bool,
    /// A theme chosen for this run only (`--theme`), over the settings.
    pub theme: Option<ThemeName>,
}

impl TermCaps {
    /// A terminal that shows everything (tests, and the defaults).
    pub const FULL: TermCaps = TermCaps {
        depth: Depth::Ansi256,
        unicode: true,
        theme: None,
    };
}

impl TermCaps {
    /// The same terminal with no colours when `no_color` is set.
    pub const fn without_colour(self, no_color: bool) -> TermCaps {
        if no_color {
            TermCaps {
                depth: Depth::Mono,
                ..self
            }
        } else {
            self
        }
    }
}

/// Why the game cannot run on a terminal.
pub const DUMB: &str = "brique: the game needs a full-screen terminal, and TERM=dumb \
     says this one cannot move the cursor or clear the screen. Run it in a terminal \
     emulator, or use `brique show` to print a game as text.";

/// The terminal's capabilities from its variables; `None` for a terminal
/// that cannot draw a full screen (`TERM=dumb`).
pub fn detect(term: Option<&str>, colorterm: Option<&str>, no_color: bool) -> Option<TermCaps> {
    let term = term.unwrap_or("").trim().to_ascii_lowercase();
    if term == "dumb" {
        return None;
    }
    let colorterm = colorterm.unwrap_or("").trim().to_ascii_lowercase();
    let mono = term.ends_with("-mono") || term.ends_with("-m") || term.starts_with("vt");
    let depth = if no_color || mono {
        Depth::Mono
    } else if colorterm == "truecolor" || colorterm == "24bit" || term.ends_with("-direct") {
        Depth::TrueColor
    } else if term.contains("256color") || term.is_empty() {
        // No TERM at all (e.g. some IDE consoles): assume a modern terminal.
        Depth::Ansi256
    } else {
        Depth::Ansi16
    };
    // The Linux console's fonts lack most block and symbol glyphs.
    let unicode = !(term == "linux" || term.starts_with("vt") || term == "ansi");
    Some(TermCaps {
        depth,
        unicode,
        theme: None,
    })
}

/// [`detect`] on this process's variables, with `--theme` over it. (A
/// remote session calls [`detect`] with its client's variables instead.)
pub fn from_env(theme: Option<ThemeName>) -> Option<TermCaps> {
    let var = |name| std::env::var(name).ok();
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let caps = detect(
        var("TERM").as_deref(),
        var("COLORTERM").as_deref(),
        no_color,
    )?;
    Some(TermCaps { theme, ..caps })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caps(term: &str, colorterm: &str) -> Option<(Depth, bool)> {
        detect(Some(term), Some(colorterm), false).map(|c| (c.depth, c.unicode))
    }

    #[test]
    fn each_terminal_gets_what_it_can_draw() {
        assert_eq!(caps("dumb", ""), None);
        assert_eq!(
            caps("xterm-256color", "truecolor"),
            Some((Depth::TrueColor, true))
        );
        assert_eq!(caps("xterm-kitty", "24bit"), Some((Depth::TrueColor, true)));
        assert_eq!(caps("xterm-256color", ""), Some((Depth::Ansi256, true)));
        assert_eq!(caps("tmux-256color", ""), Some((Depth::Ansi256, true)));
        assert_eq!(caps("xterm", ""), Some((Depth::Ansi16, true)));
        assert_eq!(caps("screen", ""), Some((Depth::Ansi16, true)));
        assert_eq!(caps("xterm-mono", ""), Some((Depth::Mono, true)));
        assert_eq!(caps("vt100", ""), Some((Depth::Mono, false)));
        assert_eq!(caps("linux", ""), Some((Depth::Ansi16, false)));
    }

    #[test]
    fn no_color_wins_over_any_terminal() {
        let c = detect(Some("xterm-256color"), Some("truecolor"), true).unwrap();
        assert_eq!(c.depth, Depth::Mono);
        assert!(detect(Some("dumb"), None, true).is_none());
    }
}
