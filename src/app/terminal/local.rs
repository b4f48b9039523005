//! The local terminal as the event loop's console: a thread reads the
//! terminal's events into the loop's channel, the signals (`signals.rs`)
//! are answered with the terminal restored, Ctrl-Z suspends the program,
//! a hang-up ends it as SIGHUP would.
//!
//! The reader waits for input without crossterm's spin on a closed
//! terminal: once the terminal is gone, its reads return end of input at
//! once, and crossterm's poll reads again and again without returning (at
//! full CPU, the event loop never looking at the signals). So it first asks
//! the terminal itself, with `poll(2)`, and treats a hang-up, an error or
//! end of input as the terminal gone ([`wait`]).

use std::collections::VecDeque;
use std::io::{self, Stdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event};
use signal_hook::consts::SIGHUP;

use super::event_loop::{self, Console, Message, Next, is_suspend_key};
use super::signals::{Caught, Signals};
use super::takeover::{self, Tui};
use crate::app::state::App;

/// The longest the terminal's reader waits before it looks whether the
/// loop has ended (it is woken by input, so it rarely waits this long).
const READER_WAIT: Duration = Duration::from_secs(3600);

/// What the terminal's reader and the signals send into the loop.
#[derive(Debug)]
pub enum LocalInput {
    Event(Event),
    /// A signal came: the flags say which.
    Signal,
    /// The terminal is gone (closed, hung up).
    Gone,
    /// Reading the terminal failed.
    Failed(io::Error),
}

/// The terminal this process runs in, with its signals' flags.
struct Local<'a> {
    screen: &'a mut Tui,
    signals: Signals,
    /// What came through the channel, not yet told.
    came: VecDeque<LocalInput>,
    /// Set when the loop ends: the reader stops before reading again.
    done: Arc<AtomicBool>,
    nudges: Option<signal_hook::iterator::Handle>,
}

/// Runs the game until the player quits (`None`) or a signal ends it
/// (`Some(signal)`, the game saved first; a hang-up is SIGHUP).
pub fn run(screen: &mut Tui, app: &mut App) -> io::Result<Option<i32>> {
    let signals = Signals::install()?;
    let mut local = Local {
        screen,
        signals,
        came: VecDeque::new(),
        done: Arc::new(AtomicBool::new(false)),
        nudges: None,
    };
    event_loop::run(&mut local, app)
}

impl Local<'_> {
    /// Stops until continued; the terminal may have been resized meanwhile.
    fn suspend(&mut self) -> io::Result<Next<i32>> {
        takeover::suspend(self.screen)?;
        self.signals.forget_continue();
        Ok(Next::Refit)
    }
}

impl Drop for Local<'_> {
    fn drop(&mut self) {
        self.done.store(true, Ordering::SeqCst);
        if let Some(nudges) = self.nudges.take() {
            nudges.close();
        }
    }
}

/// Reads the terminal's events into `messages` until the terminal is gone,
/// the loop has ended (`done`) or nobody listens.
fn read_terminal(messages: &Sender<Message<LocalInput>>, done: &AtomicBool) {
    let send = |input| messages.send(Message::Console(input)).is_ok();
    while !done.load(Ordering::SeqCst) {
        let input = match wait(READER_WAIT) {
            Ok(Input::Nothing) => continue,
            // Not read once the loop has ended: the key is the shell's.
            Ok(Input::Ready) if done.load(Ordering::SeqCst) => return,
            Ok(Input::Ready) => match event::read() {
                Ok(event) => LocalInput::Event(event),
                Err(e) => LocalInput::Failed(e),
            },
            Ok(Input::Gone) => LocalInput::Gone,
            Err(e) => LocalInput::Failed(e),
        };
        let last = matches!(input, LocalInput::Gone | LocalInput::Failed(_));
        if !send(input) || last {
            return;
        }
    }
}

impl Console for Local<'_> {
    type Backend = CrosstermBackend<Stdout>;
    /// The signal that ends the game.
    type End = i32;
    type Input = LocalInput;

    fn screen(&mut self) -> &mut Terminal<Self::Backend> {
        self.screen
    }

    fn listen(&mut self, messages: Sender<Message<LocalInput>>) -> io::Result<()> {
        let nudge = messages.clone();
        self.nudges = Some(Signals::nudge(move || {
            nudge.send(Message::Console(LocalInput::Signal)).is_ok()
        })?);
        let done = Arc::clone(&self.done);
        std::thread::Builder::new()
            .name("terminal reader".to_string())
            .spawn(move || read_terminal(&messages, &done))?;
        Ok(())
    }

    fn receive(&mut self, input: LocalInput) {
        self.came.push_back(input);
    }

    fn next(&mut self) -> io::Result<Next<i32>> {
        loop {
            // The flags, whatever came: a signal is never lost.
            match self.signals.take() {
                Some(Caught::End(signal)) => return Ok(Next::End(signal)),
                Some(Caught::Suspend) => return self.suspend(),
                Some(Caught::Continued) => {
                    takeover::resume(self.screen)?;
                    return Ok(Next::Refit);
                }
                Some(Caught::Resized) => return Ok(Next::Refit),
                None => {}
            }
            return match self.came.pop_front() {
                None => Ok(Next::Nothing),
                Some(LocalInput::Signal) => continue,
                // The terminal is gone, as with SIGHUP: the game is saved
                // and the program ends as the hang-up's signal would end it.
                Some(LocalInput::Gone) => Ok(Next::End(SIGHUP)),
                Some(LocalInput::Failed(e)) => Err(e),
                Some(LocalInput::Event(event)) if is_suspend_key(&event) => self.suspend(),
                Some(LocalInput::Event(Event::Resize(..))) => Ok(Next::Refit),
                Some(LocalInput::Event(event)) => Ok(Next::Event(event)),
            };
        }
    }
}

/// What waiting for input found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Input {
    /// An event is ready for `event::read`.
    Ready,
    /// Nothing came within the wait.
    Nothing,
    /// The terminal is gone (closed, hung up): save and end.
    Gone,
}

/// Waits up to `timeout` for an event from the terminal.
fn wait(timeout: Duration) -> std::io::Result<Input> {
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
