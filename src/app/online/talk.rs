//! The two players of an online game talk and take moves back, as in a
//! friend's game: `c` says a line (the server cleans it, keeps it and
//! tells both players; watchers do not chat), `u` asks the other player to
//! take back one's last move (and their answer, if made), which they
//! accept or decline in a question; the server undoes the moves and the
//! clocks. The panel shows the last lines, a request waiting, and an
//! opponent who left with the time they have to come back.

use crate::app::message::{Message, Tone};
use crate::app::screen::{Question, Screen};
use crate::app::state::App;
use crate::app::ui::text_input::TextInput;
use crate::core::Color;
use crate::net::CHAT_CHARS;
use crate::online::protocol::{Ask, GameState, Pace, Push};

use super::talk_lines::Asker;

impl App {
    /// `c` in an online game: the chat line, for its players.
    pub(in crate::app) fn online_open_chat(&mut self) {
        let Some(online) = &self.online.game else {
            return;
        };
        if online.me.is_none() {
            let text = "Watchers do not chat: only the two players of a game talk.";
            return self.say(Tone::Warning, text);
        }
        if online.is_over() {
            return self.say(Tone::Warning, "The game is over: its chat has closed.");
        }
        self.screen = Screen::Chat(TextInput::new("", CHAT_CHARS));
    }

    /// A chat line typed in an online game, sent; shown when the server
    /// tells it back.
    pub(in crate::app) fn online_chat(&mut self, text: &str) {
        let Some(game) = self.online.game.as_ref().map(|g| g.id()) else {
            return;
        };
        if text.trim().is_empty() {
            return;
        }
        if !self.online.is_up() {
            return self.say(Tone::Warning, "Not connected: the line was not sent.");
        }
        self.online_send(Ask::Chat {
            game,
            text: text.to_string(),
        });
    }

    /// `u` in one's own online game: the other player is asked.
    pub(in crate::app) fn online_ask_takeback(&mut self) {
        let peer = self.peer_name();
        let Some(online) = &self.online.game else {
            return;
        };
        if online.me.is_none() {
            return self.say(Tone::Warning, "You are watching this game.");
        }
        if online.is_over() {
            return self.say(Tone::Warning, "The game is over: nothing to take back.");
        }
        if online.talk.takeback.is_some() {
            return self.say(Tone::Warning, "A take-back request waits for its answer.");
        }
        if !self.online.is_up() {
            return self.say(Tone::Warning, "Not connected: ask once connected again.");
        }
        let game = online.id();
        if self.online_send(Ask::Takeback { game }) {
            self.say(
                Tone::Info,
                format!("Asked {peer} to take back your last move."),
            );
        }
    }

    /// The answer to the other player's take-back request.
    pub(in crate::app) fn answer_takeback(&mut self, yes: bool) {
        self.screen = Screen::Board;
        let Some(online) = self.online.game.as_mut() else {
            return;
        };
        if !online.talk.asked() {
            return;
        }
        online.talk.takeback = None;
        let game = online.id();
        self.online_send(Ask::TakebackAnswer { game, yes });
    }

    /// After the pushes: the other's request asked in a question once the
    /// board is free.
    pub(in crate::app) fn ask_takeback_question(&mut self) {
        let asked = self.online.game.as_ref().is_some_and(|g| g.talk.asked());
        if asked && self.screen == Screen::Board {
            self.screen = Screen::Confirm(Question::Takeback);
        }
    }

    /// The pushes of talk: chat, take-backs, an opponent who left.
    pub(in crate::app) fn on_talk(&mut self, push: Push) {
        let me = self.online.me.clone();
        match push {
            Push::Chat { game, from, text } => {
                if let Some(online) = self.online.game.as_mut().filter(|g| g.id() == game) {
                    let who = if me.as_deref() == Some(&from) {
                        "You".to_string()
                    } else {
                        from
                    };
                    online.talk.add_line(format!("{who}: {text}"));
                }
            }
            Push::Takeback { game, by } => {
                if let Some(online) = self.online.game.as_mut().filter(|g| g.id() == game) {
                    let mine = me.as_deref() == Some(&by);
                    online.talk.takeback = Some(if mine { Asker::Me } else { Asker::Them });
                }
            }
            Push::TakebackDeclined { game, by } => {
                let Some(online) = self.online.game.as_mut().filter(|g| g.id() == game) else {
                    return;
                };
                online.talk.takeback = None;
                if self.screen == Screen::Confirm(Question::Takeback) {
                    self.screen = Screen::Board;
                }
                if me.as_deref() == Some(&by) {
                    let peer = self.peer_name();
                    self.say(Tone::Info, format!("{peer} declined the take-back."));
                }
            }
            Push::TakenBack { state } => self.taken_back(state),
            Push::Presence { game, name, here } => {
                if here {
                    self.online.gone.remove(&game);
                } else {
                    self.online.gone.insert(game);
                }
                if self.online.game.as_ref().is_some_and(|g| g.id() == game) {
                    let text = if here {
                        format!("{name} is back.")
                    } else {
                        format!("{name} left the game: their clock runs on.")
                    };
                    self.say(Tone::Info, text);
                }
            }
            _ => {}
        }
    }

    fn taken_back(&mut self, state: GameState) {
        let now = self.session.now();
        let Some(online) = self.online.game.as_mut().filter(|g| g.id() == state.game) else {
            return;
        };
        let undone = online.state.moves.len().saturating_sub(state.moves.len());
        online.state = state;
        online.heard_at = now;
        online.away = None;
        online.talk.takeback = None;
        if self.screen == Screen::Confirm(Question::Takeback) {
            self.screen = Screen::Board;
        }
        // The board follows here, not as a new game (which would put the
        // game away as a record).
        online.replay_kept();
        if let Some(game) = online.kept.clone() {
            let names = online.state.names.clone();
            self.replace_game(game, names);
        }
        let moves = if undone == 1 { "move" } else { "moves" };
        self.say(
            Tone::Info,
            format!("Took back {undone} {moves}: both agreed."),
        );
    }

    /// What the panel says of the talk: the other gone, a request
    /// waiting, the last lines.
    pub(in crate::app) fn talk_notes(&self) -> Vec<Message> {
        let Some(online) = &self.online.game else {
            return Vec::new();
        };
        let mut notes = Vec::new();
        let Some(me) = online.me.filter(|_| !online.is_over()) else {
            return notes;
        };
        let other = me.other();
        let name = &online.state.names[other.index()];
        if self.online.gone.contains(&online.id()) {
            let game = self.game();
            let text = if game.player_to_move() == other {
                let clocks = online.state.clocks;
                let since = self
                    .session
                    .now()
                    .saturating_duration_since(online.heard_at);
                let ms = if game.color_of(other) == Color::Black {
                    clocks.black_ms
                } else {
                    clocks.white_ms
                };
                let left = match online.state.terms.pace {
                    Pace::Clock { .. } => {
                        let ms = ms.saturating_sub(u64::try_from(since.as_millis()).unwrap_or(0));
                        let secs = ms / 1000;
                        format!("{}:{:02}", secs / 60, secs % 60)
                    }
                    Pace::Days(_) => super::board::time_left(ms),
                };
                format!("{name} left: they have {left} on their clock to come back.")
            } else {
                format!("{name} left: their clock runs on their turn.")
            };
            notes.push(Message::new(Tone::Warning, text));
        }
        if online.talk.takeback == Some(Asker::Me) {
            notes.push(Message::new(
                Tone::Info,
                format!("Asked {name} to take back your last move; waiting for the answer."),
            ));
        }
        notes.extend(
            online
                .talk
                .lines()
                .map(|line| Message::new(Tone::Info, line.clone())),
        );
        notes
    }

    /// The question's text: what the other player asks.
    pub(in crate::app) fn takeback_question(&self) -> String {
        let name = self
            .online_opponent()
            .unwrap_or_else(|| "Your opponent".into());
        format!("{name} asks to take back their last move. Agree?")
    }
}
