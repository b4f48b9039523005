//! Waiting for input without crossterm's spin on a closed terminal: once
//! the terminal is gone, its reads return end of input at once, and
//! crossterm's poll reads again and again without returning (at full CPU,
//! the event loop never looking at the signals). So the loop first asks the
//! terminal itself, with `poll(2)`, and treats a hang-up, an error or end
//! of input as the terminal gone.

use std::time::Duration;

use ratatui::crossterm::event;

/// What waiting for input found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// An event is ready for `event::read`.
    Ready,
    /// Nothing came within the wait.
    Nothing,
    /// The terminal is gone (closed, hung up): save and end.
    Gone,
}

/// Waits up to `timeout` for an event from the terminal.
pub fn wait(timeout: Duration) -> std::io::Result<Input> {
    let ready = |wait| {
        Ok(if event::poll(wait)? {
            Input::Ready
        } else {
            Input::Nothing
        })
    };
    match terminal_gone(Duration::ZERO) {
        None => ready(timeout),
        Some(true) => Ok(Input::Gone),
        // Crossterm's own wait, so that each resize's signal is taken as
        // it comes: its event source is edge-triggered and, handed a
        // resize and the terminal's readiness at once, returns the resize
        // and loses the readiness (keys typed after a storm of resizes
        // were never read while this thread waited on the terminal
        // alone). A closed terminal makes that wait spin until it ends,
        // so it is short and the hang-up is looked for again after it.
        Some(false) => ready(timeout.min(CROSSTERM_WAIT)),
    }
}

/// The longest crossterm waits for input before the terminal is looked at
/// again for a hang-up.
const CROSSTERM_WAIT: Duration = Duration::from_millis(500);

/// Waits up to `timeout` for the terminal to be readable; true when it is
/// gone: hung up, in error, or readable with nothing to read (end of
/// input). Crossterm reads the standard input when it is a terminal; when
/// it is not, crossterm opens /dev/tty itself and this cannot tell (None).
#[cfg(unix)]
fn terminal_gone(timeout: Duration) -> Option<bool> {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let fd = std::io::stdin();
    if !rustix::termios::isatty(&fd) {
        return None;
    }
    let mut watch = [PollFd::new(&fd, PollFlags::IN)];
    let wait = Timespec::try_from(timeout).unwrap_or(Timespec {
        tv_sec: i64::MAX,
        tv_nsec: 0,
    });
    match poll(&mut watch, Some(&wait)) {
        // Nothing within the wait, or a signal cut it short.
        Ok(0) | Err(_) => return Some(false),
        Ok(_) => {}
    }
    let events = watch[0].revents();
    if events.intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL) {
        return Some(true);
    }
    Some(events.contains(PollFlags::IN) && at_end_of_input(&fd))
}

/// Whether the readable terminal `fd` has nothing to read: end of input
/// (a terminal in raw mode reads at least one byte when there is one).
#[cfg(unix)]
fn at_end_of_input(fd: &std::io::Stdin) -> bool {
    // A failed ask counts as the end, as an empty one does.
    !matches!(rustix::io::ioctl_fionread(fd), Ok(waiting) if waiting > 0)
}

#[cfg(not(unix))]
fn terminal_gone(_timeout: Duration) -> Option<bool> {
    None
}
