//! Connecting to the lobby server: the Online screen opens (with the
//! connect form while not connected), `perform` starts a thread that
//! connects (looking the name up and the handshake block), and the
//! online part takes its outcome in (`incoming.rs` reads it): the name the
//! server knows, the games waiting, the server and name kept in the settings. A lost connection is
//! tried again while an online game is on the board; a game resumes from
//! the server.

use std::sync::mpsc;
use std::time::Instant;

use super::connect_lobby::Lobby;
use super::desk::Desk;
use super::form::ConnectForm;
use super::page::{OnlinePage, PageForm};
use super::state::{Connected, Fault, Link, ONLINE_GAME_KEY, Online, Unconnected};
use crate::app::action::Action;
use crate::app::config::file::ConfigFile;
use crate::app::config::{Config, LobbyServers};
use crate::app::flow::effect::Effect;
use crate::app::keys::keymap::Context;
use crate::app::message::{Tone, connection_lost};
use crate::app::remote_game::deed::{Deed, Deeds};
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::online::protocol::{Ask, GameId};
use crate::online::{Client, Identity, KEY_FILE, KNOWN_SERVERS_FILE, KnownError, OnlineError};

impl App {
    /// The board's key and the settings' row: the Online screen, with the
    /// connect form while not connected.
    pub(in crate::app) fn open_online(&mut self) -> Vec<Effect> {
        if self.network.is_some() {
            let text = "This is a network game: start the program again to play online.";
            self.say(Tone::Warning, text);
            return Vec::new();
        }
        let keeps_files = self.files.paths().is_some();
        if let Some(why) = self.reach.online_refused(keeps_files) {
            self.say(Tone::Warning, why);
            return Vec::new();
        }
        let form = (!self.online.is_up())
            .then(|| PageForm::Connect(connect_form(&self.config, self.reach.fixed_server())));
        let connecting = matches!(self.online.link, Link::Connecting { .. });
        let mut page = OnlinePage::new(form);
        if let Some(PageForm::Connect(form)) = &mut page.form {
            form.busy = connecting;
        }
        self.screen = Screen::Online(Box::new(page));
        Vec::new()
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
            .map(GameId)
            .filter(|_| self.game_in_progress());
        if !network.online_server.is_empty() && key_made && self.network.is_none() {
            let lobby = Lobby::typed(&network.online_server.to_string());
            let name = Some(network.online_name.clone()).filter(|n| !n.is_empty());
            self.connect_online(lobby, name);
        }
    }

    /// Starts the thread that connects to the first of `lobby`'s servers
    /// that answers, from the one in question (carried out by `perform`);
    /// its outcome is taken in by [`App::take_online`].
    pub(in crate::app) fn connect_online(&mut self, lobby: Lobby, name: Option<String>) {
        let typed = lobby.to_string();
        // A remote session's own lobby, whatever was typed or kept.
        let allowed = self
            .reach
            .server_allowed(typed.clone())
            .map_err(|e| e.to_string())
            .map(|server| {
                if server == typed {
                    lobby
                } else {
                    Lobby::typed(&server)
                }
            });
        let allowed = allowed.and_then(|lobby| {
            let data = self
                .files
                .paths()
                .map(|p| p.data_dir.clone())
                .ok_or_else(|| {
                    "no data directory is known for the key that proves who you are".to_string()
                })?;
            Ok((lobby, data))
        });
        let (lobby, data) = match allowed {
            Ok(allowed) => allowed,
            Err(why) => {
                let page = match &mut self.screen {
                    Screen::Online(page) => Some(&mut **page),
                    _ => None,
                };
                let deeds = self.online.connect_failed(page, Fault::Other, why);
                self.carry_out(deeds);
                return;
            }
        };
        let (sender, done) = mpsc::channel();
        // The outcome, and then the server's messages, wake the event loop.
        let done = crate::bell::ringing(done, &self.bell);
        let (servers, from) = (lobby.servers().to_vec(), lobby.at());
        let asked = name.clone();
        std::thread::spawn(move || {
            let connected: Connected = (|| {
                let identity =
                    Identity::load_or_create(&data.join(KEY_FILE)).map_err(|e| e.to_string())?;
                let known = data.join(KNOWN_SERVERS_FILE);
                let reached =
                    Client::connect_first(&servers, from, &identity, name.as_deref(), &known);
                reached
                    .map(|r| (r.client, r.welcome, r.index))
                    .map_err(|e| match e {
                        OnlineError::Refused(why) => why.into(),
                        OnlineError::Name(e) => Unconnected {
                            why: e.to_string(),
                            fault: Fault::Name,
                        },
                        e @ OnlineError::ServerKey(
                            KnownError::Changed { .. } | KnownError::NotTheLobby { .. },
                        ) => Unconnected {
                            why: e.to_string(),
                            fault: Fault::ServerKey,
                        },
                        e => e.to_string().into(),
                    })
            })();
            let _ = sender.send(connected);
        });
        self.online.link = Link::Connecting {
            server: lobby.current().to_string(),
            lobby,
            done,
            asked,
        };
    }
}

impl Online {
    pub(super) fn connection_made(
        &mut self,
        connected: Connected,
        desk: &mut Desk<'_>,
        deeds: &mut Deeds,
    ) {
        let Link::Connecting {
            server,
            lobby,
            asked,
            ..
        } = std::mem::take(&mut self.link)
        else {
            return;
        };
        let (mut client, welcome, index) = match connected {
            Ok(done) => done,
            Err(Unconnected { why, fault }) => {
                // A game on the board keeps trying; a first try says why.
                if self.game.is_some() && self.me.is_some() {
                    self.link = Link::Lost {
                        server,
                        lobby: lobby.after(),
                        why,
                        since: Instant::now(),
                    };
                    return;
                }
                let failed = self.connect_failed(desk.page.as_deref_mut(), fault, why);
                return deeds.extend(failed);
            }
        };
        let resumed = self.me.is_some();
        self.me = welcome.name.clone();
        self.mine = welcome.waiting.clone();
        client.ring(desk.bell);
        let lobby = lobby.reached(index);
        let server = lobby.current().to_string();
        // The settings keep the whole list, whichever server answered.
        deeds.push(Deed::KeepSettings {
            server: lobby.to_string(),
            name: welcome.name.clone(),
        });
        self.link = Link::Up {
            server: server.clone(),
            lobby,
            client: Box::new(client),
        };
        if let Some(page) = desk.page.as_deref_mut()
            && matches!(page.form, Some(PageForm::Connect(_)))
        {
            page.form = None;
        }
        self.send(Ask::MyGames, deeds);
        // A game on the board: its state again, and the moves from now on.
        let on_board = self.game.as_ref().filter(|g| !g.is_over()).map(|g| g.id());
        if let Some(game) = on_board.or(self.resume) {
            self.send(Ask::Watch { game }, deeds);
            if resumed {
                deeds.say(Tone::Success, "Connected again: the game goes on.");
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
                desk.key(Context::Online, Action::RenameOnline)
            ),
            0 => format!("Connected to {server} as {name}."),
            1 => format!(
                "1 online game waits for your move: {} opens it.",
                desk.key(Context::Board, Action::OpenOnline)
            ),
            n => format!(
                "{n} online games wait for your move: {} opens them.",
                desk.key(Context::Board, Action::OpenOnline)
            ),
        };
        deeds.say(Tone::Success, text);
    }

    /// The autosave's line of the online game in progress on the board
    /// (played or watched), taken up again at the next start.
    pub(in crate::app) fn extras(&self) -> Vec<(&'static str, String)> {
        // A watched game too: it is no game of this copy's to play on.
        let going_on = self.game.as_ref().filter(|g| !g.is_over());
        going_on
            .map(|g| g.id())
            .or(self.resume)
            .map(|game| vec![(ONLINE_GAME_KEY, game.to_string())])
            .unwrap_or_default()
    }

    /// Says why connecting failed: in the connect form when it is open
    /// (on the name field when the name is at fault), else on the status line.
    pub(super) fn connect_failed(
        &mut self,
        page: Option<&mut OnlinePage>,
        fault: Fault,
        why: String,
    ) -> Deeds {
        self.link = Link::Off;
        let why = why.trim_end_matches('.');
        let text = if fault == Fault::ServerKey {
            format!("The server's key changed: {why}.")
        } else {
            format!("Not connected: {why}.")
        };
        if let Some(page) = page
            && let Some(PageForm::Connect(form)) = &mut page.form
        {
            form.busy = false;
            // The field blamed has the keyboard, to be typed over.
            form.focus = usize::from(fault == Fault::Name);
            form.error = Some((form.focus, text));
            return Deeds::default();
        }
        Deeds::from(Deed::Say(Tone::Warning, text))
    }

    /// Sends `ask`, kept to act on its answer; a connection that fails is
    /// marked lost.
    pub(super) fn send(&mut self, ask: Ask, deeds: &mut Deeds) -> bool {
        let Some(client) = self.client() else {
            deeds.say(Tone::Warning, "Not connected to the online server.");
            return false;
        };
        match client.send(ask.clone()) {
            Ok(id) => {
                self.pending.insert(id, ask);
                true
            }
            Err(e) => {
                self.lost(e.to_string(), deeds);
                false
            }
        }
    }

    /// The connection ended: tried again while a game is on the board,
    /// from the lobby's next server.
    pub(super) fn lost(&mut self, why: String, deeds: &mut Deeds) {
        let Some(server) = self.server().map(str::to_string) else {
            return;
        };
        let lobby = self.lobby().map(Lobby::after).unwrap_or_default();
        self.pending.clear();
        self.players.clear();
        self.seeks.clear();
        self.tournaments.forget();
        if self
            .game
            .as_ref()
            .is_some_and(|g| !g.is_over() && g.me().is_some())
        {
            deeds.say(Tone::Warning, connection_lost(&why));
            self.link = Link::Lost {
                server,
                lobby,
                why,
                since: Instant::now(),
            };
        } else {
            deeds.say(
                Tone::Warning,
                format!("The online server closed the connection: {why}."),
            );
            self.link = Link::Off;
            // On the Online screen: the form to connect again.
            deeds.push(Deed::OfferConnect { focus: None });
        }
    }
}

/// The connect form, filled in from the settings (in a remote session,
/// `fixed`: its server the session's own, not to be changed).
pub(in crate::app) fn connect_form(config: &Config, fixed: Option<&str>) -> ConnectForm {
    let network = &config.network;
    // A list from the settings is shown whole, and kept if not typed over.
    let server = fixed.map_or_else(|| network.online_server.to_string(), str::to_string);
    let name = if network.online_name.is_empty() {
        config.players.names[0].clone()
    } else {
        network.online_name.clone()
    };
    let mut form = ConnectForm::new(&server, &name);
    form.server_fixed = fixed.is_some();
    form
}

/// The lobby's servers (`a:7779, b:7779`) and the name it knows this key
/// by, kept in the settings for the next time; the error if they could
/// not be saved.
pub(in crate::app) fn keep_settings(
    config: &mut Config,
    file: &mut ConfigFile,
    servers: &str,
    name: Option<&str>,
) -> Option<String> {
    let old = config.clone();
    if let Ok(servers) = LobbyServers::parse(servers)
        && !servers.is_empty()
    {
        config.network.online_server = servers;
    }
    if let Some(name) = name {
        config.network.online_name = name.to_string();
    }
    if *config != old
        && let Err(e) = file.save(&old, config)
    {
        return Some(format!("The settings were not saved: {e}."));
    }
    None
}
