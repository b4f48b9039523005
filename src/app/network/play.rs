//! What a network game does for `App`: starting it, the board's keys in
//! it, and (host) sending the game after every change, (guest) showing the
//! game received (`events.rs` takes in what comes). The host referees: a
//! guest's move is checked and played on the host's own game; the guest's
//! screen shows the host's game.

pub(in crate::app) use super::kept::is_network_extra;
use super::kept::{CODE_KEY, HOST_KEY, RELAY_KEY, RESUME_KEY};
use super::start_error::NetStartError;
use super::state::{LinkState, NetPlay, Network, Role, asking_text};
use crate::app::action::Action;
use crate::app::game::session::Session;
use crate::app::message::Tone;
use crate::app::remote_game::Shown;
use crate::app::remote_game::Transport;
use crate::app::remote_game::board::Step;
use crate::app::remote_game::deed::{Deed, Deeds};
use crate::app::screen::{Question, Screen};
use crate::app::state::App;
use crate::app::ui::text_input::TextInput;
use crate::core::{Game, Player};
use crate::net::{self, Hello, JoinCode, Request, Table};

impl App {
    /// Starts hosting or joining, after the saved games are in: at
    /// start-up (an error is for the command line) or from the screen (an
    /// error is shown in the form). On an error nothing has changed.
    pub fn start_network(&mut self, play: NetPlay) -> Result<(), NetStartError> {
        let hosting = matches!(play, NetPlay::Host { .. } | NetPlay::HostVia { .. });
        let name = network_name(&self.config.players.names[0], hosting, system_user());
        let kept = super::relay::Kept::of(self.files.extra(), self.game_in_progress());
        let (mut network, resumed) = match play {
            NetPlay::Host { bind } => {
                // The unfinished network game of a host that stopped goes
                // on, with its code; anything else makes way for a new one.
                let resumed = kept.get(CODE_KEY).and_then(|c| c.parse::<JoinCode>().ok());
                let code = match resumed {
                    Some(code) => code,
                    None => JoinCode::random().map_err(NetStartError::NoCode)?,
                };
                let (connection, bound) = net::listen(bind, code, Hello::ours(&name))
                    .map_err(|source| NetStartError::Listen { bind, source })?;
                let addresses = net::addresses(bound);
                let role = Role::Host { addresses, code };
                (Network::new(role, connection, name), resumed.is_some())
            }
            NetPlay::Join { host, code } => {
                let resumed = kept.get(HOST_KEY) == Some(host.to_string());
                let connection = net::connect(host, code, Hello::ours(&name));
                let role = Role::Guest { host, code };
                (Network::new(role, connection, name), resumed)
            }
            NetPlay::HostVia { .. } | NetPlay::JoinVia { .. } => kept.start_via(play, name)?,
        };
        if !resumed {
            self.start_new_game();
            if !network.is_host() {
                // The host's clocks are the game's: none until it says.
                self.session.start_clock(None);
            }
        }
        // Its events wake the event loop.
        network.connection.ring(&self.bell);
        self.network = Some(network);
        self.sync_remote();
        Ok(())
    }
}

impl Network {
    /// The autosave's `x-` lines of a network game: not in saved records,
    /// where a code would let anyone who reads the file join.
    pub(in crate::app) fn extras(&self) -> Vec<(&'static str, String)> {
        let resume = self.connection.resume().map(|r| r.to_hex());
        match &self.role {
            Role::Host { code, .. } => vec![(CODE_KEY, code.to_string())],
            Role::Guest { host, .. } => vec![(HOST_KEY, host.to_string())],
            Role::HostVia { server } => {
                let mut extras = vec![(RELAY_KEY, server.to_string())];
                extras.extend(resume.map(|r| (RESUME_KEY, r)));
                extras
            }
            Role::GuestVia { server, code } => {
                let mut extras = vec![(RELAY_KEY, server.to_string())];
                extras.extend(resume.map(|r| (RESUME_KEY, format!("{code} {r}"))));
                extras
            }
        }
    }

    /// The board's keys in a network game: moves only on one's own turn,
    /// undo and a new game as requests; `None` for what plays as usual.
    pub(in crate::app) fn board_key(&mut self, action: Action, shown: &Shown<'_>) -> Option<Deeds> {
        let step = match action {
            Action::NewGame => self.remote.check_ask(Request::Rematch, self),
            Action::Redo | Action::OpenRecords | Action::OpenTraining => {
                Step::Refused("Not during a network game.".into())
            }
            _ => self.remote.board_key(action, shown, self),
        };
        let peer = self.peer();
        let mut deeds = Deeds::default();
        match step {
            Step::Usual => return None,
            Step::Refused(why) => deeds.say(Tone::Warning, why),
            Step::Move(mv) if self.is_host() => deeds.push(Deed::Play(mv)),
            Step::Move(mv) => {
                self.send(net::Message::Play(mv));
                deeds.say(Tone::Info, format!("Sent {mv} to {peer}."));
            }
            Step::Resign => deeds.push(Deed::Open(Screen::Confirm(Question::Resign))),
            Step::Chat => deeds.push(Deed::Open(Screen::Chat(TextInput::new(
                "",
                net::CHAT_CHARS,
            )))),
            Step::Ask(request) => {
                self.remote.ask(request);
                self.send(net::Message::Ask(request));
                deeds.say(
                    Tone::Info,
                    format!("Asked {peer} {}.", asking_text(request)),
                );
            }
        }
        Some(deeds)
    }

    /// The answer to the other player's request (the question's yes or no).
    pub(in crate::app) fn answer(&mut self, yes: bool) -> Deeds {
        let mut deeds = Deeds::from(Deed::Open(Screen::Board));
        let Some(request) = self.remote.answered() else {
            return deeds;
        };
        self.send(net::Message::Answer { request, yes });
        if yes {
            deeds.extend(self.agreed(request));
        }
        deeds
    }

    /// Both agreed to `request`: the host does it (the guest sees the result).
    pub(super) fn agreed(&self, request: Request) -> Deeds {
        if !self.is_host() {
            return Deeds::default();
        }
        Deeds::from(match request {
            Request::Undo => Deed::Undo,
            Request::Rematch => Deed::Rematch,
        })
    }

    /// Yes to [`Question::Resign`]: the other player wins. The host's game
    /// is the one record: the host resigns on it (the guest sees it in the
    /// state sent next), a guest's resignation goes to the host.
    pub(in crate::app) fn resign(&self) -> Deeds {
        if self.is_host() {
            Deeds::from(Deed::Resign(self.me()))
        } else if self.send(net::Message::Resign) {
            Deeds::default()
        } else {
            let text = format!("Not connected: resign when {} is back.", self.peer());
            Deeds::from(Deed::Say(Tone::Warning, text))
        }
    }

    /// Sends a chat line typed here, and shows it.
    pub(in crate::app) fn chat(&mut self, text: &str) -> Deeds {
        let text = net::clean(text, net::CHAT_CHARS);
        if text.is_empty() {
            return Deeds::default();
        }
        if self.send(net::Message::Chat(text.clone())) {
            self.add_note(Tone::Info, format!("You: {text}"));
            return Deeds::default();
        }
        Deeds::from(Deed::Say(
            Tone::Warning,
            "Not connected: the line was not sent.".into(),
        ))
    }

    /// The question for the other player's request, in the dialog.
    pub(in crate::app) fn question(&self, request: Request) -> String {
        format!("{} asks {}. Agree?", self.peer(), asking_text(request))
    }

    /// After every update (and at the start): both screens show one game
    /// with the host's clocks: the host sends its game when it changed,
    /// the guest shows the game last received (a settings change on either
    /// side cannot make them differ).
    pub(in crate::app) fn sync(&mut self, session: &mut Session) -> Deeds {
        let mut deeds = Deeds::default();
        if !self.is_host() {
            if let Some(table) = self.table.clone()
                && (&table.game != session.game() || &table.names != session.names())
            {
                let news = host_move_news(session.game(), &table);
                deeds.push(Deed::Show {
                    game: table.game,
                    names: table.names,
                    fresh: false,
                });
                if let Some(text) = news {
                    deeds.say(Tone::Info, text);
                }
            }
            deeds.push(self.guest_clocks());
            return deeds;
        }
        // The host's clocks count only while the guest is connected.
        session.hold_clock(self.link != LinkState::Connected);
        // The names are those the two gave, whatever the settings call them.
        let peer = (self.peer_name.clone()).unwrap_or_else(|| session.name(Player::Two).into());
        let names = [self.own_name.clone(), peer];
        if &names != session.names() {
            session.rename(names.clone());
        }
        let table = Table {
            game: session.game().clone(),
            names,
            clocks: super::clock::clocks_to_send(session),
        };
        if self.link == LinkState::Connected
            && !self
                .table
                .as_ref()
                .is_some_and(|sent| sent.same_turn(&table))
            && self.send(net::Message::State(Box::new(table.clone())))
        {
            self.table = Some(table);
        }
        deeds
    }
}
/// A guest's status line for the host's move that `table` adds to `shown`,
/// the game on its screen (as the host's says the guest's), if it adds one.
fn host_move_news(shown: &Game, table: &Table) -> Option<String> {
    let game = &table.game;
    let (old, new) = (shown.history(), game.history());
    let added = game.size() == shown.size()
        && new.len() == old.len() + 1
        && new.iter().zip(old).all(|(a, b)| a.mv == b.mv)
        && shown.player_to_move() == Player::One;
    let report = new.last().filter(|_| added)?;
    let name = |player: Player| table.names[player.index()].as_str();
    Some(match game.winner() {
        Some(winner) => crate::app::message::wins(name(winner), game.color_of(winner)),
        None => format!("{} played {}.", name(Player::One), report.mv),
    })
}

/// The name this copy gives in a game between friends, with this system's
/// user name (the screen-reader mode's way to [`network_name`]).
pub(crate) fn name_for_friends(configured: &str, hosting: bool) -> String {
    network_name(configured, hosting, system_user())
}

/// The name this copy gives in a game between friends: the player's own,
/// or, left at the default ("Player 1", which both copies would say), the
/// system's user name, else "Host" or "Guest".
pub(super) fn network_name(configured: &str, hosting: bool, user: Option<String>) -> String {
    let configured = net::clean(configured, net::NAME_CHARS);
    if !configured.is_empty() && !configured.eq_ignore_ascii_case(&Player::One.to_string()) {
        return configured;
    }
    let user = user
        .map(|u| net::clean(&u, net::NAME_CHARS))
        .filter(|u| !u.is_empty() && u != "root");
    // A login ("alice") is a name: it starts the panel's sentences.
    user.map_or_else(
        || if hosting { "Host" } else { "Guest" }.to_string(),
        |u| capitalized(&u),
    )
}

/// `text` with its first letter a capital.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The user name the system gives this program's user, if any.
fn system_user() -> Option<String> {
    ["USER", "USERNAME", "LOGNAME"]
        .iter()
        .find_map(|var| std::env::var(var).ok())
}

#[cfg(test)]
mod tests {
    use super::network_name;

    #[test]
    fn a_default_name_becomes_the_users_or_the_sides() {
        assert_eq!(network_name("Ann", true, Some("ann".into())), "Ann");
        assert_eq!(network_name("Player 1", true, Some("ann".into())), "Ann");
        assert_eq!(network_name("player 1", false, Some("bob".into())), "Bob");
        assert_eq!(
            network_name("Player 1", false, Some("élise".into())),
            "Élise"
        );
        assert_eq!(network_name("Player 1", true, None), "Host");
        assert_eq!(network_name("Player 1", false, None), "Guest");
        assert_eq!(network_name("", false, Some("root".into())), "Guest");
        assert_eq!(
            network_name("Player 1", true, Some("\u{1b}[2J".into())),
            "[2J"
        );
    }
}
