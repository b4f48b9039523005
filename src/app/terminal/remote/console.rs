//! A remote session's channel as the event loop's console: the channel's
//! messages (bytes, resizes, its end) become the loop's, frames go into
//! its writer, and the client's terminal is set up at the start and given
//! back however the session ends.

use std::io::{self, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

use ratatui::Terminal;

use super::backend::RemoteBackend;
use super::bytes::{InputBytes, Parsed};
use super::{RemoteEnd, RemoteInput};
use crate::app::terminal::event_loop::{Console, Next, is_suspend_key};
use crate::app::terminal::takeover::{write_restore, write_setup};

/// How long an Esc waits for the rest of a sequence before it is the Esc
/// key: a terminal sends a sequence at once, but a link may split it.
pub const ESC_WAIT: Duration = Duration::from_millis(30);

/// Ctrl-Z stops a local program; a session has nothing to stop.
const NO_SUSPEND: &str = "Ctrl-Z does nothing here: over SSH there is no shell to go back to.";

pub type Output = Box<dyn Write + Send>;

pub struct Remote {
    screen: Terminal<RemoteBackend<Output>>,
    input: Receiver<RemoteInput>,
    bytes: InputBytes,
    /// When the lone Esc the bytes end with came.
    esc_since: Option<Instant>,
    closed: bool,
}

impl Remote {
    /// Sets the client's terminal up for the screen.
    pub fn take_over(
        input: Receiver<RemoteInput>,
        output: Output,
        width: u16,
        height: u16,
    ) -> io::Result<Remote> {
        let mut remote = Remote {
            screen: Terminal::new(RemoteBackend::new(output, width, height))?,
            input,
            bytes: InputBytes::default(),
            esc_since: None,
            closed: false,
        };
        write_setup(remote.screen.backend_mut())?;
        Ok(remote)
    }

    fn receive(&mut self, message: RemoteInput) -> Option<Next<RemoteEnd>> {
        match message {
            RemoteInput::Bytes(bytes) => {
                self.bytes.feed(&bytes);
                if !bytes.is_empty() {
                    self.esc_since = self.bytes.holds_lone_esc().then(Instant::now);
                }
                None
            }
            RemoteInput::Resize { width, height } => {
                self.screen.backend_mut().resize(width, height);
                Some(Next::Refit)
            }
            RemoteInput::Closed => {
                self.close();
                None
            }
        }
    }

    fn close(&mut self) {
        self.closed = true;
        self.bytes.end_lone_esc();
        self.esc_since = None;
    }

    /// A lone Esc waited long enough: it is the Esc key.
    fn esc_waited(&mut self) -> bool {
        if self
            .esc_since
            .is_some_and(|since| since.elapsed() >= ESC_WAIT)
        {
            self.bytes.end_lone_esc();
            self.esc_since = None;
            return true;
        }
        false
    }
}

impl Console for Remote {
    /// A session has no signals to look at: an idle one wakes once a
    /// second, not ten times (the app's ticks wake it when it needs them).
    const LOOK_EVERY: Duration = Duration::from_secs(1);
    type Backend = RemoteBackend<Output>;
    type End = RemoteEnd;

    fn screen(&mut self) -> &mut Terminal<Self::Backend> {
        &mut self.screen
    }

    fn next(&mut self, timeout: Duration) -> io::Result<Next<RemoteEnd>> {
        loop {
            match self.bytes.next() {
                Some(Parsed::Event(event)) if is_suspend_key(&event) => {
                    return Ok(Next::Tell(NO_SUSPEND));
                }
                Some(Parsed::Event(event)) => return Ok(Next::Event(event)),
                Some(Parsed::Dropped(why)) => return Ok(Next::Tell(why)),
                None => {}
            }
            if self.closed {
                return Ok(Next::End(RemoteEnd::Closed));
            }
            if self.esc_waited() {
                continue;
            }
            let wait = match self.esc_since {
                Some(since) => timeout.min(ESC_WAIT.saturating_sub(since.elapsed())),
                None => timeout,
            };
            let message = if wait.is_zero() {
                self.input.try_recv().map_err(|e| e == TryRecvError::Empty)
            } else {
                self.input
                    .recv_timeout(wait)
                    .map_err(|e| e == RecvTimeoutError::Timeout)
            };
            match message {
                Ok(message) => {
                    if let Some(next) = self.receive(message) {
                        return Ok(next);
                    }
                }
                // The sending side is gone: the channel closed.
                Err(false) => self.close(),
                Err(true) if self.esc_waited() => {}
                Err(true) => return Ok(Next::Nothing),
            }
        }
    }
}

impl Drop for Remote {
    /// Gives the client's terminal back however the session ends.
    fn drop(&mut self) {
        let out = self.screen.backend_mut();
        write_restore(out);
        let _ = Write::flush(out);
    }
}
