//! The game screen over any byte channel (an SSH session's): the same app
//! and event loop as the local terminal, its events parsed from the
//! channel's bytes (`bytes.rs`), its frames written into it
//! (`backend.rs`), the terminal's type and colours the client's; what the
//! player may reach kept to their own folders and the server's lobby
//! (`confined.rs`). Nothing
//! here reads or changes anything of the process (its variables, its
//! terminal, its signals, its panic hook): sessions run side by side, each
//! on a thread of its own.

mod backend;
mod bytes;
pub(in crate::app) mod confined;
mod console;

use std::io::{self, Write};
use std::net::SocketAddr;
use std::sync::mpsc::Receiver;

use crate::app::files::autosave::Opening;
use crate::app::flow::effect::Effect;
use crate::app::terminal::capabilities::detect;
use crate::app::terminal::event_loop;
use crate::app::terminal::start::{Locations, open_app};
use console::Remote;

pub use crate::app::computer::slots::SearchSlots;
pub use bytes::PENDING_MAX;

/// Why the game cannot run on the client's terminal.
const DUMB: &str = "brique: the game needs a full-screen terminal, and TERM=dumb says \
     this one cannot move the cursor or clear the screen. Connect from a terminal \
     emulator: ssh passes its TERM on.";

/// What the SSH channel delivers to a session's screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RemoteInput {
    Bytes(Vec<u8>),
    Resize { width: u16, height: u16 },
    Closed,
}

/// The client's terminal, as the channel reaches it.
pub struct RemoteTerminal {
    pub input: Receiver<RemoteInput>,
    /// The SSH channel's writer (bounded by the server).
    pub output: Box<dyn Write + Send>,
    pub width: u16,
    pub height: u16,
    /// TERM from the client's pty request.
    pub term: Option<String>,
    /// COLORTERM if the client sent it (env request).
    pub colorterm: Option<String>,
}

/// One player's session.
pub struct RemoteSession {
    /// Where this player's things are kept: None = a guest, nothing kept
    /// (nothing on disk).
    pub locations: Option<Locations>,
    pub terminal: RemoteTerminal,
    /// Engine threads for this session (the server gives 1).
    pub engine_threads: usize,
    /// The lobby server this player's Online screen connects to (the same
    /// server's), the only one: `None`, no online play is offered.
    pub lobby: Option<SocketAddr>,
}

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemoteEnd {
    /// The player quit.
    Quit,
    /// The channel closed (a dropped link, a closed terminal).
    Closed,
}

/// Runs the game screen for one remote session until the player quits or
/// the channel closes; the game is saved as on a local quit (also when
/// writing to the channel fails).
pub fn run(session: RemoteSession) -> io::Result<RemoteEnd> {
    run_with(session, None)
}

/// [`run`], the computer's searches starting only within `searches`,
/// shared by the server's sessions (the player is told while it waits).
pub fn run_sharing(session: RemoteSession, searches: SearchSlots) -> io::Result<RemoteEnd> {
    run_with(session, Some(searches))
}

fn run_with(session: RemoteSession, searches: Option<SearchSlots>) -> io::Result<RemoteEnd> {
    let RemoteSession {
        locations,
        terminal,
        engine_threads,
        lobby,
    } = session;
    let RemoteTerminal {
        input,
        mut output,
        width,
        height,
        term,
        colorterm,
    } = terminal;
    // The client's variables choose as this process's do locally.
    let Some(caps) = detect(term.as_deref(), colorterm.as_deref(), false) else {
        output.write_all(format!("{DUMB}\r\n").as_bytes())?;
        output.flush()?;
        return Ok(RemoteEnd::Quit);
    };
    let mut app = open_app(locations, caps, &Opening::default());
    app.welcome_if_first_start();
    app.computer_mut().limit_threads(engine_threads);
    let online = lobby.is_some();
    app.reach = confined::Reach::session(lobby);
    // A returning key connects to the lobby at once, as a local copy does:
    // its games waiting are told, an online game dropped with the link
    // goes on.
    if online {
        app.connect_online_if_set();
    }
    if let Some(searches) = searches {
        app.computer_mut().share_slots(&searches);
    }
    let mut console = Remote::take_over(input, output, width, height)?;
    match event_loop::run(&mut console, &mut app) {
        Ok(None) => Ok(RemoteEnd::Quit),
        Ok(Some(end)) => Ok(end),
        Err(e) => {
            app.perform(vec![Effect::RetryFiles]);
            Err(e)
        }
    }
    // `console`, dropped, gives the terminal back.
}
