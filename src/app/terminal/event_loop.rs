//! The event loop: draw, wait for input (or for the engine's progress, or
//! for a signal), hand each event to the app, until it quits or a signal
//! ends it.
//!
//! A frame goes to the terminal only when it differs from the last one
//! drawn: even an unchanged frame costs ratatui's reset sequence, and an
//! idle screen (a player thinking) should write nothing.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Rect, Size};
use ratatui::widgets::Widget;

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
    // The frame on the terminal; `None` when the terminal was taken afresh
    // (after a suspension), so the next frame is drawn whatever it holds.
    let mut shown: Option<Buffer> = None;
    while !app.should_quit() {
        // Asked before every frame: a resize whose event never came
        // (crossterm can miss a signal that arrives with input) is caught.
        let size = screen.size()?;
        if shown
            .as_ref()
            .is_some_and(|last| last.area.as_size() != size)
        {
            fit(screen, app)?;
        }
        draw_if_changed(screen, app, size, &mut shown)?;
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
            let mut resized = false;
            loop {
                let event = event::read()?;
                if is_suspend_key(&event) {
                    suspend(screen, app, &signals)?;
                    shown = None;
                } else if matches!(event, Event::Resize(..)) {
                    // A resize event's size may be stale by the time it is
                    // read (a storm of them while the engine was busy): the
                    // terminal is asked its size once the burst is taken.
                    resized = true;
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
            if resized {
                // The terminal may have been smaller meanwhile, at a size
                // never drawn, and lost what it showed (a terminal keeps
                // only the rows that fit): ratatui, seeing its last size
                // again, would draw only what changed over a half-blank
                // screen. So everything is drawn afresh (a resize clears
                // the screen and forgets the last frame; `clear` would
                // ask the terminal where its cursor is, and wait).
                let size = screen.size()?;
                screen.resize(Rect::new(0, 0, size.width, size.height))?;
                shown = None;
                fit(screen, app)?;
            }
        }
        match signals.take() {
            Some(Caught::End(signal)) => {
                app.save_before_exit();
                return Ok(Some(signal));
            }
            Some(Caught::Suspend) => {
                suspend(screen, app, &signals)?;
                shown = None;
            }
            Some(Caught::Continued) => {
                terminal::resume(screen)?;
                fit(screen, app)?;
                shown = None;
            }
            None => {}
        }
        if tick.is_some() {
            app.update(Action::Tick);
        }
    }
    // A write that failed (a full disk) is tried once more on the way out.
    app.save_before_exit();
    Ok(None)
}

/// Draws the app, at the terminal's `size`, when its frame differs from
/// `shown` (the one on the terminal), and keeps the new frame there. Rendering is pure and cheap;
/// writing to the terminal is what an idle screen must not do.
fn draw_if_changed(
    screen: &mut Tui,
    app: &App,
    size: Size,
    shown: &mut Option<Buffer>,
) -> std::io::Result<()> {
    let area = Rect::new(0, 0, size.width, size.height);
    let mut frame = Buffer::empty(area);
    app.render(area, &mut frame);
    if shown.as_ref() == Some(&frame) {
        return Ok(());
    }
    // The frame rendered above is the one drawn: rendered once, not twice.
    screen.draw(|f| {
        if f.area() == area {
            f.buffer_mut().clone_from(&frame);
        } else {
            f.render_widget(app, f.area());
        }
    })?;
    *shown = Some(frame);
    Ok(())
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

/// Tells the app the terminal's size, as the terminal gives it now.
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
