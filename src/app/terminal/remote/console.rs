//! A remote session's channel as the event loop's console: the channel's
//! messages (bytes, resizes, its end) become the loop's, frames go into
//! its writer, and the client's terminal is set up at the start and given
//! back however the session ends.

use std::io::{self, Write};
use std::sync::mpsc::{Receiver, Sender};
use std::time::{Duration, Instant};

use ratatui::Terminal;

use super::backend::RemoteBackend;
use super::bytes::{InputBytes, Parsed};
use super::{RemoteEnd, RemoteInput};
use crate::app::terminal::event_loop::{Console, Message, Next, is_suspend_key};
use crate::app::terminal::takeover::{write_restore, write_setup};

/// How long an Esc waits for the rest of a sequence before it is the Esc
/// key: a terminal sends a sequence at once, but a link may split it.
pub const ESC_WAIT: Duration = Duration::from_millis(30);

/// Ctrl-Z stops a local program; a session has nothing to stop.
const NO_SUSPEND: &str = "Ctrl-Z does nothing here: over SSH there is no shell to go back to.";

pub type Output = Box<dyn Write + Send>;

pub struct Remote {
    screen: Terminal<RemoteBackend<Output>>,
    /// The channel's input, until `listen` hands it to its forwarder.
    input: Option<Receiver<RemoteInput>>,
    bytes: InputBytes,
    /// When the lone Esc the bytes end with came.
    esc_since: Option<Instant>,
    /// A resize came: the screen is fitted to it.
    resized: bool,
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
            input: Some(input),
            bytes: InputBytes::default(),
            esc_since: None,
            resized: false,
            closed: false,
        };
        write_setup(remote.screen.backend_mut())?;
        Ok(remote)
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

/// Forwards the channel's input into the loop's channel until either
/// ends; the channel's end is told as [`RemoteInput::Closed`].
fn forward(input: Receiver<RemoteInput>, messages: Sender<Message<RemoteInput>>) {
    for message in input {
        if messages.send(Message::Console(message)).is_err() {
            return;
        }
    }
    let _ = messages.send(Message::Console(RemoteInput::Closed));
}

impl Console for Remote {
    type Backend = RemoteBackend<Output>;
    type End = RemoteEnd;
    type Input = RemoteInput;

    fn screen(&mut self) -> &mut Terminal<Self::Backend> {
        &mut self.screen
    }

    fn listen(&mut self, messages: Sender<Message<RemoteInput>>) -> io::Result<()> {
        if let Some(input) = self.input.take() {
            std::thread::Builder::new()
                .name("session input".to_string())
                .spawn(move || forward(input, messages))?;
        }
        Ok(())
    }

    fn receive(&mut self, message: RemoteInput) {
        match message {
            RemoteInput::Bytes(bytes) => {
                self.bytes.feed(&bytes);
                if !bytes.is_empty() {
                    self.esc_since = self.bytes.holds_lone_esc().then(Instant::now);
                }
            }
            RemoteInput::Resize { width, height } => {
                self.screen.backend_mut().resize(width, height);
                self.resized = true;
            }
            RemoteInput::Closed => self.close(),
        }
    }

    fn next(&mut self) -> io::Result<Next<RemoteEnd>> {
        loop {
            match self.bytes.next() {
                Some(Parsed::Event(event)) if is_suspend_key(&event) => {
                    return Ok(Next::Tell(NO_SUSPEND));
                }
                Some(Parsed::Event(event)) => return Ok(Next::Event(event)),
                Some(Parsed::Dropped(why)) => return Ok(Next::Tell(why)),
                None => {}
            }
            if std::mem::take(&mut self.resized) {
                return Ok(Next::Refit);
            }
            if self.closed {
                return Ok(Next::End(RemoteEnd::Closed));
            }
            if !self.esc_waited() {
                return Ok(Next::Nothing);
            }
        }
    }

    fn look_again(&self) -> Option<Instant> {
        self.esc_since.map(|since| since + ESC_WAIT)
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;
    use std::time::Duration;

    use super::*;
    use crate::app::action::{Action, Direction};
    use crate::app::config::Config;
    use crate::app::state::App;
    use crate::app::terminal::event_loop;
    use crate::core::TimeControl;

    /// A session's console that counts the loop's wakes: each wake asks
    /// the console until it answers `Nothing` (a wake by a key that quits
    /// asks once, and is not counted).
    struct Counted {
        remote: Remote,
        wakes: Arc<AtomicUsize>,
    }

    impl Console for Counted {
        type Backend = RemoteBackend<Output>;
        type End = RemoteEnd;
        type Input = RemoteInput;

        fn screen(&mut self) -> &mut Terminal<Self::Backend> {
            self.remote.screen()
        }
        fn listen(&mut self, messages: Sender<Message<RemoteInput>>) -> io::Result<()> {
            self.remote.listen(messages)
        }
        fn receive(&mut self, input: RemoteInput) {
            self.remote.receive(input);
        }
        fn next(&mut self) -> io::Result<Next<RemoteEnd>> {
            let next = self.remote.next()?;
            if matches!(next, Next::Nothing) {
                self.wakes.fetch_add(1, Ordering::SeqCst);
            }
            Ok(next)
        }
        fn look_again(&self) -> Option<Instant> {
            self.remote.look_again()
        }
    }

    /// Runs `app` in a session whose player sends `then` after `wait`, and
    /// leaves; the wakes counted meanwhile.
    fn wakes_while(app: &mut App, wait: Duration, then: &[u8]) -> usize {
        let (send, input) = mpsc::channel();
        let remote = Remote::take_over(input, Box::new(io::sink()), 100, 34).unwrap();
        let wakes = Arc::new(AtomicUsize::new(0));
        let mut console = Counted {
            remote,
            wakes: Arc::clone(&wakes),
        };
        let then = then.to_vec();
        let player = std::thread::spawn(move || {
            std::thread::sleep(wait);
            if !then.is_empty() {
                let _ = send.send(RemoteInput::Bytes(then));
            }
            // The sender dropped: the channel closes.
        });
        event_loop::run(&mut console, app).unwrap();
        player.join().unwrap();
        wakes.load(Ordering::SeqCst)
    }

    #[test]
    fn an_idle_game_screen_sleeps_until_a_key_comes() {
        let mut app = App::with_config(Config::default());
        let wakes = wakes_while(&mut app, Duration::from_millis(500), b"q");
        assert!(app.should_quit(), "q quits the idle board");
        // No tick: the loop woke once, for the key, and that quit it.
        assert_eq!(wakes, 0);
    }

    #[test]
    fn a_quit_waits_for_the_autosave_being_written_and_the_last_game_is_on_disk() {
        use crate::app::files::autosave::Opening;
        use crate::app::files::writer::tests::{autosaved_moves, held_disk};
        use crate::storage::Paths;

        let dir = tempfile::tempdir().unwrap();
        let mut app = App::with_config(Config::default());
        app.open_files(Some(Paths::under(dir.path())), &Opening::default());
        let (sink, held) = held_disk();
        app.files.write_with(sink);
        let (send, input) = mpsc::channel();
        let mut remote = Remote::take_over(input, Box::new(io::sink()), 100, 34).unwrap();
        let wait = Duration::from_secs(30);
        let player = std::thread::spawn(move || {
            let key = |bytes: &[u8]| send.send(RemoteInput::Bytes(bytes.to_vec())).unwrap();
            key(b":e5\r\r");
            held.entered
                .recv_timeout(wait)
                .expect("the first write began");
            // While it is held: two more stones, and the quit (asked, and
            // answered yes).
            key(b":d4\r\r");
            key(b":f6\r\r");
            key(b"q");
            key(b"y");
            // Time for the loop to reach its end before the disk lets go,
            // so that a quit that did not wait would find the disk empty.
            std::thread::sleep(Duration::from_millis(300));
            drop(held.release);
            send
        });
        event_loop::run(&mut remote, &mut app).unwrap();
        assert!(app.should_quit());
        // Before the app (and its writer) is dropped: the quit wrote it.
        assert_eq!(autosaved_moves(dir.path()), 3);
        drop(player.join().unwrap());
    }

    #[test]
    fn a_running_clock_wakes_the_screen_once_a_second() {
        let mut config = Config::default();
        config.game.clock = TimeControl::new(1, 0);
        let mut app = App::with_config(config);
        app.update(Action::Place);
        app.update(Action::MoveCursor(Direction::Right));
        app.update(Action::Place);
        assert!(app.clock_interval().is_some(), "Black's clock counts down");
        let wakes = wakes_while(&mut app, Duration::from_millis(2_500), b"");
        // 2.5 s of a clock showing seconds: a wake at each of the two or
        // three seconds the clock passed meanwhile (25 with a tick of
        // 100 ms), none between.
        assert!((2..=3).contains(&wakes), "{wakes} wakes");
    }
}
