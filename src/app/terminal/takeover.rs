//! Taking over the terminal and giving it back: raw mode, the alternate
//! screen, mouse capture, bracketed paste and the cursor are restored on a
//! normal exit, on an error, on a panic, on a signal that ends the game and
//! while the game is suspended (Ctrl-Z).

use std::io::{self, Stdout, stdout};
use std::thread::ThreadId;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

pub type Tui = Terminal<CrosstermBackend<Stdout>>;

/// Runs `body` with the terminal set up, and restores it however `body` ends.
pub fn with_terminal<T>(body: impl FnOnce(&mut Tui) -> io::Result<T>) -> io::Result<T> {
    install_panic_hook();
    let _restore = Restore;
    take_over()?;
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    body(&mut terminal)
}

/// Gives the terminal back and stops the process, as Ctrl-Z does in a
/// shell; when the shell's `fg` continues it, takes the terminal again and
/// redraws everything.
pub fn suspend(terminal: &mut Tui) -> io::Result<()> {
    restore();
    // SIGTSTP's default action: stops here until SIGCONT.
    signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP)?;
    resume(terminal)
}

/// Takes the terminal again after the process was stopped and continued
/// (the shell may have changed its modes and the screen meanwhile): the
/// screen is cleared and `terminal` made afresh, so the next draw paints
/// every cell, at the terminal's size now.
pub fn resume(terminal: &mut Tui) -> io::Result<()> {
    take_over()?;
    execute!(stdout(), Clear(ClearType::All))?;
    *terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    Ok(())
}

fn take_over() -> io::Result<()> {
    enable_raw_mode()?;
    write_setup(&mut stdout())
}

/// The escape sequences that start the alternate screen, mouse capture and
/// bracketed paste and hide the cursor (raw mode is the terminal's own
/// setting, not a sequence: a remote client's pty is raw already).
pub fn write_setup(out: &mut impl io::Write) -> io::Result<()> {
    execute!(
        out,
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste,
        Hide
    )
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

/// The escape sequences that end mouse capture, bracketed paste and the
/// alternate screen and show the cursor, each tried even if one fails.
pub fn write_restore(out: &mut impl io::Write) {
    let _ = execute!(out, DisableMouseCapture);
    let _ = execute!(out, DisableBracketedPaste);
    let _ = execute!(out, LeaveAlternateScreen);
    let _ = execute!(out, Show);
}

/// What the panic hook does for a panic on one thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OnPanic {
    /// The main thread's panic ends the screen: the terminal is restored
    /// before the message is printed, so it is readable.
    Restore,
    /// Another thread's (the engine's search, which the app survives: "you
    /// can still play") leaves the screen up, in raw mode, with nothing
    /// printed over it; the app says the engine failed.
    KeepScreen,
}

/// A panic hook fires for every thread: only the main one's ends the screen.
fn on_panic(main: ThreadId, panicking: ThreadId) -> OnPanic {
    if panicking == main {
        OnPanic::Restore
    } else {
        OnPanic::KeepScreen
    }
}

fn install_panic_hook() {
    let main = std::thread::current().id();
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        match on_panic(main, std::thread::current().id()) {
            OnPanic::Restore => {
                restore();
                previous(info);
            }
            OnPanic::KeepScreen => {}
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_main_threads_panic_gives_the_terminal_back() {
        let main = std::thread::current().id();
        assert_eq!(on_panic(main, main), OnPanic::Restore);
        let engine = std::thread::spawn(|| std::thread::current().id())
            .join()
            .unwrap();
        assert_eq!(on_panic(main, engine), OnPanic::KeepScreen);
    }

    #[test]
    fn restoring_ends_mouse_capture_paste_and_the_alternate_screen() {
        let mut out = Vec::new();
        write_restore(&mut out);
        let text = String::from_utf8_lossy(&out);
        // Every mouse mode crossterm enables, bracketed paste, the alternate
        // screen, the cursor.
        for code in [
            "?1000l", "?1002l", "?1003l", "?1006l", "?2004l", "?1049l", "?25h",
        ] {
            assert!(text.contains(&format!("\x1b[{code}")), "{code} in {text:?}");
        }
    }
}
