//! The two players of an online game talk and take moves back, as in a
//! friend's game: `c` says a line (the server cleans it, keeps it and
//! tells both players; watchers do not chat), `u` asks the other player to
//! take back one's last move (and their answer, if made), which they
//! accept or decline in a question; the server undoes the moves and the
//! clocks. The panel shows the last lines, a request waiting, and an
//! opponent who left with the time they have to come back.

use std::time::Instant;

use super::state::Online;
use crate::app::message::{Message, Tone};
use crate::app::remote_game::Transport;
use crate::app::remote_game::deed::{Closes, Deed, Deeds};
use crate::app::screen::{Question, Screen};
use crate::core::Game;
use crate::net::Request;
use crate::online::protocol::{Ask, GameState, Pace, Push};

impl Online {
    /// A chat line typed in an online game, sent; shown when the server
    /// tells it back.
    pub(in crate::app) fn chat(&mut self, text: &str) -> Deeds {
        let mut deeds = Deeds::default();
        let Some(game) = self.game.as_ref().map(|g| g.id()) else {
            return deeds;
        };
        if text.trim().is_empty() {
            return deeds;
        }
        if !self.is_up() {
            deeds.say(Tone::Warning, "Not connected: the line was not sent.");
            return deeds;
        }
        let text = text.to_string();
        self.send(Ask::Chat { game, text }, &mut deeds);
        deeds
    }

    /// The answer to the other player's take-back request.
    pub(in crate::app) fn answer(&mut self, yes: bool) -> Deeds {
        let mut deeds = Deeds::from(Deed::Open(Screen::Board));
        let Some(online) = self.game.as_mut() else {
            return deeds;
        };
        if online.remote.answered().is_none() {
            return deeds;
        }
        let game = online.id();
        self.send(Ask::TakebackAnswer { game, yes }, &mut deeds);
        deeds
    }

    /// The pushes of talk: chat, take-backs, an opponent who left.
    pub(super) fn on_talk(&mut self, push: Push, now: Instant, deeds: &mut Deeds) {
        let me = self.me.clone();
        let peer = self.peer();
        match push {
            Push::Chat { game, from, text } => {
                if let Some(online) = self.game.as_mut().filter(|g| g.id() == game) {
                    let who = if me.as_deref() == Some(&from) {
                        "You".to_string()
                    } else {
                        from
                    };
                    online.remote.add_line(Tone::Info, format!("{who}: {text}"));
                }
            }
            Push::Takeback { game, by } => {
                if let Some(online) = self.game.as_mut().filter(|g| g.id() == game) {
                    online.remote.forget_requests();
                    if me.as_deref() == Some(&by) {
                        online.remote.ask(Request::Undo);
                    } else {
                        online.remote.take_ask(Request::Undo);
                    }
                }
            }
            Push::TakebackDeclined { game, by } => {
                let Some(online) = self.game.as_mut().filter(|g| g.id() == game) else {
                    return;
                };
                online.remote.forget_requests();
                deeds.push(Deed::Close(Closes::TakebackQuestion));
                if me.as_deref() == Some(&by) {
                    deeds.say(Tone::Info, format!("{peer} declined the take-back."));
                }
            }
            Push::TakenBack { state } => self.taken_back(state, now, deeds),
            Push::Presence { game, name, here } => {
                if here {
                    self.gone.remove(&game);
                } else {
                    self.gone.insert(game);
                }
                if self.game.as_ref().is_some_and(|g| g.id() == game) {
                    let text = if here {
                        format!("{name} is back.")
                    } else {
                        format!("{name} left the game: their clock runs on.")
                    };
                    deeds.say(Tone::Info, text);
                }
            }
            _ => {}
        }
    }

    fn taken_back(&mut self, state: GameState, now: Instant, deeds: &mut Deeds) {
        let Some(online) = self.game.as_mut().filter(|g| g.id() == state.game) else {
            return;
        };
        let undone = online.state.moves.len().saturating_sub(state.moves.len());
        online.state = state;
        online.remote.heard(now);
        online.away = None;
        online.remote.forget_requests();
        deeds.push(Deed::Close(Closes::TakebackQuestion));
        // The board follows here, not as a new game (which would put the
        // game away as a record).
        online.replay_kept();
        if let Some(game) = online.kept.clone() {
            let names = online.state.names.clone();
            deeds.push(Deed::Show {
                game,
                names,
                fresh: false,
            });
        }
        let moves = if undone == 1 { "move" } else { "moves" };
        deeds.say(
            Tone::Info,
            format!("Took back {undone} {moves}: both agreed."),
        );
    }

    /// After the pushes: the other's request asked in a question once the
    /// board is free.
    pub(super) fn takeback_question(&self) -> Option<Deed> {
        let asked = self.game.as_ref().and_then(|g| g.remote.asked());
        asked.map(|_| Deed::OpenIfFree(Screen::Confirm(Question::Takeback)))
    }

    /// What the panel says of the talk: the other gone, a request
    /// waiting, the last lines.
    pub(super) fn talk_notes(&self, game: &Game, now: Instant) -> Vec<Message> {
        let Some(online) = &self.game else {
            return Vec::new();
        };
        let mut notes = Vec::new();
        let Some(me) = online.me().filter(|_| !online.is_over()) else {
            return notes;
        };
        let other = me.other();
        let name = &online.state.names[other.index()];
        if self.gone.contains(&online.id()) {
            let text = if game.player_to_move() == other {
                let since = online.remote.since_heard(now);
                let ms = online.clock_ms(game.color_of(other));
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
        notes.extend(online.remote.notes(self));
        notes
    }

    /// The question's text: what the other player asks.
    pub(in crate::app) fn question(&self) -> String {
        let name = self.opponent().unwrap_or_else(|| "Your opponent".into());
        format!("{name} asks to take back their last move. Agree?")
    }
}
