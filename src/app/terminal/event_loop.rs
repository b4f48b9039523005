//! The event loop: draw, wait for input (or for the engine's progress, or
//! for a signal), hand each event to the app, until it quits or a signal
//! ends it.

use std::time::Duration;

use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use signal_hook::consts::SIGHUP;

use super::input::{self, Input};
use super::signals::{CHECK_EVERY, Caught, Signals};
use super::takeover::{self as terminal, Tui};
use crate::app::action::Action;
use crate::app::state::App;

/// Runs the game until the player quits (`None`) or a signal ends it
/// (`Some(signal)`, the game saved first).
pub fn run(screen: &mut Tui, app: &mut App) -> std::io::Result<Option<i32>> {
    let signals = Signals::install()?;
    fit(screen, app)?;
    while !app.should_quit() {
        screen.draw(|frame| frame.render_widget(&*app, frame.area()))?;
        // While the engine searches (on its own thread) or a clock runs,
        // wake up now and then to show them; otherwise wait for input,
        // looking at the signals' flags now and then.
        let tick = app.tick_interval().or_else(|| app.clock_interval());
        let input = input::wait(tick.map_or(CHECK_EVERY, |t| t.min(CHECK_EVERY)))?;
        if input == Input::Gone {
            return Ok(Some(hang_up(app)));
        }
        if input == Input::Ready {
            // Take every event already waiting (mouse motion and pastes
            // come in floods) before drawing again.
            loop {
                let event = event::read()?;
                if is_suspend_key(&event) {
                    suspend(screen, app, &signals)?;
                } else {
                    app.handle_event(&event);
                }
                if app.should_quit() {
                    break;
                }
                match input::wait(Duration::ZERO)? {
                    Input::Ready => {}
                    Input::Nothing => break,
                    Input::Gone => return Ok(Some(hang_up(app))),
                }
            }
        }
        match signals.take() {
            Some(Caught::End(signal)) => {
                app.save_before_exit();
                return Ok(Some(signal));
            }
            Some(Caught::Suspend) => suspend(screen, app, &signals)?,
            Some(Caught::Continued) => {
                terminal::resume(screen)?;
                fit(screen, app)?;
            }
            None => {}
        }
        if tick.is_some() {
            app.update(Action::Tick);
        }
    }
    Ok(None)
}

/// The terminal is gone, as with SIGHUP: the game is saved and the
/// program ends as the hang-up's signal would end it.
fn hang_up(app: &mut App) -> i32 {
    app.save_before_exit();
    SIGHUP
}

/// Ctrl-Z, which raw mode delivers as a key rather than as SIGTSTP.
fn is_suspend_key(event: &Event) -> bool {
    matches!(
        event,
        Event::Key(KeyEvent {
            code: KeyCode::Char('z'),
            modifiers: KeyModifiers::CONTROL,
            kind: KeyEventKind::Press,
            ..
        })
    )
}

/// Stops until continued; the terminal may have been resized meanwhile.
fn suspend(screen: &mut Tui, app: &mut App, signals: &Signals) -> std::io::Result<()> {
    terminal::suspend(screen)?;
    signals.forget_continue();
    fit(screen, app)
}

/// Tells the app the terminal's size.
fn fit(screen: &Tui, app: &mut App) -> std::io::Result<()> {
    let size = screen.size()?;
    app.update(Action::Resize {
        width: size.width,
        height: size.height,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ctrl_z_suspends_and_z_does_not() {
        let key = |modifiers| Event::Key(KeyEvent::new(KeyCode::Char('z'), modifiers));
        assert!(is_suspend_key(&key(KeyModifiers::CONTROL)));
        assert!(!is_suspend_key(&key(KeyModifiers::NONE)));
    }
}
