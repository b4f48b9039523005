//! Connecting to the lobby server for `App`: the Online screen opens (with
//! the connect form while not connected), `perform` starts a thread that
//! connects (looking the name up and the handshake block), and each tick
//! takes its outcome in: the name the server knows, the games waiting, the
//! server and name kept in the settings. A lost connection is tried again
//! while an online game is on the board; a game resumes from the server.

use std::sync::mpsc::{self, TryRecvError};
use std::time::Instant;

use super::form::ConnectForm;
use super::page::{OnlinePage, PageForm};
use super::state::{Connected, Link, ONLINE_GAME_KEY, RECONNECT_AFTER, Unconnected};
use crate::app::config::RelayServer;
use crate::app::message::{Tone, connection_lost};
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::app::update::Effect;
use crate::online::protocol::Ask;
use crate::online::{Client, Identity, KEY_FILE, KNOWN_SERVERS_FILE, OnlineError};

impl App {
    /// The board's key and the settings' row: the Online screen, with the
    /// connect form while not connected.
    pub(in crate::app) fn open_online(&mut self) -> Vec<Effect> {
        if self.network.is_some() {
            let text = "This is a network game: start the program again to play online.";
            self.say(Tone::Warning, text);
            return Vec::new();
        }
        if let Some(why) = self.online_refused() {
            self.say(Tone::Warning, why);
            return Vec::new();
        }
        let form = (!self.online.is_up()).then(|| PageForm::Connect(self.connect_form()));
        let connecting = matches!(self.online.link, Link::Connecting { .. });
        let mut page = OnlinePage::new(form);
        if let Some(PageForm::Connect(form)) = &mut page.form {
            form.busy = connecting;
        }
        self.screen = Screen::Online(Box::new(page));
        Vec::new()
    }

    /// The connect form, filled in from the settings (in a remote
    /// session, its server the session's own, not to be changed).
    pub(super) fn connect_form(&self) -> ConnectForm {
        let network = &self.config.network;
        let fixed = self.fixed_online_server();
        let server = fixed.map(str::to_string).unwrap_or_else(|| {
            network
                .online_server
                .as_ref()
                .map_or_else(String::new, |s| s.as_str().to_string())
        });
        let name = if network.online_name.is_empty() {
            self.config.players.names[0].clone()
        } else {
            network.online_name.clone()
        };
        let mut form = ConnectForm::new(&server, &name);
        form.server_fixed = fixed.is_some();
        form
    }

    /// At start-up, with a server set and a key already made: connect, so
    /// that the games waiting for the player's move are told.
    pub fn connect_online_if_set(&mut self) {
        let network = &self.config.network;
        let key_made = self
            .files
            .paths()
            .is_some_and(|p| p.data_dir.join(KEY_FILE).is_file());
        // The online game the autosave was of: the board waits for it.
        self.online.resume = self
            .files
            .extra()
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(ONLINE_GAME_KEY))
            .and_then(|(_, v)| v.parse().ok())
            .filter(|_| self.game_in_progress());
        if let Some(server) = network.online_server.clone()
            && key_made
            && self.network.is_none()
        {
            let name = Some(network.online_name.clone()).filter(|n| !n.is_empty());
            self.connect_online(server.as_str().to_string(), name);
        }
    }

    /// Starts the thread that connects to `server` (carried out by
    /// `perform`); its outcome is taken in by [`App::online_tick`].
    pub(in crate::app) fn connect_online(&mut self, server: String, name: Option<String>) {
        let server = match self.online_server_allowed(server) {
            Ok(server) => server,
            Err(why) => return self.connect_failed(false, why),
        };
        let Some(data) = self.files.paths().map(|p| p.data_dir.clone()) else {
            return self.connect_failed(
                false,
                "no data directory is known for the key that proves who you are".into(),
            );
        };
        let (sender, done) = mpsc::channel();
        // The outcome, and then the server's messages, wake the event loop.
        let done = crate::bell::ringing(done, &self.bell);
        let address = server.clone();
        let asked = name.clone();
        std::thread::spawn(move || {
            let connected: Connected = (|| {
                let at = crate::net::lookup(&address).map_err(|e| e.to_string())?;
                let identity =
                    Identity::load_or_create(&data.join(KEY_FILE)).map_err(|e| e.to_string())?;
                let known = data.join(KNOWN_SERVERS_FILE);
                Client::connect(at, &identity, name.as_deref(), &known).map_err(|e| match e {
                    OnlineError::Refused(why) => why.into(),
                    OnlineError::Name(e) => Unconnected {
                        why: e.to_string(),
                        name_at_fault: true,
                    },
                    e => e.to_string().into(),
                })
            })();
            let _ = sender.send(connected);
        });
        self.online.link = Link::Connecting {
            server,
            done,
            asked,
        };
    }

    /// Takes in what came: the connection's outcome, the server's
    /// messages, a new try after a loss.
    pub(in crate::app) fn online_tick(&mut self) -> Vec<Effect> {
        match &self.online.link {
            Link::Connecting { done, .. } => match done.try_recv() {
                Ok(connected) => self.connection_made(connected),
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    self.connect_failed(false, "the connecting thread ended".into());
                }
            },
            Link::Up { .. } => {
                self.take_incoming();
                self.ask_takeback_question();
            }
            Link::Lost { server, since, .. } => {
                if since.elapsed() >= RECONNECT_AFTER {
                    let server = server.clone();
                    let name = self.online.me.clone();
                    self.connect_online(server, name);
                }
            }
            Link::Off => {}
        }
        Vec::new()
    }

    fn connection_made(&mut self, connected: Connected) {
        let Link::Connecting { server, asked, .. } = std::mem::take(&mut self.online.link) else {
            return;
        };
        let (mut client, welcome) = match connected {
            Ok(done) => done,
            Err(Unconnected { why, name_at_fault }) => {
                // A game on the board keeps trying; a first try says why.
                if self.online.game.is_some() && self.online.me.is_some() {
                    self.online.link = Link::Lost {
                        server,
                        why,
                        since: Instant::now(),
                    };
                    return;
                }
                return self.connect_failed(name_at_fault, why);
            }
        };
        let resumed = self.online.me.is_some();
        self.online.me = welcome.name.clone();
        self.online.mine = welcome.waiting.clone();
        client.ring(&self.bell);
        self.online.link = Link::Up {
            server: server.clone(),
            client: Box::new(client),
        };
        self.keep_online_settings(&server, welcome.name.as_deref());
        if let Screen::Online(page) = &mut self.screen
            && matches!(page.form, Some(PageForm::Connect(_)))
        {
            page.form = None;
        }
        self.online_send(Ask::MyGames);
        // A game on the board: its state again, and the moves from now on.
        let on_board = self
            .online
            .game
            .as_ref()
            .filter(|g| !g.is_over())
            .map(|g| g.id());
        if let Some(game) = on_board.or(self.online.resume) {
            self.online_send(Ask::Watch { game });
            if resumed {
                self.say(Tone::Success, "Connected again: the game goes on.");
            }
            return;
        }
        let name = welcome.name.unwrap_or_default();
        // A known key keeps its name, whatever it asked: it is told so.
        let other_name = asked
            .and_then(|a| crate::online::check_name(&a).ok())
            .filter(|a| !name.is_empty() && a.shown != name);
        let text = match welcome.waiting.len() {
            0 if other_name.is_some() => format!(
                "Connected to {server}: your key is known there as {name}, which it keeps; \
                 {} on the Online screen renames it (once a month).",
                self.online_key(crate::app::action::Action::RenameOnline)
            ),
            0 => format!("Connected to {server} as {name}."),
            1 => format!(
                "1 online game waits for your move: {} opens it.",
                self.key(crate::app::action::Action::OpenOnline)
            ),
            n => format!(
                "{n} online games wait for your move: {} opens them.",
                self.key(crate::app::action::Action::OpenOnline)
            ),
        };
        self.say(Tone::Success, text);
    }

    /// The autosave's line of the online game in progress on the board
    /// (played or watched), taken up again at the next start.
    pub(in crate::app) fn online_extras(&self) -> Vec<(&'static str, String)> {
        // A watched game too: it is no game of this copy's to play on.
        let going_on = self.online.game.as_ref().filter(|g| !g.is_over());
        going_on
            .map(|g| g.id())
            .or(self.online.resume)
            .map(|game| vec![(ONLINE_GAME_KEY, game.to_string())])
            .unwrap_or_default()
    }

    /// Says why connecting failed: in the connect form when it is open
    /// (`blame_name`: on the name field), else on the status line.
    fn connect_failed(&mut self, blame_name: bool, why: String) {
        self.online.link = Link::Off;
        let why = why.trim_end_matches('.');
        let text = if why.contains("different key") {
            format!("The server's key changed: {why}.")
        } else {
            format!("Not connected: {why}.")
        };
        if let Screen::Online(page) = &mut self.screen
            && let Some(PageForm::Connect(form)) = &mut page.form
        {
            form.busy = false;
            // The field blamed has the keyboard, to be typed over.
            form.focus = usize::from(blame_name);
            form.error = Some((form.focus, text));
            return;
        }
        self.say(Tone::Warning, text);
    }

    /// The server and the name it knows this key by, kept in the settings
    /// for the next time.
    pub(super) fn keep_online_settings(&mut self, server: &str, name: Option<&str>) {
        let old = self.config.clone();
        if let Ok(server) = RelayServer::parse(server) {
            self.config.network.online_server = Some(server);
        }
        if let Some(name) = name {
            self.config.network.online_name = name.to_string();
        }
        if self.config != old
            && let Err(e) = self.config_file.save(&old, &self.config)
        {
            self.tell(Tone::Warning, format!("The settings were not saved: {e}."));
        }
    }

    /// Sends `ask`, kept to act on its answer; a connection that fails is
    /// marked lost.
    pub(in crate::app) fn online_send(&mut self, ask: Ask) -> bool {
        let Some(client) = self.online.client() else {
            self.say(Tone::Warning, "Not connected to the online server.");
            return false;
        };
        match client.send(ask.clone()) {
            Ok(id) => {
                self.online.pending.insert(id, ask);
                true
            }
            Err(e) => {
                self.connection_lost(e.to_string());
                false
            }
        }
    }

    /// The connection ended: tried again while a game is on the board.
    pub(in crate::app) fn connection_lost(&mut self, why: String) {
        let Some(server) = self.online.server().map(str::to_string) else {
            return;
        };
        self.online.pending.clear();
        self.online.players.clear();
        self.online.seeks.clear();
        if self
            .online
            .game
            .as_ref()
            .is_some_and(|g| !g.is_over() && g.me.is_some())
        {
            self.say(Tone::Warning, connection_lost(&why));
            self.online.link = Link::Lost {
                server,
                why,
                since: Instant::now(),
            };
        } else {
            self.say(
                Tone::Warning,
                format!("The online server closed the connection: {why}."),
            );
            self.online.link = Link::Off;
            // On the Online screen: the form to connect again.
            let form = self.connect_form();
            if let Screen::Online(page) = &mut self.screen {
                page.form = Some(PageForm::Connect(form));
            }
        }
    }
}
