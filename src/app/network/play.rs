//! What a network game does for `App`: starting it, the board's keys in
//! it, and (host) sending the game after every change, (guest) showing the
//! game received (`events.rs` takes in what comes). The host referees: a
//! guest's move is checked and played on the host's own game; the guest's
//! screen shows the host's game.

use std::time::Instant;

use super::state::{LinkState, NetPlay, Network, Role, asking_text};
use crate::app::action::{Action, HistoryStep};
use crate::app::config::engine::Mode;
use crate::app::message::Message;
use crate::app::message::Tone;
use crate::app::online::state::ONLINE_GAME_KEY;
use crate::app::screen::{Question, Screen};
use crate::app::state::App;
use crate::app::ui::text_input::TextInput;
use crate::app::update::Effect;
use crate::core::{Game, Move, Player};
use crate::net::{self, Hello, JoinCode, Request, Table};

/// The autosave's line with the host's join code, so that a restarted host
/// takes its guest back.
pub(in crate::app) const CODE_KEY: &str = "x-net-code";
/// The autosave's line with the address a guest joined.
pub(in crate::app) const HOST_KEY: &str = "x-net-host";
/// The autosave's line with the relay a network game went through.
pub(in crate::app) const RELAY_KEY: &str = "x-net-relay";
/// The autosave's line with the way back through the relay (a secret, as
/// the code): the guest's code then the channel and password, the host's
/// channel and password, so that a restarted copy comes back without a code.
pub(in crate::app) const RESUME_KEY: &str = "x-net-resume";
/// Whether an `x-` line is one of a network game's.
pub(in crate::app) fn is_network_extra(key: &str) -> bool {
    [CODE_KEY, HOST_KEY, RELAY_KEY, RESUME_KEY, ONLINE_GAME_KEY]
        .iter()
        .any(|own| key.eq_ignore_ascii_case(own))
}

impl App {
    /// Starts hosting or joining, after the saved games are in: at
    /// start-up (an error is for the command line) or from the screen (an
    /// error is shown in the form). On an error nothing has changed.
    pub fn start_network(&mut self, play: NetPlay) -> Result<(), String> {
        let hosting = matches!(play, NetPlay::Host { .. } | NetPlay::HostVia { .. });
        let name = network_name(&self.config.players.names[0], hosting, system_user());
        let kept = |key: &str| self.kept_extra(key);
        let mut network = match play {
            NetPlay::Host { bind } => {
                // The unfinished network game of a host that stopped goes
                // on, with its code; anything else makes way for a new one.
                let resumed = kept(CODE_KEY)
                    .and_then(|c| c.parse::<JoinCode>().ok())
                    .filter(|_| self.game_in_progress());
                let code = match resumed {
                    Some(code) => code,
                    None => JoinCode::random().map_err(|e| format!("no random join code: {e}"))?,
                };
                let (connection, bound) = net::listen(bind, code, Hello::ours(&name))
                    .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
                if resumed.is_none() {
                    self.start_new_game();
                }
                let addresses = net::addresses(bound);
                Network::new(Role::Host { addresses, code }, connection)
            }
            NetPlay::Join { host, code } => {
                if kept(HOST_KEY) != Some(host.to_string()) || !self.game_in_progress() {
                    self.start_new_game();
                    // The host's clocks are the game's: none until it says.
                    self.session.start_clock(None);
                }
                let connection = net::connect(host, code, Hello::ours(&name));
                Network::new(Role::Guest { host, code }, connection)
            }
            NetPlay::HostVia { .. } | NetPlay::JoinVia { .. } => self.start_via(play, &name)?,
        };
        network.own_name = name;
        // Its events wake the event loop.
        network.connection.ring(&self.bell);
        self.network = Some(network);
        self.sync_network();
        Ok(())
    }

    /// The autosave's `x-` lines of a network game: not in saved records,
    /// where a code would let anyone who reads the file join.
    pub(in crate::app) fn network_extras(&self) -> Vec<(&'static str, String)> {
        let Some(net) = &self.network else {
            return Vec::new();
        };
        let resume = net.connection.resume().map(|r| r.to_hex());
        match &net.role {
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
    /// undo and a new game as requests; false for what plays as usual.
    pub(in crate::app) fn network_board(&mut self, action: Action) -> bool {
        if self.network.is_none() {
            return false;
        }
        match action {
            Action::Place => self.network_move(Move::Place(self.cursor())),
            Action::Click { column, row } => {
                let Some(sq) = self.board.square_at(column, row, self.game().size()) else {
                    return false;
                };
                self.board.set_cursor(sq);
                self.network_move(Move::Place(sq));
            }
            Action::Swap => self.network_move(Move::Swap),
            Action::Undo if !self.game().can_undo() => {
                self.say(Tone::Warning, "Nothing to undo.");
            }
            Action::Undo => self.ask_peer(Request::Undo),
            Action::NewGame => self.ask_peer(Request::Rematch),
            Action::OpenChat => {
                self.screen = Screen::Chat(TextInput::new("", net::CHAT_CHARS));
            }
            Action::Resign if self.network_game_over() => {
                self.say(Tone::Warning, "The game is over.");
            }
            Action::Resign => self.screen = Screen::Confirm(Question::Resign),
            Action::Redo | Action::OpenRecords | Action::OpenTraining => {
                self.say(Tone::Warning, "Not during a network game.");
            }
            _ => return false,
        }
        true
    }

    /// Whether the game is won on the board, resigned or lost on time.
    fn network_game_over(&self) -> bool {
        self.game().is_over() || self.lost_on_time().is_some()
    }

    /// Whether the friend at the other end of a network game is to move.
    pub(in crate::app) fn peer_to_move(&self) -> bool {
        self.network
            .as_ref()
            .is_some_and(|n| self.game().player_to_move() != n.me())
            || self.online_other_to_move()
    }

    pub(in crate::app) fn peer_name(&self) -> String {
        self.network
            .as_ref()
            .and_then(|n| n.peer_name.clone())
            .or_else(|| self.online_opponent())
            .unwrap_or_else(|| "your friend".to_string())
    }

    fn network_move(&mut self, mv: Move) {
        let Some(net) = &self.network else { return };
        let me = net.me();
        let (is_host, connected) = (net.is_host(), net.link == LinkState::Connected);
        let peer = self.peer_name();
        if self.viewing().is_some() {
            let latest = self.key(Action::History(HistoryStep::Latest));
            return self.say(
                Tone::Warning,
                format!("{latest} goes back to the game first."),
            );
        }
        if let Some(color) = self.game().resigned() {
            let loser = self.game().holder(color);
            let text = format!("The game is over: {} resigned.", self.name(loser));
            return self.say(Tone::Warning, text);
        }
        if self.network_game_over() {
            let new = self.key(Action::NewGame);
            return self.say(
                Tone::Warning,
                format!("The game is over: {new} asks {peer} for a rematch."),
            );
        }
        if self.game().player_to_move() != me {
            return self.say(Tone::Warning, format!("It is {peer}'s turn."));
        }
        if is_host {
            self.play_move(mv);
            return;
        }
        match self.game().position().preview(mv) {
            Err(e) => self.say(Tone::Warning, format!("Not possible: {e}.")),
            Ok(_) if !connected => {
                self.say(
                    Tone::Warning,
                    format!("Not connected: play when {peer} is back."),
                );
            }
            Ok(_) => {
                self.send_peer(net::Message::Play(mv));
                self.say(Tone::Info, format!("Sent {mv} to {peer}."));
            }
        }
    }

    pub(super) fn send_peer(&self, message: net::Message) -> bool {
        self.network.as_ref().is_some_and(|n| n.send(message))
    }

    fn ask_peer(&mut self, request: Request) {
        let peer = self.peer_name();
        let Some(net) = &mut self.network else { return };
        if net.link != LinkState::Connected {
            return self.say(
                Tone::Warning,
                format!("Not connected: ask when {peer} is back."),
            );
        }
        if net.asking.is_some() {
            return self.say(Tone::Warning, format!("Waiting for {peer}'s answer."));
        }
        net.asking = Some(request);
        self.send_peer(net::Message::Ask(request));
        self.say(
            Tone::Info,
            format!("Asked {peer} {}.", asking_text(request)),
        );
    }

    /// The answer to the other player's request (the question's yes or no).
    pub(in crate::app) fn answer_peer(&mut self, request: Request, yes: bool) -> Vec<Effect> {
        self.screen = Screen::Board;
        if let Some(net) = &mut self.network {
            net.asked = None;
        }
        self.send_peer(net::Message::Answer { request, yes });
        if yes {
            self.agreed(request);
        }
        Vec::new()
    }

    /// Both agreed to `request`: the host does it (the guest sees the result).
    pub(super) fn agreed(&mut self, request: Request) {
        if !self.network.as_ref().is_some_and(Network::is_host) {
            return;
        }
        match request {
            Request::Undo => {
                self.session.undo();
            }
            Request::Rematch => {
                let old = self.game();
                let game = Game::new(old.size(), old.rules(), old.first_black().other());
                let names = self.session.names().clone();
                self.replace_game(game, names);
                self.session.start_clock(self.config.game.clock);
                self.board.centre_cursor(self.game().size());
                self.files.new_game(&self.session);
            }
        }
    }

    /// Yes to [`Question::Resign`]: the other player wins. The host's game
    /// is the one record: the host resigns on it (the guest sees it in the
    /// state sent next), a guest's resignation goes to the host.
    pub(in crate::app) fn resign(&mut self) {
        let peer = self.peer_name();
        let Some(net) = &self.network else { return };
        let me = net.me();
        if net.is_host() {
            self.player_resigns(me);
        } else if !net.send(net::Message::Resign) {
            self.say(
                Tone::Warning,
                format!("Not connected: resign when {peer} is back."),
            );
        }
    }

    /// `player` resigns the host's game: said once, by the panel's end of
    /// game ("Bob (White) resigns. Ann (Black) wins!"), on both screens alike.
    pub(super) fn player_resigns(&mut self, player: Player) {
        let color = self.game().color_of(player);
        let _ = self.session.resign(color);
    }

    /// Sends a chat line typed here, and shows it.
    pub(in crate::app) fn send_chat(&mut self, text: &str) {
        let text = net::clean(text, net::CHAT_CHARS);
        let Some(net) = &mut self.network else { return };
        if text.is_empty() {
            return;
        }
        if net.send(net::Message::Chat(text.clone())) {
            net.add_chat(format!("You: {text}"));
        } else {
            self.say(Tone::Warning, "Not connected: the line was not sent.");
        }
    }

    /// The question for the other player's request, in the dialog.
    pub(in crate::app) fn peer_question(&self, request: Request) -> String {
        format!("{} asks {}. Agree?", self.peer_name(), asking_text(request))
    }

    /// After every update (and at the start): nobody but the two players
    /// plays (whatever the settings say), and both screens show one game
    /// with the host's clocks: the host sends its game when it changed,
    /// the guest shows the game last received (a settings change on either
    /// side cannot make them differ).
    pub(in crate::app) fn sync_network(&mut self) {
        let Some(net) = &self.network else { return };
        if self.computer.mode() != Mode::HumanVsHuman {
            self.computer.set_mode(Mode::HumanVsHuman);
        }
        if !net.is_host() {
            if let Some(table) = net.table.clone()
                && (&table.game != self.session.game() || &table.names != self.session.names())
            {
                let news = host_move_news(self.session.game(), &table);
                self.replace_game(table.game, table.names);
                if let Some(text) = news {
                    self.say(Tone::Info, text);
                }
            }
            return self.sync_network_clocks();
        }
        self.sync_network_clocks();
        let Some(net) = &self.network else { return };
        // The names are those the two gave, whatever the settings call them.
        let peer = (net.peer_name.clone()).unwrap_or_else(|| self.session.name(Player::Two).into());
        let wanted = [net.own_name.clone(), peer];
        if &wanted != self.session.names() {
            self.session.rename(wanted);
        }
        let table = Table {
            game: self.session.game().clone(),
            names: self.session.names().clone(),
            clocks: self.clocks_to_send(),
        };
        if net.link == LinkState::Connected
            && !net
                .table
                .as_ref()
                .is_some_and(|sent| sent.same_turn(&table))
            && net.send(net::Message::State(Box::new(table.clone())))
            && let Some(net) = &mut self.network
        {
            net.table = Some(table);
        }
    }

    /// The player this copy moves for in a network game.
    pub(in crate::app) fn network_me(&self) -> Option<Player> {
        self.network.as_ref().map(Network::me)
    }

    /// What the side panel says about the network game.
    pub(in crate::app) fn network_notes(&self) -> Vec<Message> {
        let Some(net) = &self.network else {
            return Vec::new();
        };
        let mut notes = net.notes(&self.peer_name(), Instant::now());
        // Right after "Waiting for NAME to reconnect".
        if matches!(net.link, LinkState::Lost { .. }) && self.clock_control().is_some() {
            let text = "The clocks are paused until then.";
            notes.insert(1, Message::new(Tone::Info, text));
        }
        // A resignation is said by the panel's end of game, as for any game.
        notes
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
