//! The local terminal as the event loop's console: crossterm's events, the
//! signals (`signals.rs`) answered with the terminal restored, Ctrl-Z
//! suspending the program, a hang-up ending it as SIGHUP would.

use std::io::{self, Stdout};
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event};
use signal_hook::consts::SIGHUP;

use super::event_loop::{self, Console, Next, is_suspend_key};
use super::input::{self, Input};
use super::signals::{CHECK_EVERY, Caught, Signals};
use super::takeover::{self, Tui};
use crate::app::state::App;

/// The terminal this process runs in, with its signals' flags.
struct Local<'a> {
    screen: &'a mut Tui,
    signals: Signals,
}

/// Runs the game until the player quits (`None`) or a signal ends it
/// (`Some(signal)`, the game saved first; a hang-up is SIGHUP).
pub fn run(screen: &mut Tui, app: &mut App) -> io::Result<Option<i32>> {
    let signals = Signals::install()?;
    event_loop::run(&mut Local { screen, signals }, app)
}

impl Local<'_> {
    /// Stops until continued; the terminal may have been resized meanwhile.
    fn suspend(&mut self) -> io::Result<Next<i32>> {
        takeover::suspend(self.screen)?;
        self.signals.forget_continue();
        Ok(Next::Refit)
    }
}

impl Console for Local<'_> {
    const LOOK_EVERY: Duration = CHECK_EVERY;
    type Backend = CrosstermBackend<Stdout>;
    /// The signal that ends the game.
    type End = i32;

    fn screen(&mut self) -> &mut Terminal<Self::Backend> {
        self.screen
    }

    fn next(&mut self, timeout: Duration) -> io::Result<Next<i32>> {
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
        match input::wait(timeout)? {
            // The terminal is gone, as with SIGHUP: the game is saved and
            // the program ends as the hang-up's signal would end it.
            Input::Gone => Ok(Next::End(SIGHUP)),
            Input::Nothing => Ok(Next::Nothing),
            Input::Ready => match event::read()? {
                event if is_suspend_key(&event) => self.suspend(),
                Event::Resize(..) => Ok(Next::Refit),
                event => Ok(Next::Event(event)),
            },
        }
    }
}
