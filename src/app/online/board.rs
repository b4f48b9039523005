//! The online game on the board, for `App`: the board's keys send moves
//! and a resignation to the server, which referees (a move shows once the
//! server has taken it); after every update the board shows the server's
//! game; the clocks are the server's readings counted down here; the side
//! panel says whom one plays, who watches, how it ended.

use std::time::Duration;

use super::state::{Link, OnlineGame};
use crate::app::action::{Action, HistoryStep};
use crate::app::config::engine::Mode;
use crate::app::game::clock_reading::ClockFace;
use crate::app::message::{Message, Tone, connection_lost};
use crate::app::screen::{Question, Screen};
use crate::app::state::App;
use crate::core::{Color, Move, MoveReport, Player};
use crate::online::protocol::{Ask, Pace};

impl App {
    /// Whether an online game (played or watched) is on the board.
    pub(in crate::app) fn online_on_board(&self) -> bool {
        self.online.game.is_some() || self.online.resume.is_some()
    }

    /// The moves made while this copy was away, marked on the board as the
    /// last move is, while no move came after them.
    pub(in crate::app) fn online_away_marks(&self) -> &[MoveReport] {
        let away = self.online.game.as_ref().and_then(|g| g.away.clone());
        let history = self.game().history();
        match away {
            Some(away) if self.viewing().is_none() && history.len() == away.end => {
                history.get(away).unwrap_or_default()
            }
            _ => &[],
        }
    }

    /// The player this copy moves for in the online game.
    pub(in crate::app) fn online_me(&self) -> Option<Player> {
        self.online.game.as_ref().and_then(|g| g.me)
    }

    /// The other player's name in one's own online game.
    pub(in crate::app) fn online_opponent(&self) -> Option<String> {
        let online = self.online.game.as_ref()?;
        let me = online.me?;
        Some(online.state.names[me.other().index()].clone())
    }

    /// Whether the other player of one's own online game is to move.
    pub(in crate::app) fn online_other_to_move(&self) -> bool {
        let to_move = self.game().player_to_move();
        self.online_me().is_some_and(|me| me != to_move)
    }

    /// Whether one's own online game, not over, is on the board.
    pub(in crate::app) fn online_playing(&self) -> bool {
        let online = self.online.game.as_ref();
        online.is_some_and(|g| g.me.is_some() && !g.is_over())
    }

    /// Whether the online game on the board is another's, watched.
    pub(in crate::app) fn online_watching(&self) -> bool {
        self.online.game.as_ref().is_some_and(|g| g.me.is_none())
    }

    /// The board's keys in an online game; false for what works as usual
    /// (the cursor, browsing the moves, help).
    pub(in crate::app) fn online_board(&mut self, action: Action) -> bool {
        let Some(online) = &self.online.game else {
            return self.online_board_waiting(action);
        };
        let (watching, over) = (online.me.is_none(), online.is_over());
        match action {
            Action::Place => self.online_move(Move::Place(self.cursor())),
            Action::Click { column, row } => {
                let Some(sq) = self.board.square_at(column, row, self.game().size()) else {
                    return false;
                };
                self.board.set_cursor(sq);
                self.online_move(Move::Place(sq));
            }
            Action::Swap => self.online_move(Move::Swap),
            Action::Resign if watching || over => {
                self.say(Tone::Warning, "There is no game of yours to resign.");
            }
            Action::Resign => self.screen = Screen::Confirm(Question::Resign),
            // Leaving a finished or watched game: back to a game here.
            Action::NewGame if watching || over => {
                self.leave_online_game();
                return false;
            }
            Action::OpenChat => self.online_open_chat(),
            Action::Undo if !watching && !over => self.online_ask_takeback(),
            Action::Undo | Action::Redo | Action::NewGame => {
                let text = "Not in an online game: the server keeps it (g resigns).";
                self.say(Tone::Warning, text);
            }
            Action::OpenRecords | Action::OpenTraining if !watching && !over => {
                self.say(Tone::Warning, "Not during an online game.");
            }
            _ => return false,
        }
        true
    }

    /// The board's keys while the autosave's online game waits for the
    /// server: no move is made here; a new game gives it up on this screen.
    fn online_board_waiting(&mut self, action: Action) -> bool {
        match action {
            Action::Place | Action::Click { .. } | Action::Swap | Action::Undo | Action::Redo => {
                let online = self.key(Action::OpenOnline);
                let text = format!(
                    "This online game goes on once connected to its server ({online}: the Online screen)."
                );
                self.say(Tone::Warning, text);
                true
            }
            Action::NewGame => {
                self.online.resume = None;
                false
            }
            _ => false,
        }
    }

    fn online_move(&mut self, mv: Move) {
        let Some(online) = &self.online.game else {
            return;
        };
        if online.me.is_none() {
            return self.say(Tone::Warning, "You are watching this game.");
        }
        if let Some(result) = &online.state.result {
            let new = self.key(Action::NewGame);
            return self.say(
                Tone::Warning,
                format!("The game is over: {result}. {new} leaves it."),
            );
        }
        if self.viewing().is_some() {
            let latest = self.key(Action::History(HistoryStep::Latest));
            return self.say(
                Tone::Warning,
                format!("{latest} goes back to the game first."),
            );
        }
        if online.me != Some(self.game().player_to_move()) {
            return self.say(Tone::Warning, "It is your opponent's turn.");
        }
        if !self.online.is_up() {
            return self.say(Tone::Warning, "Not connected: play once connected again.");
        }
        if let Err(e) = self.game().position().preview(mv) {
            return self.say(Tone::Warning, format!("Not possible: {e}."));
        }
        let (game, ply) = (
            online.id(),
            u16::try_from(online.state.moves.len()).unwrap_or(u16::MAX),
        );
        let ask = Ask::Move {
            game,
            ply,
            mv: mv.to_string(),
        };
        if self.online_send(ask) {
            self.say(Tone::Info, format!("Sent {mv}."));
        }
    }

    /// Yes to the question: the server is asked to end the game.
    pub(in crate::app) fn online_resign(&mut self) {
        if let Some(game) = self.online.game.as_ref().map(OnlineGame::id) {
            self.online_send(Ask::Resign { game });
        }
    }

    /// Back to a game of one's own on the board (a watched game unwatched).
    pub(in crate::app) fn leave_online_game(&mut self) {
        if let Some(online) = self.online.game.take()
            && online.me.is_none()
            && !online.is_over()
        {
            let game = online.id();
            self.online_send(Ask::Unwatch { game });
        }
        self.session.start_clock(None);
    }

    /// After every update: the board shows the server's game, and nobody
    /// else plays in it.
    pub(in crate::app) fn sync_online(&mut self) {
        let Some(online) = &self.online.game else {
            return;
        };
        // The kept game (no replay from the text on every update), copied
        // onto the board only when it differs.
        let Some(game) = online.game() else { return };
        let names = &online.state.names;
        let changed = *game != *self.session.game() || names != self.session.names();
        let game = changed.then(|| (game.into_owned(), names.clone()));
        let control = online.state.terms.pace.time_control();
        let lost_on_time = online.lost_on_time();
        let news = online.away_news.clone();
        if self.computer.mode() != Mode::HumanVsHuman {
            self.computer.set_mode(Mode::HumanVsHuman);
        }
        if let Some((game, names)) = game {
            let fresh = self.session.game().size() != game.size()
                || !game.history().starts_with(self.session.game().history());
            self.replace_game(game, names);
            if fresh {
                self.board.centre_cursor(self.game().size());
                // A new game on the board, as `n` makes one: the game the
                // autosave held is put away (kept as a record if a person
                // played in it) before this one takes its place.
                self.files.new_game(&self.session);
            }
        }
        let flag = lost_on_time.then(|| self.session.game().player_to_move());
        self.session.follow_clocks(control, flag);
        if let Some(news) = news {
            self.tell(Tone::Info, news);
            if let Some(online) = &mut self.online.game {
                online.away_news = None;
            }
        }
    }

    /// The server's clocks, the one running counted down since they came.
    pub(in crate::app) fn online_clock_faces(&self) -> Option<[ClockFace; 2]> {
        let online = self.online.game.as_ref()?;
        let Pace::Clock { .. } = online.state.terms.pace else {
            return None;
        };
        let clocks = online.state.clocks;
        let game = self.game();
        let counting = !online.is_over() && !game.is_over();
        let since = self
            .session
            .now()
            .saturating_duration_since(online.heard_at);
        let to_move = game.player_to_move();
        Some(Color::ALL.map(|color| {
            let player = game.holder(color);
            let ms = if color == Color::Black {
                clocks.black_ms
            } else {
                clocks.white_ms
            };
            let running = counting && player == to_move;
            let fallen = online.lost_on_time() && player == to_move;
            // A flag fallen reads nothing left, whatever was last heard.
            let left = Duration::from_millis(if fallen { 0 } else { ms });
            ClockFace::followed(color, player, left, since, running, fallen)
        }))
    }

    /// What the side panel says about the online game.
    pub(in crate::app) fn online_notes(&self) -> Vec<Message> {
        let Some(online) = &self.online.game else {
            if let Some(game) = self.online.resume {
                let text = format!("Online game #{game}: it goes on once connected.");
                return vec![Message::new(Tone::Info, text)];
            }
            return match &self.online.link {
                Link::Lost { why, .. } => vec![Message::new(Tone::Warning, connection_lost(why))],
                _ => Vec::new(),
            };
        };
        let state = &online.state;
        let terms = &state.terms;
        let kind = if terms.rated { "rated" } else { "casual" };
        let mut notes = Vec::new();
        let head = match online.me {
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
        if let Link::Lost { why, .. } = &self.online.link {
            notes.push(Message::new(Tone::Warning, connection_lost(why)));
        }
        if let (Pace::Days(_), None) = (terms.pace, &state.result) {
            let to_move = self.game().player_to_move();
            let ms = if self.game().color_of(to_move) == Color::Black {
                state.clocks.black_ms
            } else {
                state.clocks.white_ms
            };
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
        notes.extend(self.talk_notes());
        notes
    }
}

impl App {
    /// The online part: the connection, the lists, the online game (for
    /// tests and the view).
    pub fn online(&self) -> &super::state::Online {
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
