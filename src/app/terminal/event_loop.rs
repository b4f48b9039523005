//! The event loop: draw, sleep on one channel until something comes, hand
//! it to the app, until it quits or its console ends it. Everything the
//! app waits for sends into that channel: the console's input (a thread
//! reading the terminal, or a remote session's byte channel) and a
//! [`Message::Ready`] rung by each thread working for the app (the engine's
//! search, the review, the network link, the lobby connection, the
//! autosave writer; `crate::bell`). Nothing ticks: an idle screen sleeps
//! until an event, and a running clock wakes it only when the clock shown
//! changes (a deadline, `App::clock_interval`). The same loop runs the
//! local terminal (`local.rs`: its signals, Ctrl-Z) and a remote session's
//! channel (`remote/`): a [`Console`] is where input comes from and where
//! frames go.
//!
//! A frame goes to the terminal only when it differs from the last one
//! drawn: even an unchanged frame costs ratatui's reset sequence, and an
//! idle screen (a player thinking) should write nothing. The terminal's
//! own cursor stands on the caret of the text field with the keyboard, or
//! on the board's cursor square while the board has it (`view::draw`),
//! hidden elsewhere.

use std::io;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::Instant;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Position, Rect, Size};

use crate::app::action::Action;
use crate::app::flow::effect::Effect;
use crate::app::message::Tone;
use crate::app::state::App;

/// What the loop's one channel carries.
#[derive(Debug)]
pub enum Message<Input> {
    /// The console's input: keys, bytes, signals, resizes, its end.
    Console(Input),
    /// A thread working for the app has news: the app takes it in.
    Ready,
}

/// What the console's input means for the loop.
#[derive(Debug)]
pub enum Next<End> {
    /// An event for the app.
    Event(Event),
    /// Nothing more for now.
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

/// Where the event loop's input comes from and where its frames go.
pub trait Console {
    type Backend: Backend<Error = io::Error>;
    /// How the console may end the game other than by the player's quit.
    type End;
    /// What the console sends into the loop's channel.
    type Input: Send + 'static;
    fn screen(&mut self) -> &mut Terminal<Self::Backend>;
    /// Starts sending the console's input into `messages` (from threads
    /// of its own); called once, before the first wait.
    fn listen(&mut self, messages: Sender<Message<Self::Input>>) -> io::Result<()>;
    /// Takes in one input that came through the channel.
    fn receive(&mut self, input: Self::Input);
    /// What the input taken in means, one thing at a time, without
    /// waiting: [`Next::Nothing`] once all is told.
    fn next(&mut self) -> io::Result<Next<Self::End>>;
    /// When the console must be asked again though nothing came (a lone
    /// Esc becomes the Esc key once the rest of a sequence fails to come).
    fn look_again(&self) -> Option<Instant> {
        None
    }
}

/// Runs the game until the player quits (`None`) or the console ends it
/// (`Some`, the game saved first).
pub fn run<C: Console>(console: &mut C, app: &mut App) -> io::Result<Option<C::End>> {
    let (messages, inbox) = mpsc::channel();
    let ready = messages.clone();
    app.bell.install(move || {
        // The loop gone, nobody is left to tell.
        let _ = ready.send(Message::Ready);
    });
    // With a loop to wake, the autosave is written off this thread.
    app.files.write_on_thread(&app.bell);
    console.listen(messages)?;
    fit(console.screen(), app)?;
    // The frame on the terminal; `None` when the terminal must be drawn
    // afresh (resized, or taken again after a suspension).
    let mut shown: Option<Shown> = None;
    while !app.should_quit() {
        // Asked before every frame: a resize whose event never came
        // (crossterm can miss a signal that arrives with input) is caught.
        let size = console.screen().size()?;
        if shown
            .as_ref()
            .is_some_and(|last| last.frame.area.as_size() != size)
        {
            fit(console.screen(), app)?;
        }
        draw_if_changed(console.screen(), app, size, &mut shown)?;
        // Sleeps until something comes, or until a deadline: the clock
        // shown changes, a lost lobby connection is tried again, a lone
        // Esc has waited long enough.
        let (app_due, console_due) = (wake_at(app), console.look_again());
        let due = app_due.into_iter().chain(console_due).min();
        let mut message = match due {
            None => Some(inbox.recv().map_err(|_| closed())?),
            Some(at) => match inbox.recv_timeout(at.saturating_duration_since(Instant::now())) {
                Ok(message) => Some(message),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => return Err(closed()),
            },
        };
        // The app looks at its clocks and sources when one rang or its
        // deadline came.
        let mut news = message.is_none() && app_due.is_some_and(|at| at <= Instant::now());
        let mut refit = false;
        // Take everything already waiting (mouse motion and pastes come
        // in floods) before drawing again.
        loop {
            match message {
                Some(Message::Console(input)) => console.receive(input),
                Some(Message::Ready) => news = true,
                None => {}
            }
            loop {
                match console.next()? {
                    Next::Event(event) => app.handle_event(&event),
                    // A resize event's size may be stale by the time it is
                    // read (a storm of them while the engine was busy):
                    // the terminal is asked its size once the burst is
                    // taken.
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
            }
            if app.should_quit() {
                break;
            }
            match inbox.try_recv() {
                Ok(next) => message = Some(next),
                Err(_) => break,
            }
        }
        if refit {
            redraw_all(console.screen(), app)?;
            shown = None;
        }
        if news && !app.should_quit() {
            app.update(Action::Tick);
        }
    }
    // A write that failed (a full disk) is tried once more on the way out.
    app.perform(vec![Effect::RetryFiles]);
    Ok(None)
}

/// When the app must look again though nothing rang: the clock shown
/// changes, or a wait of its own ends (`App::tick_interval`).
fn wake_at(app: &App) -> Option<Instant> {
    let wait = [app.tick_interval(), app.clock_interval()]
        .into_iter()
        .flatten()
        .min()?;
    Some(Instant::now() + wait)
}

/// The channel cannot close while the app holds its bell; if it did,
/// nothing could ever wake the loop again.
fn closed() -> io::Error {
    io::Error::other("the event loop's channel closed")
}

/// What the terminal shows: the last frame drawn, and where its cursor
/// stands (`None`: hidden).
#[derive(PartialEq)]
struct Shown {
    frame: Buffer,
    cursor: Option<Position>,
}

/// Draws the app, at the terminal's `size`, when its frame or its cursor
/// differs from `shown` (what the terminal shows), and keeps the new one
/// there. Rendering is pure and cheap; writing to the terminal is what an
/// idle screen must not do.
fn draw_if_changed<B: Backend>(
    screen: &mut Terminal<B>,
    app: &App,
    size: Size,
    shown: &mut Option<Shown>,
) -> Result<(), B::Error> {
    let area = Rect::new(0, 0, size.width, size.height);
    let mut frame = Buffer::empty(area);
    let cursor = crate::app::view::draw(app, &mut frame);
    let now = Shown { frame, cursor };
    if shown.as_ref() == Some(&now) {
        return Ok(());
    }
    // The frame rendered above is the one drawn: rendered once, not twice.
    screen.draw(|f| {
        if f.area() == area {
            f.buffer_mut().clone_from(&now.frame);
        } else {
            f.render_widget(app, f.area());
        }
        // Unset, ratatui hides the cursor.
        if let Some(at) = now.cursor {
            f.set_cursor_position(at);
        }
    })?;
    *shown = Some(now);
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
mod cursor_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Config;
    use crate::app::ui::layout;
    use ratatui::backend::TestBackend;

    /// The cell of the board's cursor square in a frame of `size`.
    fn cursor_cell(app: &App, size: Size) -> Position {
        let area = Rect::new(0, 0, size.width, size.height);
        let screen = layout::screen(area, app.game().size()).unwrap();
        let (x, y) = screen.board.glyph_cell(app.board.cursor());
        Position::new(x, y)
    }

    #[test]
    fn the_terminal_cursor_stands_on_the_board_s_cursor_square_and_only_there() {
        let size = Size::new(100, 40);
        let mut screen = Terminal::new(TestBackend::new(size.width, size.height)).unwrap();
        let mut app = App::with_config(Config::default());
        app.update(Action::Resize {
            width: size.width,
            height: size.height,
        });
        let mut shown = None;
        let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        draw_if_changed(&mut screen, &app, size, &mut shown).unwrap();
        let first = cursor_cell(&app, size);
        assert!(screen.backend().cursor_visible());
        assert_eq!(screen.backend().cursor_position(), first);
        // The arrow keys take it along, a square at a time.
        app.handle_event(&key(KeyCode::Right));
        app.handle_event(&key(KeyCode::Up));
        draw_if_changed(&mut screen, &app, size, &mut shown).unwrap();
        let moved = cursor_cell(&app, size);
        assert!(
            moved.x > first.x && moved.y < first.y,
            "{first:?} to {moved:?}"
        );
        assert!(screen.backend().cursor_visible());
        assert_eq!(screen.backend().cursor_position(), moved);
        // Over the help, hidden; back on the board, where it was.
        app.handle_event(&key(KeyCode::Char('?')));
        draw_if_changed(&mut screen, &app, size, &mut shown).unwrap();
        assert!(!screen.backend().cursor_visible());
        app.handle_event(&key(KeyCode::Esc));
        draw_if_changed(&mut screen, &app, size, &mut shown).unwrap();
        assert!(screen.backend().cursor_visible());
        assert_eq!(screen.backend().cursor_position(), moved);
        // Over a form it leaves the board for the form's focused field
        // (`cursor_tests`).
        app.handle_event(&key(KeyCode::Char('o')));
        assert_ne!(*app.screen(), crate::app::screen::Screen::Board);
        draw_if_changed(&mut screen, &app, size, &mut shown).unwrap();
        assert_ne!(screen.backend().cursor_position(), moved);
    }

    #[test]
    fn ctrl_z_suspends_and_z_does_not() {
        let key = |modifiers| Event::Key(KeyEvent::new(KeyCode::Char('z'), modifiers));
        assert!(is_suspend_key(&key(KeyModifiers::CONTROL)));
        assert!(!is_suspend_key(&key(KeyModifiers::NONE)));
    }
}
