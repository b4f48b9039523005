//! Taking over the terminal and giving it back: raw mode, the alternate
//! screen, mouse capture and the cursor are restored on a normal exit, on an
//! error and on a panic.

use std::io::{self, Stdout, stdout};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

pub type Tui = Terminal<CrosstermBackend<Stdout>>;

/// Runs `body` with the terminal set up, and restores it however `body` ends.
pub fn with_terminal<T>(body: impl FnOnce(&mut Tui) -> io::Result<T>) -> io::Result<T> {
    install_panic_hook();
    let _restore = Restore;
    enable_raw_mode()?;
    execute!(stdout(), EnterAlternateScreen, EnableMouseCapture, Hide)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    body(&mut terminal)
}

/// Restores the terminal when dropped, so an early `?` cannot skip it.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        restore();
    }
}

/// Puts the terminal back as it was; every step is tried even if one fails.
fn restore() {
    write_restore(&mut stdout());
    let _ = disable_raw_mode();
}

/// The escape sequences that end mouse capture and the alternate screen and
/// show the cursor, each tried even if one fails.
fn write_restore(out: &mut impl io::Write) {
    let _ = execute!(out, DisableMouseCapture);
    let _ = execute!(out, LeaveAlternateScreen);
    let _ = execute!(out, Show);
}

/// Restores the terminal before the panic message is printed, so it is readable.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restoring_ends_mouse_capture_and_the_alternate_screen() {
        let mut out = Vec::new();
        write_restore(&mut out);
        let text = String::from_utf8_lossy(&out);
        // Every mouse mode crossterm enables, the alternate screen, the cursor.
        for code in ["?1000l", "?1002l", "?1003l", "?1006l", "?1049l", "?25h"] {
            assert!(text.contains(&format!("\x1b[{code}")), "{code} in {text:?}");
        }
    }
}
