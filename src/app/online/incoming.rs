//! What the lobby server sends, for `App`: the answers to the requests
//! sent (by what each asked), and the pushes: the lists, a game
//! of one's own that started, moves, ends and watchers of the game on the
//! board.

use std::time::Duration;

use super::state::{INCOMING_PER_TICK, OnlineGame, rating_change};
use crate::app::message::Tone;
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::core::Player;
use crate::online::Incoming;
use crate::online::protocol::{Answer, Ask, Clocks, GameState, Push};

impl App {
    pub(super) fn take_incoming(&mut self) {
        for _ in 0..INCOMING_PER_TICK {
            let Some(item) = self.online.client().and_then(|c| c.next(Duration::ZERO)) else {
                return;
            };
            match item {
                Incoming::Reply(reply) => {
                    let pending = self.online.pending.remove(&reply.id);
                    match (pending, reply.answer) {
                        (Some(asked), Ok(answer)) => self.on_answer(asked, answer),
                        (Some(asked), Err(why)) => self.on_refusal(&asked, &why),
                        (None, _) => {}
                    }
                }
                Incoming::Push(push) => self.on_push(push),
                Incoming::Closed(why) => return self.connection_lost(why),
            }
        }
    }

    fn on_refusal(&mut self, asked: &Ask, why: &str) {
        let what = match asked {
            Ask::Seek { .. } | Ask::Challenge { .. } => "The seek was refused",
            Ask::Accept { .. } => "Not accepted",
            Ask::Move { .. } => "The move was refused",
            Ask::Record { .. } => "Not downloaded",
            _ => "The server refused",
        };
        if let Ask::Watch { game } = asked
            && self.online.resume == Some(*game)
        {
            self.online.resume = None;
            let text = format!("The online game #{game} cannot go on here: {why}.");
            return self.say(Tone::Warning, text);
        }
        let text = format!("{what}: {why}.");
        if let (Ask::Seek { .. } | Ask::Challenge { .. }, Screen::Online(page)) =
            (asked, &mut self.screen)
            && let Some(super::page::PageForm::Seek(form)) = &mut page.form
        {
            form.error = Some(text);
            return;
        }
        self.say(Tone::Warning, text);
    }

    fn on_answer(&mut self, asked: Ask, answer: Answer) {
        match (asked, answer) {
            (asked @ (Ask::Seek { .. } | Ask::Challenge { .. }), Answer::Seeking { .. }) => {
                if let Screen::Online(page) = &mut self.screen {
                    page.form = None;
                    page.tab = super::page::Tab::Seeks;
                }
                let text = match asked {
                    Ask::Challenge { name, .. } => {
                        format!("Challenge sent: the game starts when {name} accepts.")
                    }
                    _ => "Seeking: the game starts when someone accepts.".to_string(),
                };
                self.say(Tone::Success, text);
            }
            (Ask::Cancel { .. }, Answer::Done) => self.say(Tone::Info, "Seek withdrawn."),
            (Ask::Watch { game }, Answer::Game { state }) if state.game == game => {
                self.show_online_game(state);
            }
            (Ask::MyGames, Answer::Games { games }) => self.online.mine = games,
            (Ask::Leaderboard { .. }, Answer::Leaderboard { players }) => {
                self.online.leaderboard = players;
            }
            // Answers for a player no longer shown are dropped.
            (Ask::Ratings { name }, Answer::Ratings { ratings, history })
                if self.online.archive_of.as_deref() == Some(&name) =>
            {
                (self.online.ratings, self.online.history) = (ratings, history);
            }
            (Ask::Archive { name }, Answer::Archive { games })
                if self.online.archive_of.as_deref() == Some(&name) =>
            {
                self.online.archive = games;
            }
            (Ask::Record { game }, Answer::Record { text }) => self.save_download(game, &text),
            // Accept: the game comes as a push; moves: as `moved`.
            _ => {}
        }
    }

    fn on_push(&mut self, push: Push) {
        match push {
            Push::Players { players } => self.online.players = players,
            Push::Seeks { seeks } => {
                self.online.seeks = seeks;
            }
            Push::Games { games } => {
                let me = self.online.me.clone();
                self.online.games = games;
                // One's own games too, as they start and end.
                if let Some(me) = me {
                    let mine = self
                        .online
                        .games
                        .iter()
                        .filter(|g| g.black == me || g.white == me)
                        .cloned();
                    for game in mine {
                        if !self.online.mine.iter().any(|m| m.game == game.game) {
                            self.online.mine.push(game);
                        }
                    }
                }
            }
            Push::Started { state } => {
                let against = self.opponent_in(&state);
                self.show_online_game(state);
                self.say(Tone::Success, format!("The game against {against} starts."));
            }
            Push::Moved {
                game,
                ply,
                mv,
                clocks,
            } => self.on_moved(game, ply, mv, clocks),
            Push::Ended {
                game,
                result,
                ratings,
            } => {
                self.online.mine.retain(|g| g.game != game);
                let now = self.session.now();
                let Some(online) = self.online.game.as_mut().filter(|g| g.id() == game) else {
                    return;
                };
                online.state.result = Some(result.clone());
                online.heard_at = now;
                online.ratings = ratings.iter().map(rating_change).collect();
                let played = online.me.is_some();
                let mut text = format!("{result}.");
                if let Some(me) = &self.online.me
                    && let Some(change) = ratings.iter().find(|r| &r.name == me)
                {
                    text.push_str(&format!(
                        " Your rating: {:.0} → {:.0}.",
                        change.before, change.after
                    ));
                }
                self.say(Tone::Success, text);
                // Kept here as a record, as the server keeps it.
                if played {
                    let ask = Ask::Record { game };
                    self.online_send(ask);
                }
            }
            Push::Watchers { game, count } => {
                if let Some(online) = self.online.game.as_mut().filter(|g| g.id() == game) {
                    online.state.watchers = count;
                }
            }
            Push::Welcome { .. } => {}
            Push::Refused { why } => self.connection_lost(why),
        }
    }

    fn on_moved(&mut self, game: u64, ply: u16, mv: String, clocks: Clocks) {
        let now = self.session.now();
        let Some(online) = self.online.game.as_mut().filter(|g| g.id() == game) else {
            return;
        };
        if usize::from(ply) != online.state.moves.len() {
            // A move missed: the whole state again.
            self.online_send(Ask::Watch { game });
            return;
        }
        online.state.moves.push(mv.clone());
        online.state.clocks = clocks;
        online.heard_at = now;
        let mover = mover(&online.state, ply);
        let name = online.state.names[mover].clone();
        let mine = online.me.map(Player::index) == Some(mover);
        if !mine {
            self.say(Tone::Info, format!("{name} played {mv}."));
        }
        if let Some(entry) = self.online.mine.iter_mut().find(|g| g.game == game) {
            entry.ply = ply + 1;
        }
    }

    /// Puts a game of the server's on the board: one's own (to play) or
    /// another's (to watch).
    pub(in crate::app) fn show_online_game(&mut self, state: GameState) {
        let me = self
            .online
            .me
            .as_ref()
            .and_then(|me| state.names.iter().position(|n| n == me))
            .map(|i| if i == 0 { Player::One } else { Player::Two });
        let now = self.session.now();
        let same = self
            .online
            .game
            .as_ref()
            .is_some_and(|g| g.id() == state.game);
        let away_news = me.and_then(|me| away_moves(&state, me).filter(|_| !same));
        if let Some(old) = self
            .online
            .game
            .as_ref()
            .filter(|g| !same && g.me.is_none())
        {
            let game = old.id();
            self.online_send(Ask::Unwatch { game });
        }
        self.online.resume = None;
        self.online.game = Some(OnlineGame {
            state,
            me,
            heard_at: now,
            ratings: Vec::new(),
            away_news,
        });
        if matches!(self.screen, Screen::Online(_)) {
            self.screen = Screen::Board;
        }
        if !same {
            // The autosave says which online game it holds.
            self.sync_online();
            self.autosave_again();
        }
    }

    fn opponent_in(&self, state: &GameState) -> String {
        let me = self.online.me.as_deref().unwrap_or_default();
        state
            .names
            .iter()
            .find(|n| *n != me)
            .cloned()
            .unwrap_or_else(|| "?".into())
    }
}

/// "Bob played d4 while you were away": the opponent's last move of a
/// correspondence game opened again.
fn away_moves(state: &GameState, me: Player) -> Option<String> {
    if !matches!(state.terms.pace, crate::online::protocol::Pace::Days(_)) {
        return None;
    }
    let last = state.moves.last()?;
    let ply = u16::try_from(state.moves.len() - 1).unwrap_or(u16::MAX);
    let mover = mover(state, ply);
    if mover == me.index() {
        return None;
    }
    Some(format!(
        "{} played {last} while you were away.",
        state.names[mover]
    ))
}

/// Which player (0 or 1) made move `ply` (from 0): the players take turns
/// from the one who held Black at the start, a swap being a turn.
fn mover(state: &GameState, ply: u16) -> usize {
    let black = usize::from(state.black == 2);
    if ply.is_multiple_of(2) {
        black
    } else {
        1 - black
    }
}
