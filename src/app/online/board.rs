//! The online game on the board: the board's keys send moves and a
//! resignation to the server, which referees (a move shows once the server
//! has taken it); after every update the board shows the server's game;
//! the clocks are the server's readings counted down here; the side panel
//! says whom one plays, who watches, how it ended.

use std::time::{Duration, Instant};

use super::state::{Link, Online, OnlineGame};
use crate::app::action::Action;
use crate::app::game::clock::ClockFace;
use crate::app::game::session::Session;
use crate::app::message::{Message, Tone, connection_lost};
use crate::app::remote_game::Shown;
use crate::app::remote_game::board::Step;
use crate::app::remote_game::deed::{Deed, Deeds};
use crate::app::remote_game::{Readings, Transport};
use crate::app::screen::{Question, Screen};
use crate::app::state::App;
use crate::app::ui::text_input::TextInput;
use crate::core::{Color, Game, MoveReport, Player};
use crate::net::{CHAT_CHARS, Request};
use crate::online::protocol::{Ask, Pace};

impl Online {
    /// Whether an online game (played or watched) is on the board.
    pub(in crate::app) fn on_board(&self) -> bool {
        self.game.is_some() || self.resume.is_some()
    }

    /// Whether one's own online game, not over, is on the board.
    pub(in crate::app) fn playing(&self) -> bool {
        let online = self.game.as_ref();
        online.is_some_and(|g| g.me().is_some() && !g.is_over())
    }

    /// Whether the online game on the board is another's, watched.
    pub(in crate::app) fn watching(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.me().is_none())
    }

    /// The moves made while this copy was away, marked on the board as the
    /// last move is, while no move came after them (and no earlier
    /// position is browsed).
    pub(in crate::app) fn away_marks<'g>(
        &self,
        game: &'g Game,
        browsing: bool,
    ) -> &'g [MoveReport] {
        let away = self.game.as_ref().and_then(|g| g.away.clone());
        let history = game.history();
        match away {
            Some(away) if !browsing && history.len() == away.end => {
                history.get(away).unwrap_or_default()
            }
            _ => &[],
        }
    }

    /// The board's keys in an online game: the deeds, and whether the key
    /// was taken (false: it works as usual: the cursor, browsing, help);
    /// `online_key` names the board's key to the Online screen.
    pub(in crate::app) fn board_key(
        &mut self,
        action: Action,
        shown: &Shown<'_>,
        online_key: &str,
    ) -> (Deeds, bool) {
        let mut deeds = Deeds::default();
        let Some(online) = &self.game else {
            return self.board_waiting(action, online_key);
        };
        let (watching, over) = (online.me().is_none(), online.is_over());
        let step = match action {
            // Leaving a finished or watched game: back to a game here.
            Action::NewGame if watching || over => {
                self.leave(&mut deeds);
                return (deeds, false);
            }
            Action::OpenChat if watching => {
                Step::Refused("Watchers do not chat: only the two players of a game talk.".into())
            }
            Action::OpenChat if over => {
                Step::Refused("The game is over: its chat has closed.".into())
            }
            Action::Undo if watching || over => Step::Refused(KEPT.into()),
            Action::Redo | Action::NewGame => Step::Refused(KEPT.into()),
            Action::OpenRecords | Action::OpenTraining if !watching && !over => {
                Step::Refused("Not during an online game.".into())
            }
            _ => online.remote.board_key(action, shown, self),
        };
        let game = online.id();
        let ply = u16::try_from(online.state.moves.len()).unwrap_or(u16::MAX);
        match step {
            Step::Usual => return (deeds, false),
            Step::Refused(why) => deeds.say(Tone::Warning, why),
            Step::Move(mv) => {
                let mv_text = mv.to_string();
                if self.send(
                    Ask::Move {
                        game,
                        ply,
                        mv: mv_text,
                    },
                    &mut deeds,
                ) {
                    deeds.say(Tone::Info, format!("Sent {mv}."));
                }
            }
            Step::Resign => deeds.push(Deed::Open(Screen::Confirm(Question::Resign))),
            Step::Chat => deeds.push(Deed::Open(Screen::Chat(TextInput::new("", CHAT_CHARS)))),
            Step::Ask(Request::Undo) => {
                let peer = self.peer();
                if self.send(Ask::Takeback { game }, &mut deeds) {
                    let text = format!("Asked {peer} to take back your last move.");
                    deeds.say(Tone::Info, text);
                }
            }
            Step::Ask(Request::Rematch) => {}
        }
        (deeds, true)
    }

    /// The board's keys while the autosave's online game waits for the
    /// server: no move is made here; a new game gives it up on this screen.
    fn board_waiting(&mut self, action: Action, online_key: &str) -> (Deeds, bool) {
        match action {
            Action::Place | Action::Click { .. } | Action::Swap | Action::Undo | Action::Redo => {
                let text = format!(
                    "This online game goes on once connected to its server ({online_key}: the Online screen)."
                );
                (Deeds::from(Deed::Say(Tone::Warning, text)), true)
            }
            Action::NewGame => {
                self.resume = None;
                (Deeds::default(), false)
            }
            _ => (Deeds::default(), false),
        }
    }

    /// Yes to the question: the server is asked to end the game.
    pub(in crate::app) fn resign(&mut self) -> Deeds {
        let mut deeds = Deeds::default();
        if let Some(game) = self.game.as_ref().map(OnlineGame::id) {
            self.send(Ask::Resign { game }, &mut deeds);
        }
        deeds
    }

    /// Back to a game of one's own on the board (a watched game unwatched).
    pub(super) fn leave(&mut self, deeds: &mut Deeds) {
        if let Some(online) = self.game.take()
            && online.me().is_none()
            && !online.is_over()
        {
            let game = online.id();
            self.send(Ask::Unwatch { game }, deeds);
        }
        deeds.push(Deed::NoClock);
    }

    /// After every update: the board shows the server's game.
    pub(in crate::app) fn sync(&mut self, session: &Session) -> Deeds {
        let mut deeds = Deeds::default();
        let Some(online) = &mut self.game else {
            return deeds;
        };
        // The kept game (no replay from the text on every update), shown
        // on the board only when it differs.
        let Some(game) = online.game() else {
            return deeds;
        };
        let names = online.state.names.clone();
        let control = online.state.terms.pace.time_control();
        let flag = online.lost_on_time().then(|| game.player_to_move());
        if *game != *session.game() || &names != session.names() {
            let game = game.into_owned();
            let fresh = session.game().size() != game.size()
                || !game.history().starts_with(session.game().history());
            deeds.push(Deed::Show { game, names, fresh });
        }
        deeds.push(Deed::FollowClocks { control, flag });
        if let Some(news) = online.away_news.take() {
            deeds.tell(Tone::Info, news);
        }
        deeds
    }

    /// The server's clocks, the one running counted down since they came.
    pub(in crate::app) fn clock_faces(&self, game: &Game, now: Instant) -> Option<[ClockFace; 2]> {
        let online = self.game.as_ref()?;
        let Pace::Clock { .. } = online.state.terms.pace else {
            return None;
        };
        let to_move = game.player_to_move();
        let counting = !online.is_over() && !game.is_over();
        // A flag fallen reads nothing left, whatever was last heard.
        let fallen = online.lost_on_time().then_some(to_move);
        let left = [Player::One, Player::Two].map(|player| {
            let ms = online.clock_ms(game.color_of(player));
            Duration::from_millis(if fallen == Some(player) { 0 } else { ms })
        });
        let readings = Readings {
            left,
            running: counting.then_some(to_move),
            flag: fallen,
        };
        Some(online.remote.clock_faces(game, readings, now))
    }

    /// What the side panel says about the online game.
    pub(in crate::app) fn notes(&self, game: &Game, now: Instant) -> Vec<Message> {
        let Some(online) = &self.game else {
            if let Some(game) = self.resume {
                let text = format!("Online game #{game}: it goes on once connected.");
                return vec![Message::new(Tone::Info, text)];
            }
            return match &self.link {
                Link::Lost { why, .. } => vec![Message::new(Tone::Warning, connection_lost(why))],
                _ => Vec::new(),
            };
        };
        let state = &online.state;
        let terms = &state.terms;
        let kind = if terms.rated { "rated" } else { "casual" };
        let mut notes = Vec::new();
        let head = match online.me() {
            Some(me) => format!(
                "Online game #{} against {} ({kind}, {}).",
                state.game,
                state.names[1 - me.index()],
                terms.pace
            ),
            None => format!(
                "Watching {} – {} (#{}, {kind}, {}).",
                state.names[0], state.names[1], state.game, terms.pace
            ),
        };
        notes.push(Message::new(Tone::Info, head));
        if let Link::Lost { why, .. } = &self.link {
            notes.push(Message::new(Tone::Warning, connection_lost(why)));
        }
        if let (Pace::Days(_), None) = (terms.pace, &state.result) {
            let to_move = game.player_to_move();
            let ms = online.clock_ms(game.color_of(to_move));
            notes.push(Message::new(
                Tone::Info,
                format!(
                    "{} to move: {} left.",
                    state.names[to_move.index()],
                    time_left(ms)
                ),
            ));
        }
        if state.watchers > 0 && state.result.is_none() {
            let text = match state.watchers {
                1 => "1 watches.".to_string(),
                n => format!("{n} watch."),
            };
            notes.push(Message::new(Tone::Info, text));
        }
        // How it ended and the key to leave it: the panel says, as of any
        // game; the rating changes are the server's.
        for change in &online.ratings {
            notes.push(Message::new(Tone::Info, change.clone()));
        }
        notes.extend(self.talk_notes(game, now));
        notes
    }
}

impl OnlineGame {
    /// The time on `color`'s clock as the server last said.
    pub(super) const fn clock_ms(&self, color: Color) -> u64 {
        match color {
            Color::Black => self.state.clocks.black_ms,
            Color::White => self.state.clocks.white_ms,
        }
    }
}

/// What the keys that would change a game the server keeps are told.
const KEPT: &str = "Not in an online game: the server keeps it (g resigns).";

impl App {
    /// The online part: the connection, the lists, the online game (for
    /// tests and the view).
    pub fn online(&self) -> &Online {
        &self.online
    }
}

/// A correspondence move's time left: "2 days 3 h", "1 day 0 h", "5 h 12 min".
pub(super) fn time_left(ms: u64) -> String {
    let minutes = ms / 60_000;
    let (days, hours) = (minutes / (24 * 60), minutes / 60 % 24);
    match days {
        0 => format!("{hours} h {} min", minutes % 60),
        1 => format!("1 day {hours} h"),
        n => format!("{n} days {hours} h"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_correspondence_move_s_time_is_said_in_days_hours_and_minutes() {
        let hour = 3_600_000;
        assert_eq!(super::time_left(3 * 24 * hour + 2 * hour), "3 days 2 h");
        assert_eq!(super::time_left(24 * hour), "1 day 0 h");
        assert_eq!(super::time_left(5 * hour + 12 * 60_000 + 999), "5 h 12 min");
        assert_eq!(super::time_left(0), "0 h 0 min");
    }
}
