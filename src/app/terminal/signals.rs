//! The signals the game screen answers: those whose default action ends the
//! process ([`ENDING`]) end it with the terminal restored and the game saved,
//! SIGTSTP suspends it, SIGCONT and SIGWINCH redraw.
//! The handlers only set flags (signal-hook's), and a thread nudges the
//! event loop, which then reads them.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use signal_hook::consts::{
    SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2, SIGWINCH,
};

/// Every catchable signal whose default action ends the process and that a
/// user or another program may send: left to the default, each would end
/// the game with the terminal raw, on the alternate screen, mouse reporting
/// on. (SIGKILL cannot be caught; SIGSEGV and the like mean a bug, and the
/// panic hook is the place for those.)
const ENDING: [i32; 7] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM];

/// A signal the event loop must act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caught {
    /// One of [`ENDING`]: save, restore the terminal and end.
    End(i32),
    /// SIGTSTP: give the terminal back and stop.
    Suspend,
    /// SIGCONT: continued after a stop; take the terminal again.
    Continued,
    /// SIGWINCH: the terminal was resized; draw everything again.
    Resized,
}

/// How long an ending signal waits for the event loop to save and end
/// before the process ends the default way. The loop, nudged, ends at once;
/// this is only for one stuck, and long enough that a loop slowed by a
/// busy machine is never cut short by it.
pub const GRACE: Duration = Duration::from_secs(5);

/// Ends the process the signal's default way if the event loop has not done
/// so within [`GRACE`] of an ending signal. The loop can be stuck where it
/// never looks at the flags: once the terminal is gone (the hang-up that
/// sends SIGHUP), crossterm's read of it spins without returning. The
/// autosave, written after every move, already holds the game.
fn watch_for_a_stuck_loop() -> io::Result<()> {
    let mut ending = signal_hook::iterator::Signals::new(ENDING)?;
    std::thread::Builder::new()
        .name("signal watch".to_string())
        .spawn(move || {
            if let Some(signal) = ending.forever().next() {
                std::thread::sleep(GRACE);
                let _ = signal_hook::low_level::emulate_default_handler(signal);
            }
        })?;
    Ok(())
}

/// The flags the handlers set.
pub struct Signals {
    /// The number of the ending signal caught (0: none).
    end: Arc<AtomicUsize>,
    suspend: Arc<AtomicBool>,
    continued: Arc<AtomicBool>,
    /// Set by every SIGWINCH. Crossterm turns the signal into a resize
    /// event, but drops it when it wakes up for input at the same moment
    /// (its poll returns the key and forgets the signal's readiness); a
    /// flag is never lost.
    resized: Arc<AtomicBool>,
}

impl Signals {
    /// Installs the handlers (they replace the default actions).
    pub fn install() -> io::Result<Signals> {
        let signals = Signals {
            end: Arc::new(AtomicUsize::new(0)),
            suspend: Arc::new(AtomicBool::new(false)),
            continued: Arc::new(AtomicBool::new(false)),
            resized: Arc::new(AtomicBool::new(false)),
        };
        for signal in ENDING {
            let number = usize::try_from(signal).unwrap_or_default();
            signal_hook::flag::register_usize(signal, Arc::clone(&signals.end), number)?;
        }
        signal_hook::flag::register(SIGTSTP, Arc::clone(&signals.suspend))?;
        signal_hook::flag::register(SIGCONT, Arc::clone(&signals.continued))?;
        signal_hook::flag::register(SIGWINCH, Arc::clone(&signals.resized))?;
        watch_for_a_stuck_loop()?;
        Ok(signals)
    }

    /// The signal to act on now, the most pressing first; each is
    /// reported once.
    pub fn take(&self) -> Option<Caught> {
        let end = self.end.swap(0, Ordering::SeqCst);
        if end != 0 {
            return Some(Caught::End(i32::try_from(end).unwrap_or(SIGTERM)));
        }
        if self.suspend.swap(false, Ordering::SeqCst) {
            // The stop about to happen ends with its own SIGCONT.
            self.continued.store(false, Ordering::SeqCst);
            return Some(Caught::Suspend);
        }
        if self.continued.swap(false, Ordering::SeqCst) {
            return Some(Caught::Continued);
        }
        if self.resized.swap(false, Ordering::SeqCst) {
            return Some(Caught::Resized);
        }
        None
    }

    /// Calls `nudge` on every signal the flags catch, on a thread of its
    /// own, until it returns false or the handle is closed: the event loop
    /// sleeps on its channel, and this wakes it to read the flags.
    pub fn nudge(
        nudge: impl Fn() -> bool + Send + 'static,
    ) -> io::Result<signal_hook::iterator::Handle> {
        let mut caught = ENDING.to_vec();
        caught.extend([SIGTSTP, SIGCONT, SIGWINCH]);
        let mut signals = signal_hook::iterator::Signals::new(caught)?;
        let handle = signals.handle();
        std::thread::Builder::new()
            .name("signal nudge".to_string())
            .spawn(move || {
                for _ in signals.forever() {
                    if !nudge() {
                        return;
                    }
                }
            })?;
        Ok(handle)
    }

    /// Forgets a SIGCONT already answered (the one ending a suspension).
    pub fn forget_continue(&self) {
        self.continued.store(false, Ordering::SeqCst);
    }
}
