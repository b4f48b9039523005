//! The lobby in lines (`online` and the commands after it): connected as
//! the full-screen Online screen connects (the settings' lobby servers,
//! the key and known servers of the data directory, the settings' online
//! name), the lobby's lists kept as the server pushes them and read on
//! demand, asks sent and their answers told, and the pushes of one's own
//! game (or a watched one) told a line each.

use std::time::Duration;

use crate::bell::Bell;
use crate::core::{BoardSize, Move, Position, Rules};
use crate::online::protocol::{Answer, Ask, GameSummary, Push, SeekId, SeekSummary};
use crate::online::{Client, Identity, Incoming, KEY_FILE, KNOWN_SERVERS_FILE, OnlineError};

use super::lobby_game::LobbyGame;
use super::lobby_words::{LobbyOrder, game_lines, player_line, seek_lines, terms_words};
use super::settings::Settings;
use super::speech::capital;

/// How long an ask waits for its answer before it is told as lost.
const ANSWER_WAIT: Duration = Duration::from_secs(10);

pub struct Lobby {
    client: Client,
    server: String,
    /// The name the server knows this key by; none: it may only look.
    me: Option<String>,
    seeks: Vec<SeekSummary>,
    games: Vec<GameSummary>,
    players: Vec<String>,
    bots: Vec<String>,
    /// This copy's open seek or challenge.
    my_seek: Option<SeekId>,
    /// The game on the board: played or watched.
    board: Option<LobbyGame>,
    closed: bool,
}

impl Lobby {
    /// Connects to the settings' lobby (the first of its servers that
    /// answers), its pushes ringing `bell`; or why not, as a sentence.
    pub fn connect(settings: &Settings, bell: &Bell) -> Result<(Lobby, String), String> {
        let servers = settings.lobby_servers()?;
        let data = settings.data_dir().ok_or(
            "No data directory is known for the key that proves who you are, so this copy \
             cannot go online.",
        )?;
        let identity = Identity::load_or_create(&data.join(KEY_FILE))
            .map_err(|e| format!("The key that proves who you are cannot be used: {e}."))?;
        let known = data.join(KNOWN_SERVERS_FILE);
        let name = settings.online_name();
        let reached = Client::connect_first(&servers, 0, &identity, Some(&name), &known).map_err(
            |e| match e {
                OnlineError::Name(e) => format!(
                    "The lobby refused the name {name}: {e}. Put online_name = \"NAME\" under \
                     [network] in the settings file."
                ),
                e => format!("Not connected to the lobby: {}.", capital(&e.to_string())),
            },
        )?;
        let mut client = reached.client;
        client.ring(bell);
        let server = servers.get(reached.index).cloned().unwrap_or_default();
        let me = reached.welcome.name;
        let told = match &me {
            Some(me) => format!(
                "Connected to the lobby at {server} as {me}. Type seeks, games or players \
                 to hear the lists, seek to offer a game."
            ),
            None => format!(
                "Connected to the lobby at {server} without a name: you may watch, not play."
            ),
        };
        let lobby = Lobby {
            client,
            server,
            me,
            seeks: Vec::new(),
            games: Vec::new(),
            players: Vec::new(),
            bots: Vec::new(),
            my_seek: None,
            board: None,
            closed: false,
        };
        Ok((lobby, told))
    }

    /// Whether the connection has ended: the lobby is gone.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    pub fn server(&self) -> &str {
        &self.server
    }

    /// The game on the board, played or watched.
    pub fn board(&self) -> Option<&LobbyGame> {
        self.board.as_ref()
    }

    /// Whether a game of this copy's own goes on.
    pub fn in_game(&self) -> bool {
        self.board
            .as_ref()
            .is_some_and(|g| g.is_mine() && !g.is_over())
    }

    /// Takes the game off the board (a local game comes instead).
    pub fn clear_board(&mut self) {
        if let Some(game) = self.board.take().filter(|g| !g.is_mine()) {
            let _ = self.client.send(Ask::Unwatch { game: game.id() });
        }
    }

    pub fn position(&self) -> Option<&Position> {
        self.board.as_ref().map(LobbyGame::position)
    }

    /// What the server pushed since last asked, in lines.
    pub fn news(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        while !self.closed {
            match self.client.next(Duration::ZERO) {
                Some(Incoming::Push(push)) => self.on_push(push, &mut lines),
                Some(Incoming::Closed(why)) => {
                    self.closed = true;
                    lines.push(format!(
                        "The connection to the lobby ended: {why}. Type online to connect again."
                    ));
                }
                // Answers come to `ask`; one that came too late is dropped.
                Some(Incoming::Reply(_)) => {}
                None => break,
            }
        }
        lines
    }

    fn on_push(&mut self, push: Push, lines: &mut Vec<String>) {
        let me = self.me.clone();
        let on_board = |game| self.board.as_ref().is_some_and(|g| g.id() == game);
        match push {
            Push::Players { players, bots } => (self.players, self.bots) = (players, bots),
            Push::Games { games } => self.games = games,
            Push::Seeks { seeks } => {
                for new in seeks.iter().filter(|s| s.to.is_some() && s.to == me) {
                    if !self.seeks.iter().any(|old| old.seek == new.seek) {
                        lines.push(format!(
                            "{} challenges you: {}. Type seeks, then accept and its number.",
                            new.by,
                            terms_words(&new.terms)
                        ));
                    }
                }
                self.my_seek = self
                    .my_seek
                    .filter(|mine| seeks.iter().any(|s| s.seek == *mine));
                self.seeks = seeks;
            }
            Push::Started { state } => match LobbyGame::from_state(&state, me.as_deref()) {
                Ok(game) => {
                    lines.extend(game.opening_lines());
                    self.my_seek = None;
                    self.board = Some(game);
                }
                Err(why) => lines.push(format!("A game started that cannot be followed: {why}.")),
            },
            Push::TakenBack { state } if on_board(state.game) => {
                if let Ok(game) = LobbyGame::from_state(&state, me.as_deref()) {
                    lines.push("Moves were taken back.".to_string());
                    lines.extend(game.opening_lines());
                    self.board = Some(game);
                }
            }
            Push::Moved {
                game,
                ply,
                mv,
                clocks,
            } if on_board(game) => {
                if let Some(board) = &mut self.board {
                    lines.extend(board.moved(ply, &mv, clocks));
                }
            }
            Push::Ended {
                game,
                result,
                ratings,
            } if on_board(game) => {
                if let Some(board) = &mut self.board {
                    lines.extend(board.ended(result, &ratings));
                }
            }
            Push::Presence { name, here, .. } => lines.push(if here {
                format!("{name} is back.")
            } else {
                format!("{name} left; their clock runs on while they are away.")
            }),
            Push::Chat { from, text, .. } if Some(&from) != me.as_ref() => {
                lines.push(format!("{from} says: {text}"));
            }
            Push::Takeback { game, by } => {
                let _ = self.client.send(Ask::TakebackAnswer { game, yes: false });
                lines.push(format!(
                    "{by} asked to take back their last move; the screen-reader mode does not \
                     offer it, so the answer was no."
                ));
            }
            Push::Renamed { name } => {
                lines.push(format!("You are now called {name} on the lobby."));
                self.me = Some(name);
            }
            Push::Paired {
                name, round, game, ..
            } => lines.push(format!(
                "Your game {game} of round {round} of the tournament {name} is paired."
            )),
            Push::Refused { why, .. } => lines.push(format!("The lobby refused: {why}.")),
            // Counts, tournaments' pages, one's own chat: nothing to tell.
            _ => {}
        }
    }

    /// Sends `ask` and waits for its answer; a refusal or a lost
    /// connection told as a sentence.
    fn ask(&mut self, ask: Ask) -> Result<Answer, String> {
        self.client.request(ask, ANSWER_WAIT).map_err(|e| match e {
            OnlineError::Refused(why) => {
                format!("The lobby refused: {}.", why.trim_end_matches('.'))
            }
            e => format!("No answer from the lobby: {e}."),
        })
    }

    /// A lobby command (not `online`), carried out and told; the news it
    /// brought after.
    pub fn order(&mut self, order: LobbyOrder, size: BoardSize, rules: Rules) -> Vec<String> {
        let mut lines = match order {
            LobbyOrder::Connect => vec![format!(
                "You are connected to the lobby at {} already.",
                self.server
            )],
            LobbyOrder::Seeks => seek_lines(&self.seeks, self.me.as_deref()),
            LobbyOrder::Games => game_lines(&self.games),
            LobbyOrder::Players => vec![player_line(&self.players, &self.bots)],
            LobbyOrder::Seek(words) => self.offer(None, words.terms(size, rules)),
            LobbyOrder::Challenge(name, words) => self.offer(Some(name), words.terms(size, rules)),
            LobbyOrder::Accept(n) => self.accept(n),
            LobbyOrder::Cancel => self.cancel(),
            LobbyOrder::Watch(n) => self.watch(n),
            LobbyOrder::Chat(text) => self.chat(text),
        };
        lines.extend(self.news());
        lines
    }

    fn offer(&mut self, to: Option<String>, terms: crate::online::protocol::Terms) -> Vec<String> {
        if let Err(e) = terms.check() {
            return vec![format!("{}. Nothing was offered.", capital(&e.to_string()))];
        }
        if self.in_game() {
            return vec![IN_GAME.to_string()];
        }
        let ask = match &to {
            Some(name) => Ask::Challenge {
                name: name.clone(),
                terms,
            },
            None => Ask::Seek { terms },
        };
        match self.ask(ask) {
            Ok(Answer::Seeking { seek }) => {
                self.my_seek = Some(seek);
                let what = terms_words(&terms);
                vec![match to {
                    Some(name) => format!("You challenged {name}: {what}. Waiting for an answer."),
                    None => format!("You seek a game: {what}. Waiting for someone to accept."),
                }]
            }
            Ok(_) => vec![UNEXPECTED.to_string()],
            Err(why) => vec![why],
        }
    }

    fn accept(&mut self, n: usize) -> Vec<String> {
        let Some(seek) = self.seeks.get(n - 1).map(|s| s.seek) else {
            return vec![format!(
                "There is no seek number {n}: type seeks to hear the list."
            )];
        };
        if self.in_game() {
            return vec![IN_GAME.to_string()];
        }
        match self.ask(Ask::Accept { seek }) {
            // The game itself comes as a push, told with the news.
            Ok(Answer::Started { .. }) => vec!["Seek accepted.".to_string()],
            Ok(_) => vec![UNEXPECTED.to_string()],
            Err(why) => vec![why],
        }
    }

    fn cancel(&mut self) -> Vec<String> {
        let Some(seek) = self.my_seek else {
            return vec!["You have no open seek or challenge to cancel.".to_string()];
        };
        match self.ask(Ask::Cancel { seek }) {
            Ok(_) => {
                self.my_seek = None;
                vec!["Your seek is withdrawn.".to_string()]
            }
            Err(why) => vec![why],
        }
    }

    fn watch(&mut self, n: usize) -> Vec<String> {
        let Some(game) = self.games.get(n - 1).map(|g| g.game) else {
            return vec![format!(
                "There is no game number {n}: type games to hear the list."
            )];
        };
        if self.in_game() {
            return vec![IN_GAME.to_string()];
        }
        self.clear_board();
        match self.ask(Ask::Watch { game }) {
            Ok(Answer::Game { state }) => match LobbyGame::from_state(&state, self.me.as_deref()) {
                Ok(board) => {
                    let lines = board.opening_lines();
                    self.board = Some(board);
                    lines
                }
                Err(why) => vec![format!("That game cannot be followed: {why}.")],
            },
            Ok(_) => vec![UNEXPECTED.to_string()],
            Err(why) => vec![why],
        }
    }

    fn chat(&mut self, text: String) -> Vec<String> {
        let Some(game) = self
            .board
            .as_ref()
            .filter(|g| g.is_mine())
            .map(LobbyGame::id)
        else {
            return vec!["Chat is for your online game: there is none on the board.".to_string()];
        };
        match self.ask(Ask::Chat { game, text }) {
            Ok(_) => vec!["Said.".to_string()],
            Err(why) => vec![why],
        }
    }

    /// A typed move in the game on the board.
    pub fn play(&mut self, mv: Move) -> Vec<String> {
        let Some(board) = &self.board else {
            return Vec::new();
        };
        if let Some(why) = board.refusal(mv) {
            return vec![why];
        }
        let (game, ply) = (board.id(), board.ply());
        let mut lines = match self.ask(Ask::Move {
            game,
            ply,
            mv: mv.to_string(),
        }) {
            // The move itself comes back as a push, told with the news.
            Ok(_) => Vec::new(),
            Err(why) => vec![why],
        };
        lines.extend(self.news());
        lines
    }

    /// `resign` in one's own game.
    pub fn resign(&mut self) -> Vec<String> {
        let Some(game) = self
            .board
            .as_ref()
            .filter(|_| self.in_game())
            .map(LobbyGame::id)
        else {
            return vec!["There is no online game of yours going on to resign.".to_string()];
        };
        let mut lines = match self.ask(Ask::Resign { game }) {
            Ok(_) => Vec::new(),
            Err(why) => vec![why],
        };
        lines.extend(self.news());
        lines
    }
}

/// What an offer, an acceptance or a watch refuses during one's game.
const IN_GAME: &str = "Not during your online game: play it out or resign it first.";
const UNEXPECTED: &str = "The lobby answered something else than what was asked.";
