//! The event loop: draw, wait for input (or for the engine's progress),
//! hand each event to the app, until it quits or its console ends it. The
//! same loop runs the local terminal (`local.rs`: its signals, Ctrl-Z) and
//! a remote session's channel (`remote/`): a [`Console`] is where events
//! come from and where frames go.
//!
//! A frame goes to the terminal only when it differs from the last one
//! drawn: even an unchanged frame costs ratatui's reset sequence, and an
//! idle screen (a player thinking) should write nothing.

use std::io;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Rect, Size};
use ratatui::widgets::Widget;

use crate::app::action::Action;
use crate::app::message::Tone;
use crate::app::state::App;
use crate::app::update::Effect;

/// What a console found while the loop waited.
#[derive(Debug)]
pub enum Next<End> {
    /// An event for the app.
    Event(Event),
    /// Nothing more within the wait.
    Nothing,
    /// The terminal's size may have changed, or the screen was taken
    /// afresh: everything is drawn again at the size now.
    Refit,
    /// Something the player should know, said on the status line.
    Tell(&'static str),
    /// The console ends the game (a signal, a hang-up, a closed channel):
    /// the game is saved first.
    End(End),
}

/// Where the event loop's events come from and where its frames go.
pub trait Console {
    /// The longest the loop waits for input before it looks again (the
    /// local terminal's signals are looked at in between).
    const LOOK_EVERY: Duration;
    type Backend: Backend<Error = io::Error>;
    /// How the console may end the game other than by the player's quit.
    type End;
    fn screen(&mut self) -> &mut Terminal<Self::Backend>;
    /// Waits up to `timeout` for what comes next (a zero `timeout`: only
    /// what is already there).
    fn next(&mut self, timeout: Duration) -> io::Result<Next<Self::End>>;
}

/// Runs the game until the player quits (`None`) or the console ends it
/// (`Some`, the game saved first).
pub fn run<C: Console>(console: &mut C, app: &mut App) -> io::Result<Option<C::End>> {
    fit(console.screen(), app)?;
    // The frame on the terminal; `None` when the terminal must be drawn
    // afresh (resized, or taken again after a suspension).
    let mut shown: Option<Buffer> = None;
    while !app.should_quit() {
        // Asked before every frame: a resize whose event never came
        // (crossterm can miss a signal that arrives with input) is caught.
        let size = console.screen().size()?;
        if shown
            .as_ref()
            .is_some_and(|last| last.area.as_size() != size)
        {
            fit(console.screen(), app)?;
        }
        draw_if_changed(console.screen(), app, size, &mut shown)?;
        // While the engine searches (on its own thread) or a clock runs,
        // wake up now and then to show them; otherwise wait for input,
        // giving the console a look at its signals now and then.
        let tick = app.tick_interval().or_else(|| app.clock_interval());
        let mut wait = tick.map_or(C::LOOK_EVERY, |t| t.min(C::LOOK_EVERY));
        let mut refit = false;
        // Take every event already waiting (mouse motion and pastes come
        // in floods) before drawing again.
        loop {
            match console.next(wait)? {
                Next::Event(event) => app.handle_event(&event),
                // A resize event's size may be stale by the time it is
                // read (a storm of them while the engine was busy): the
                // terminal is asked its size once the burst is taken.
                Next::Refit => refit = true,
                Next::Tell(text) => app.say(Tone::Info, text),
                Next::Nothing => break,
                Next::End(end) => {
                    app.perform(vec![Effect::RetryFiles]);
                    return Ok(Some(end));
                }
            }
            if app.should_quit() {
                break;
            }
            wait = Duration::ZERO;
        }
        if refit {
            redraw_all(console.screen(), app)?;
            shown = None;
        }
        if tick.is_some() {
            app.update(Action::Tick);
        }
    }
    // A write that failed (a full disk) is tried once more on the way out.
    app.perform(vec![Effect::RetryFiles]);
    Ok(None)
}

/// Draws the app, at the terminal's `size`, when its frame differs from
/// `shown` (the one on the terminal), and keeps the new frame there. Rendering is pure and cheap;
/// writing to the terminal is what an idle screen must not do.
fn draw_if_changed<B: Backend<Error = io::Error>>(
    screen: &mut Terminal<B>,
    app: &App,
    size: Size,
    shown: &mut Option<Buffer>,
) -> io::Result<()> {
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

/// After a resize (or a suspension) the terminal may have been smaller
/// meanwhile, at a size never drawn, and lost what it showed (a terminal
/// keeps only the rows that fit): ratatui, seeing its last size again,
/// would draw only what changed over a half-blank screen. So everything is
/// drawn afresh (a resize clears the screen and forgets the last frame;
/// `clear` would ask the terminal where its cursor is, and wait).
fn redraw_all<B: Backend<Error = io::Error>>(
    screen: &mut Terminal<B>,
    app: &mut App,
) -> io::Result<()> {
    let size = screen.size()?;
    screen.resize(Rect::new(0, 0, size.width, size.height))?;
    fit(screen, app)
}

/// Ctrl-Z, which raw mode delivers as a key rather than as SIGTSTP.
pub fn is_suspend_key(event: &Event) -> bool {
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

/// Tells the app the terminal's size, as the terminal gives it now.
fn fit<B: Backend<Error = io::Error>>(screen: &Terminal<B>, app: &mut App) -> io::Result<()> {
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
