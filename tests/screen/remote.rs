//! The game screen over a byte channel, as an SSH session runs it
//! (`brique::app::remote`): keys go in as the bytes a terminal sends, the
//! frames come out into a vt100 screen, each session on a thread of this one
//! process with its files in a temporary home. Every wait has a deadline.

use std::io::{self, Write};
use std::net::SocketAddr;
use std::num::NonZeroU16;
use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

use brique::app::Locations;
use brique::app::remote::{
    self, RemoteEnd, RemoteInput, RemoteSession, RemoteTerminal, SearchSlots,
};
use brique::storage::{AutosaveLoad, Paths, load_autosave};

use crate::support::{COLS, ROWS, assert_terminal_restored, click};

pub(crate) const DEADLINE: Duration = Duration::from_secs(20);

/// The channel's writer: every write goes to the test as it is made.
struct ToTest(Sender<Vec<u8>>);

impl Write for ToTest {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0
            .send(buf.to_vec())
            .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A session running on its own thread, and the client's screen.
pub(crate) struct Session {
    keys: Sender<RemoteInput>,
    output: Receiver<Vec<u8>>,
    ended: Receiver<io::Result<RemoteEnd>>,
    parser: vt100::Parser,
    /// Every byte the session wrote.
    received: Vec<u8>,
}

fn size(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).unwrap()
}

/// A player's things under `home`, the welcome of a first start answered.
pub(crate) fn kept_under(home: &Path) -> Locations {
    let paths = Paths::under(home);
    std::fs::create_dir_all(&paths.state_dir).unwrap();
    std::fs::write(paths.state_dir.join("welcomed"), "").unwrap();
    Locations {
        config: Some(paths.config.clone()),
        paths: Some(paths),
    }
}

pub(crate) fn start(locations: Option<Locations>, term: &str, width: u16, height: u16) -> Session {
    start_coloured(locations, term, None, width, height)
}

/// [`start`] with the client's COLORTERM too.
fn start_coloured(
    locations: Option<Locations>,
    term: &str,
    colorterm: Option<&str>,
    width: u16,
    height: u16,
) -> Session {
    start_full(locations, term, colorterm, width, height, None, None)
}

/// [`start_coloured`], the computer's searches within `searches`, the
/// server's lobby at `lobby`.
pub(crate) fn start_full(
    locations: Option<Locations>,
    term: &str,
    colorterm: Option<&str>,
    width: u16,
    height: u16,
    searches: Option<SearchSlots>,
    lobby: Option<SocketAddr>,
) -> Session {
    let (keys, input) = channel();
    let (sender, output) = channel();
    let (end, ended) = channel();
    let session = RemoteSession {
        locations,
        terminal: RemoteTerminal {
            input,
            output: Box::new(ToTest(sender)),
            width,
            height,
            term: Some(term.to_string()),
            colorterm: colorterm.map(str::to_string),
        },
        engine_threads: 1,
        lobby,
    };
    std::thread::spawn(move || {
        let ended = match searches {
            Some(searches) => remote::run_sharing(session, searches),
            None => remote::run(session),
        };
        let _ = end.send(ended);
    });
    Session {
        keys,
        output,
        ended,
        parser: vt100::Parser::new(size(height), size(width), 0),
        received: Vec::new(),
    }
}

impl Session {
    pub(crate) fn send(&self, bytes: &[u8]) {
        self.keys.send(RemoteInput::Bytes(bytes.to_vec())).unwrap();
    }

    pub(crate) fn text(&self) -> String {
        self.parser.screen().contents()
    }

    /// Feeds output into the screen until `done` holds for its text.
    pub(crate) fn wait_for(&mut self, what: &str, done: impl Fn(&str) -> bool) {
        self.wait_for_screen(what, |screen| done(&screen.contents()));
    }

    /// Feeds output into the screen until `done` holds for it.
    fn wait_for_screen(&mut self, what: &str, done: impl Fn(&vt100::Screen) -> bool) {
        let start = Instant::now();
        while !done(self.parser.screen()) {
            let left = DEADLINE.saturating_sub(start.elapsed());
            match self.output.recv_timeout(left) {
                Ok(bytes) => {
                    self.parser.process(&bytes);
                    self.received.extend_from_slice(&bytes);
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!(
                        "timed out waiting for {what}; the screen shows:\n{}",
                        self.text()
                    )
                }
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "the session ended before {what}; the screen shows:\n{}",
                    self.text()
                ),
            }
        }
    }

    /// The client's window changes size: its screen is blank from now on,
    /// so what shows was drawn afresh after the resize.
    fn resize(&mut self, width: u16, height: u16) {
        self.keys
            .send(RemoteInput::Resize { width, height })
            .unwrap();
        self.parser = vt100::Parser::new(size(height), size(width), 0);
    }

    /// How the session ended, and everything it wrote till then.
    pub(crate) fn end(mut self) -> (RemoteEnd, Vec<u8>) {
        let end = self
            .ended
            .recv_timeout(DEADLINE)
            .expect("the session ends")
            .expect("the session ends without an error");
        while let Ok(bytes) = self.output.try_recv() {
            self.received.extend_from_slice(&bytes);
        }
        (end, self.received)
    }

    /// The link drops.
    pub(crate) fn close(self) -> (RemoteEnd, Vec<u8>) {
        self.keys.send(RemoteInput::Closed).unwrap();
        self.end()
    }
}

/// A guest's welcome answered with `choice`: the board.
pub(crate) fn past_the_welcome(guest: &mut Session, choice: &[u8]) {
    guest.wait_for("the welcome", |s| s.contains("Welcome to Brique"));
    guest.send(choice);
    guest.wait_for("the board", |s| s.contains("Player 1 to play"));
}

fn autosaved(home: &Path) -> Vec<String> {
    match load_autosave(&Paths::under(home)) {
        AutosaveLoad::Resumed(record) | AutosaveLoad::Finished(record) => {
            record.game.moves().map(|m| m.to_string()).collect()
        }
        other => panic!("expected a game in the autosave, found {other:?}"),
    }
}

/// The terminal given back: mouse capture, bracketed paste and the
/// alternate screen off, the cursor shown, after the last frame.
fn given_back(output: &[u8]) -> bool {
    let text = String::from_utf8_lossy(output);
    let restored = ["\x1b[?1000l", "\x1b[?2004l", "\x1b[?1049l", "\x1b[?25h"]
        .iter()
        .all(|code| text.contains(code));
    restored && text.rfind("\x1b[?1049l") > text.rfind("\x1b[?1049h")
}

#[test]
fn a_game_played_over_the_channel_is_kept_when_the_link_drops_and_resumed() {
    let home = tempfile::tempdir().unwrap();
    let mut first = start(Some(kept_under(home.path())), "xterm-256color", 100, 30);
    first.wait_for("the board", |s| s.contains("Player 1 to play"));
    assert!(
        String::from_utf8_lossy(&first.received).contains("\x1b[?1049h"),
        "the alternate screen is taken"
    );
    // The cursor starts on h8: Enter places there, → then Enter on i8.
    first.send(b"\r");
    first.wait_for("the first move", |s| s.contains("1. ● h8"));
    // An arrow split across two reads is still one key.
    first.send(b"\x1b");
    first.send(b"[C\r");
    first.wait_for("the second move", |s| s.contains("2. ○ i8"));

    // A bigger window: everything is drawn again, to its last row.
    first.resize(120, 40);
    first.wait_for_screen("the board redrawn at 120×40, to its last row", |screen| {
        let s = screen.contents();
        let last_row = screen.rows(0, 120).nth(39).unwrap_or_default();
        s.contains("1. ● h8") && s.contains("2. ○ i8") && !last_row.trim().is_empty()
    });

    let (end, output) = first.close();
    assert_eq!(end, RemoteEnd::Closed);
    assert!(given_back(&output), "the terminal is given back");
    assert_eq!(autosaved(home.path()), ["h8", "i8"]);

    // The same player comes back: the game is there.
    let mut again = start(Some(kept_under(home.path())), "xterm-256color", 100, 30);
    again.wait_for("the resumed game", |s| {
        s.contains("1. ● h8") && s.contains("2. ○ i8")
    });
    // Quitting asks (a game is in progress), then leaves cleanly.
    again.send(b"q");
    again.wait_for("the quit question", |s| s.contains("Your game is saved"));
    again.send(b"y");
    let (end, output) = again.end();
    assert_eq!(end, RemoteEnd::Quit);
    assert!(given_back(&output), "the terminal is given back");
}

#[test]
fn two_sessions_at_once_keep_to_their_own_games() {
    let [one, two] = [(); 2].map(|()| tempfile::tempdir().unwrap());
    let mut first = start(Some(kept_under(one.path())), "xterm-256color", 100, 30);
    let mut second = start(Some(kept_under(two.path())), "xterm", 90, 28);
    first.wait_for("the first board", |s| s.contains("Player 1 to play"));
    second.wait_for("the second board", |s| s.contains("Player 1 to play"));
    first.send(b"\r");
    // ↑ then Enter: h9.
    second.send(b"\x1b[A\r");
    first.wait_for("the first's move", |s| s.contains("1. ● h8"));
    second.wait_for("the second's move", |s| s.contains("1. ● h9"));
    assert!(!first.text().contains("h9"), "{}", first.text());
    assert!(!second.text().contains("h8"), "{}", second.text());
    assert_eq!(first.close().0, RemoteEnd::Closed);
    assert_eq!(second.close().0, RemoteEnd::Closed);
    assert_eq!(autosaved(one.path()), ["h8"]);
    assert_eq!(autosaved(two.path()), ["h9"]);
}

#[test]
fn a_guest_is_welcomed_every_time_and_nothing_is_kept() {
    let mut guest = start(None, "xterm-256color", 100, 30);
    // The usual game.
    past_the_welcome(&mut guest, b"u");
    guest.send(b"\r");
    guest.wait_for("the move", |s| s.contains("1. ● h8"));
    // Saving the game says why it cannot.
    guest.send(b"w");
    guest.wait_for("why nothing is kept", |s| {
        s.contains("Nothing is kept here")
    });
    assert_eq!(guest.close().0, RemoteEnd::Closed);
    let mut again = start(None, "xterm-256color", 100, 30);
    again.wait_for("the welcome again", |s| s.contains("Welcome to Brique"));
    assert_eq!(again.close().0, RemoteEnd::Closed);
}

/// Everything a guest's session on a `term` terminal writes until its
/// first screen shows.
fn first_screen_on(term: &str, colorterm: Option<&str>) -> String {
    let mut session = start_coloured(None, term, colorterm, 100, 30);
    // A guest is welcomed first; the welcome's colours are the board's.
    session.wait_for("the welcome", |s| s.contains("Welcome to Brique"));
    let (_, output) = session.close();
    String::from_utf8_lossy(&output).into_owned()
}

#[test]
fn the_clients_terminal_type_chooses_the_colours() {
    // crossterm writes a 16-colour as `38;5;N` with N under 16, a
    // 256-colour as `38;5;N`, any `#rrggbb` as `38;2;`.
    let indexed_over_15 = |text: &str| {
        text.split("8;5;").skip(1).any(|rest| {
            let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
            n.parse::<u16>().is_ok_and(|n| n > 15)
        })
    };
    let full = first_screen_on("xterm-256color", None);
    assert!(indexed_over_15(&full), "256 colours on xterm-256color");
    assert!(!full.contains("38;2;"), "no true colour unasked");
    let true_colour = first_screen_on("xterm-256color", Some("truecolor"));
    assert!(
        true_colour.contains("38;2;"),
        "any colour with COLORTERM=truecolor"
    );
    let sixteen = first_screen_on("xterm", None);
    assert!(sixteen.contains("\x1b["), "drawn");
    assert!(!indexed_over_15(&sixteen), "16 colours on xterm");
    assert!(!sixteen.contains("38;2;"));
    let mono = first_screen_on("vt100", None);
    for colour in ["38;5;", "38;2;", "48;5;", "48;2;"] {
        assert!(!mono.contains(colour), "no colour on vt100: {colour}");
    }
}

#[test]
fn a_dumb_terminal_is_told_why_and_the_session_ends() {
    let session = start(None, "dumb", 80, 24);
    let (end, output) = session.end();
    assert_eq!(end, RemoteEnd::Quit);
    let text = String::from_utf8_lossy(&output);
    assert!(text.contains("TERM=dumb"), "{text}");
    assert!(
        !text.contains("\x1b["),
        "no escape sequence for a dumb terminal"
    );
}

#[test]
fn mouse_pastes_esc_ctrl_z_saving_and_ctrl_c_over_the_channel() {
    let home = tempfile::tempdir().unwrap();
    let mut session = start(Some(kept_under(home.path())), "xterm-256color", COLS, ROWS);
    session.wait_for("the board", |s| s.contains("Player 1 to play"));
    let screen = session.parser.screen();
    assert!(screen.alternate_screen(), "the alternate screen is taken");
    assert_ne!(
        screen.mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "the mouse is captured"
    );
    // Shown since the cursor follows the board's cursor square (for a
    // braille display or a magnifier: issue 47); hidden over menus.
    assert!(
        !screen.hide_cursor(),
        "the cursor stands on the board's cursor square"
    );

    // A left click places a stone on c3.
    session.send(&click(COLS, ROWS, "c3"));
    session.wait_for("the clicked stone on c3", |s| s.contains("1. ● c3"));

    // Ctrl-Z stops nothing: the session says so and goes on.
    session.send(b"\x1a");
    session.wait_for("the word on Ctrl-Z", |s| {
        s.contains("Ctrl-Z does nothing here")
    });

    // A paste too long to keep is dropped whole: its `q`s are not keys.
    let mut paste = b"\x1b[200~".to_vec();
    paste.extend(std::iter::repeat_n(b'q', remote::PENDING_MAX + 10_000));
    paste.extend_from_slice(b"\x1b[201~");
    for chunk in paste.chunks(16 * 1024) {
        session.send(chunk);
    }
    session.wait_for("the word on the paste", |s| {
        s.contains("longer than 64 KiB")
    });
    assert!(
        !session.text().contains("Your game is saved"),
        "no quit asked"
    );

    // Esc alone (nothing follows it) answers the quit question: no.
    session.send(b"q");
    session.wait_for("the quit question", |s| s.contains("Your game is saved"));
    session.send(b"\x1b");
    session.wait_for("the question gone", |s| {
        !s.contains("Your game is saved") && s.contains("Player 2 to play")
    });

    // A game is saved by name in the player's records folder, never at a
    // path typed (it would reach the server's other files); a paste types.
    let erase = [0x7f_u8; 80];
    session.send(b"w");
    session.wait_for("the save prompt", |s| s.contains(".brique"));
    session.send(&erase);
    session.send(b"../../escape\r");
    session.wait_for("the refusal", |s| s.contains("without a folder"));
    session.send(&erase);
    session.send(b"\x1b[200~mine\x1b[201~\r");
    session.wait_for("the game saved", |s| {
        s.contains("Saved in your records as mine.brique")
    });
    let records = Paths::under(home.path()).records_dir();
    let saved: Vec<_> = std::fs::read_dir(records)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(saved, ["mine.brique"]);

    // Ctrl-C asks to quit, as `q` does.
    session.send(b"\x03");
    session.wait_for("the quit question", |s| s.contains("Your game is saved"));
    session.send(b"y");
    let (end, output) = session.end();
    assert_eq!(end, RemoteEnd::Quit);
    let mut client = vt100::Parser::new(size(ROWS), size(COLS), 0);
    client.process(&output);
    let screen = client.screen();
    assert_terminal_restored(screen);
    assert_eq!(autosaved(home.path()), ["c3"]);
}

#[test]
fn the_computer_waits_its_turn_while_the_servers_searches_are_all_taken() {
    let searches = SearchSlots::new(1);
    // Another session's search holds the only slot.
    let other = searches.take().unwrap();
    let mut guest = start_full(
        None,
        "xterm-256color",
        None,
        100,
        30,
        Some(searches.clone()),
        None,
    );
    guest.wait_for("the welcome", |s| s.contains("Welcome to Brique"));
    // The computer on 9×9; whoever opens, the computer soon has to move.
    guest.send(b"c");
    guest.wait_for("the board", |s| s.contains("to play"));
    // The word wraps in the panel.
    if !guest.text().contains("waits its") {
        guest.send(b"\r");
    }
    guest.wait_for("the word that the computer waits", |s| {
        s.contains("waits its") && s.contains("busy with other players")
    });
    assert_eq!(searches.running(), 1, "the other's search alone runs");
    drop(other);
    guest.wait_for("the computer's move once the slot is free", |s| {
        !s.contains("waits its") && s.contains("2. ○")
    });
    // A review is a search too: with no slot free it is put off, said so.
    let other = searches.take().unwrap();
    guest.send(b"b");
    guest.wait_for("the review put off", |s| {
        s.contains("ask for the review again")
    });
    assert_eq!(searches.running(), 1);
    drop(other);
    assert_eq!(guest.close().0, RemoteEnd::Closed);
    assert_eq!(searches.running(), 0, "the slot given back at the end");
}

/// An address on this machine where nothing listens.
fn closed_port() -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap()
}

#[test]
fn a_remote_player_reaches_only_the_servers_own_lobby_and_hosts_or_joins_nothing() {
    let home = tempfile::tempdir().unwrap();
    let locations = kept_under(home.path());
    // A lobby kept in the player's settings is not the one used.
    let config = locations.config.clone().unwrap();
    std::fs::create_dir_all(config.parent().unwrap()).unwrap();
    std::fs::write(&config, "[network]\nonline_server = \"192.0.2.7:7779\"\n").unwrap();
    let lobby = closed_port();
    let mut player = start_full(
        Some(locations),
        "xterm-256color",
        None,
        COLS,
        ROWS,
        None,
        Some(lobby),
    );
    player.wait_for("the board", |s| s.contains("Player 1 to play"));

    // Hosting (a port of the server's) and joining (a connection from it).
    for key in [b"i", b"m"] {
        player.send(key);
        player.wait_for("the refusal", |s| {
            s.contains("No hosting or joining by address here: d opens the Online screen")
        });
        assert!(!player.text().contains("Host a game"), "{}", player.text());
        player.send(b"\x1b");
        player.wait_for("the refusal gone", |s| !s.contains("No hosting"));
    }

    // The connect form shows this server's lobby, which no key changes.
    player.send(b"d");
    let shown = lobby.to_string();
    player.wait_for("the connect form", |s| {
        s.contains(&shown) && s.contains("this server's lobby")
    });
    assert!(!player.text().contains("192.0.2.7"), "{}", player.text());
    player.send(b"\t\x1b[Z");
    player.send(&[0x7f; 40]);
    player.send(b"ann\r");
    // Connecting went to the lobby given (nothing listens there).
    player.wait_for("the failure", |s| s.contains("Not connected:"));
    let screen = player.text();
    assert!(screen.contains(&shown), "{screen}");
    assert!(screen.contains("ann"), "{screen}");
    assert!(!screen.contains("192.0.2.7"), "{screen}");
    player.close();
}

#[test]
fn a_guest_and_a_server_without_a_lobby_offer_no_online_play() {
    let mut guest = start_full(
        None,
        "xterm-256color",
        None,
        COLS,
        ROWS,
        None,
        Some(closed_port()),
    );
    past_the_welcome(&mut guest, b"t");
    guest.send(b"d");
    guest.wait_for("why not", |s| {
        s.contains("Connect with an SSH key to play online")
    });
    assert!(!guest.text().contains("Play online"), "{}", guest.text());
    guest.close();

    let home = tempfile::tempdir().unwrap();
    let mut player = start(Some(kept_under(home.path())), "xterm-256color", COLS, ROWS);
    player.wait_for("the board", |s| s.contains("Player 1 to play"));
    player.send(b"d");
    player.wait_for("why not", |s| {
        s.contains("Online play is not offered on this server")
    });
    player.send(b"i");
    player.wait_for("no hosting", |s| {
        s.contains("No hosting or joining by address on this server")
    });
    player.close();
}

/// Issue #45: the welcome offered a guest online play, which the Online
/// screen then refused. A guest is not offered it at all; a player with a
/// key, on a server with a lobby, is.
#[test]
fn the_welcome_offers_online_play_only_where_it_opens() {
    let mut guest = start_full(
        None,
        "xterm-256color",
        None,
        COLS,
        ROWS,
        None,
        Some(closed_port()),
    );
    guest.wait_for("the welcome", |s| s.contains("Welcome to Brique"));
    guest.wait_for("the ways to begin", |s| s.contains("Two players"));
    assert!(!guest.text().contains("online"), "{}", guest.text());
    // Its keys do nothing: the welcome stays, to be answered.
    guest.send(b"o5");
    guest.send(b"t");
    guest.wait_for("the board", |s| s.contains("Player 1 to play"));
    assert!(
        !guest.text().contains("Connect with an SSH key"),
        "{}",
        guest.text()
    );
    guest.close();

    let home = tempfile::tempdir().unwrap();
    let paths = Paths::under(home.path());
    let locations = Locations {
        config: Some(paths.config.clone()),
        paths: Some(paths),
    };
    let mut player = start_full(
        Some(locations),
        "xterm-256color",
        None,
        COLS,
        ROWS,
        None,
        Some(closed_port()),
    );
    player.wait_for("the welcome", |s| s.contains("Play people online"));
    player.close();
}
