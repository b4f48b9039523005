//! What came from the lobby, taken in by the online part (the one entry
//! that reads it, woken by the lobby's reader ringing the event loop): the
//! connection's outcome, the answers to the requests sent (`answers.rs`),
//! and the pushes: the lists, a game of one's own that started, ends and
//! watchers of the game on the board, and its moves, each played at once
//! on the game kept and on the board (no replay from the text).

use std::ops::Range;
use std::sync::mpsc::TryRecvError;
use std::time::{Duration, Instant};

use super::desk::Desk;
use super::state::{
    Fault, INCOMING_PER_TICK, Link, Online, OnlineGame, RECONNECT_AFTER, rating_change,
};
use crate::app::action::Action;
use crate::app::flow::effect::Effect;
use crate::app::game::session::Session;
use crate::app::keys::keymap::Context;
use crate::app::message::Tone;
use crate::app::remote_game::RemoteGame;
use crate::app::remote_game::deed::{Closes, Deed, Deeds};
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::core::{Game, Move, Player};
use crate::online::Incoming;
use crate::online::protocol::{Ask, Clocks, GameId, GameState, Pace, Push, SeekSummary};

impl App {
    /// Takes in what came from the lobby: the connection's outcome, the
    /// server's messages, a new try after a loss (the one entry that
    /// reads the lobby).
    pub(in crate::app) fn take_online(&mut self) -> Vec<Effect> {
        let fixed = self.reach.fixed_server().map(str::to_string);
        let context = self.screen.context();
        let mut desk = Desk {
            page: match &mut self.screen {
                Screen::Online(page) => Some(&mut **page),
                _ => None,
            },
            session: &mut self.session,
            config: &self.config,
            theme: self.theme,
            fixed: fixed.as_deref(),
            bell: &self.bell,
            context,
        };
        let deeds = self.online.take(&mut desk);
        self.carry_out(deeds)
    }
}

impl Online {
    /// What came: the connection's outcome, the server's messages, a new
    /// try after a loss.
    fn take(&mut self, desk: &mut Desk<'_>) -> Deeds {
        let mut deeds = Deeds::default();
        match &self.link {
            Link::Connecting { done, .. } => match done.try_recv() {
                Ok(connected) => self.connection_made(connected, desk, &mut deeds),
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    let why = "the connecting thread ended".into();
                    deeds.extend(self.connect_failed(desk.page.as_deref_mut(), Fault::Other, why));
                }
            },
            Link::Up { .. } => {
                self.take_incoming(desk, &mut deeds);
                if let Some(question) = self.takeback_question() {
                    deeds.push(question);
                }
            }
            Link::Lost { lobby, since, .. } => {
                if since.elapsed() >= RECONNECT_AFTER {
                    let lobby = lobby.clone();
                    let name = self.me.clone();
                    deeds.push(Deed::Connect { lobby, name });
                }
            }
            Link::Off => {}
        }
        deeds
    }

    fn take_incoming(&mut self, desk: &mut Desk<'_>, deeds: &mut Deeds) {
        for _ in 0..INCOMING_PER_TICK {
            let Some(item) = self.client().and_then(|c| c.next(Duration::ZERO)) else {
                return;
            };
            match item {
                Incoming::Reply(reply) => {
                    let pending = self.pending.remove(&reply.id);
                    match (pending, reply.answer) {
                        (Some(asked), Ok(answer)) => self.on_answer(asked, answer, desk, deeds),
                        (Some(asked), Err(why)) => self.on_refusal(&asked, &why, desk, deeds),
                        (None, _) => {}
                    }
                }
                Incoming::Push(push) => self.on_push(push, desk, deeds),
                Incoming::Closed(why) => return self.lost(why, deeds),
            }
        }
    }

    pub(super) fn on_push(&mut self, push: Push, desk: &mut Desk<'_>, deeds: &mut Deeds) {
        match push {
            Push::Tournaments { tournaments } => self.tournaments.take_list(tournaments),
            Push::Tournament { page } => self.tournaments.take_page(*page),
            Push::Paired {
                tournament,
                name,
                round,
                game,
            } => self.on_paired(tournament, &name, round, game, desk, deeds),
            Push::Players { players, bots } => {
                self.players = players;
                self.bots = bots;
                self.bots_changed(desk.page.as_deref_mut(), deeds);
            }
            Push::Seeks { seeks } => {
                self.tell_challenges(&seeks, desk, deeds);
                self.seeks = seeks;
            }
            Push::Games { games } => {
                self.games = games;
                // One's own games too, as they start and end.
                if let Some(me) = &self.me {
                    let mine = self
                        .games
                        .iter()
                        .filter(|g| &g.black == me || &g.white == me);
                    for game in mine {
                        if !self.mine.iter().any(|m| m.game == game.game) {
                            self.mine.push(game.clone());
                        }
                    }
                }
            }
            Push::Started { state } => {
                let against = self.opponent_in(&state);
                let paired = self.started_text(state.game, desk);
                self.show_game(state, desk, deeds);
                let text = paired.unwrap_or_else(|| format!("The game against {against} starts."));
                deeds.say(Tone::Success, text);
            }
            Push::Moved {
                game,
                ply,
                mv,
                clocks,
            } => self.on_moved(game, ply, mv, clocks, desk.session, deeds),
            Push::Ended {
                game,
                result,
                ratings,
            } => {
                self.mine.retain(|g| g.game != game);
                let Some(online) = self.game.as_mut().filter(|g| g.id() == game) else {
                    return;
                };
                online.state.result = Some(result);
                online.remote.heard(desk.session.now());
                // A resignation, as the result says.
                online.replay_kept();
                online.ratings = ratings.iter().map(rating_change).collect();
                let played = online.me().is_some();
                let mut text = format!("{result}.");
                if let Some(me) = &self.me
                    && let Some(change) = ratings.iter().find(|r| &r.name == me)
                {
                    text.push_str(&format!(
                        " Your rating: {:.0} → {:.0}.",
                        change.before, change.after
                    ));
                }
                deeds.say(Tone::Success, text);
                // Kept here as a record, as the server keeps it.
                if played {
                    self.send(Ask::Record { game }, deeds);
                }
            }
            Push::Watchers { game, count } => {
                if let Some(online) = self.game.as_mut().filter(|g| g.id() == game) {
                    online.state.watchers = count;
                }
            }
            Push::Chat { .. }
            | Push::Takeback { .. }
            | Push::TakebackDeclined { .. }
            | Push::TakenBack { .. }
            | Push::Presence { .. } => self.on_talk(push, desk.session.now(), deeds),
            Push::Welcome { .. } => {}
            Push::Refused { why, .. } => self.lost(why, deeds),
            Push::Renamed { name } => {
                self.me = Some(name.clone());
                if let Some(server) = self.lobby().map(ToString::to_string) {
                    let name = Some(name.clone());
                    deeds.push(Deed::KeepSettings { server, name });
                }
                deeds.say(
                    Tone::Success,
                    format!("You are called {name} on this server now."),
                );
            }
        }
    }

    /// The next move of a game: played on the game kept, and at once on
    /// the board when the board shows the game as it was before it (else
    /// the board is put right after the update, `board.rs`'s `sync`).
    fn on_moved(
        &mut self,
        game: GameId,
        ply: u16,
        mv: String,
        clocks: Clocks,
        session: &mut Session,
        deeds: &mut Deeds,
    ) {
        let Some(online) = self.game.as_mut().filter(|g| g.id() == game) else {
            return;
        };
        if usize::from(ply) != online.state.moves.len() {
            // A move missed: the whole state again.
            self.send(Ask::Watch { game }, deeds);
            return;
        }
        let in_step = online.kept.as_ref() == Some(session.game());
        online.take_move(mv.clone(), clocks, session.now());
        if in_step && let Ok(played) = mv.parse::<Move>() {
            // Refused here (it cannot be, the kept game took it): the
            // board is put right after the update, as out of step.
            let _ = session.follow_move(played);
        }
        let mover = mover(&online.state, usize::from(ply));
        let name = online.state.names[mover].clone();
        let mine = online.me().map(Player::index) == Some(mover);
        if !mine {
            deeds.say(Tone::Info, format!("{name} played {mv}."));
        }
        if let Some(entry) = self.mine.iter_mut().find(|g| g.game == game) {
            entry.ply = ply + 1;
        }
    }

    /// Puts a game of the server's on the board: one's own (to play) or
    /// another's (to watch).
    pub(super) fn show_game(&mut self, state: GameState, desk: &Desk<'_>, deeds: &mut Deeds) {
        let me = self
            .me
            .as_ref()
            .and_then(|me| state.names.iter().position(|n| n == me))
            .map(|i| if i == 0 { Player::One } else { Player::Two });
        let same = self.game.as_ref().is_some_and(|g| g.id() == state.game);
        let known = self.known_plies(&state, same, desk.session.game());
        let (away, away_news) = me.map_or((None, None), |me| away_moves(&state, me, known));
        if let Some(old) = self.game.as_ref().filter(|g| !same && g.me().is_none()) {
            let game = old.id();
            self.send(Ask::Unwatch { game }, deeds);
        }
        self.resume = None;
        let mut remote = match self.game.take() {
            Some(old) if same => old.remote,
            _ => RemoteGame::new(me),
        };
        remote.heard(desk.session.now());
        self.game = Some(OnlineGame {
            state,
            remote,
            ratings: Vec::new(),
            away_news,
            away,
            kept: None,
        });
        // Replayed once, here; the moves that come are played on it.
        if let Some(game) = &mut self.game {
            game.replay_kept();
        }
        deeds.push(Deed::Close(Closes::OnlineScreen));
        if !same {
            // The autosave says which online game it holds.
            deeds.push(Deed::SyncRemote);
            deeds.push(Deed::Autosave);
        }
    }

    /// How many of `state`'s moves this copy had shown: the game on the
    /// board again (after a lost connection), or the autosave's taken up
    /// (`shown` on the board); `None`: not known.
    fn known_plies(&self, state: &GameState, same: bool, shown: &Game) -> Option<usize> {
        if same {
            return self.game.as_ref().map(|g| g.state.moves.len());
        }
        if self.resume != Some(state.game) {
            return None;
        }
        let shown: Vec<String> = shown.moves().map(|m| m.to_string()).collect();
        state.moves.starts_with(&shown).then_some(shown.len())
    }

    /// A new challenge to this player, said at once unless the Online
    /// screen (which lists it) is open.
    fn tell_challenges(&self, seeks: &[SeekSummary], desk: &Desk<'_>, deeds: &mut Deeds) {
        if desk.page.is_some() {
            return;
        }
        let Some(me) = &self.me else {
            return;
        };
        let new = seeks.iter().find(|s| {
            s.to.as_deref() == Some(me.as_str()) && !self.seeks.iter().any(|old| old.seek == s.seek)
        });
        if let Some(challenge) = new {
            let open = desk.key(Context::Board, Action::OpenOnline);
            let text = format!(
                "{} challenges you to a game ({}): {open} opens the Online screen to accept.",
                challenge.by,
                super::lists_view::terms_text(&challenge.terms)
            );
            deeds.tell(Tone::Info, text);
        }
    }

    fn opponent_in(&self, state: &GameState) -> String {
        let me = self.me.as_deref().unwrap_or_default();
        state
            .names
            .iter()
            .find(|n| *n != me)
            .cloned()
            .unwrap_or_else(|| "?".into())
    }
}

/// The moves made while this copy was away (those after the `known`
/// first, or, unknown, a correspondence game's since one's own last), if
/// the opponent made any, and what is said of them: "bob played d4 while
/// you were away.", or with several "While you were away: bob d4, you e5,
/// bob c3 (marked on the board)." (one's own from another copy).
fn away_moves(
    state: &GameState,
    me: Player,
    known: Option<usize>,
) -> (Option<Range<usize>>, Option<String>) {
    let plies = state.moves.len();
    let from = match known {
        Some(known) => known,
        None if matches!(state.terms.pace, Pace::Days(_)) => (0..plies)
            .rev()
            .find(|&ply| mover(state, ply) == me.index())
            .map_or(0, |ply| ply + 1),
        None => return (None, None),
    };
    let theirs = (from..plies).any(|ply| mover(state, ply) != me.index());
    if !theirs {
        return (None, None);
    }
    let name = |ply: usize| match mover(state, ply) {
        i if i == me.index() => "you",
        i => state.names[i].as_str(),
    };
    let text = if plies - from == 1 {
        let last = plies - 1;
        format!(
            "{} played {} while you were away.",
            name(last),
            state.moves[last]
        )
    } else {
        let moves: Vec<String> = (from..plies)
            .map(|ply| format!("{} {}", name(ply), state.moves[ply]))
            .collect();
        format!(
            "While you were away: {} (marked on the board).",
            moves.join(", ")
        )
    };
    (Some(from..plies), Some(text))
}

/// Which player (0 or 1) made move `ply` (from 0): the players take turns
/// from the one who held Black at the start, a swap being a turn.
fn mover(state: &GameState, ply: usize) -> usize {
    let black = state.black.index();
    if ply.is_multiple_of(2) {
        black
    } else {
        1 - black
    }
}

impl OnlineGame {
    /// Takes in the move `mv` the server says was played next, with the
    /// clocks after it (read `now`): played on the kept game, not the
    /// whole game replayed from its text.
    pub fn take_move(&mut self, mv: String, clocks: Clocks, now: Instant) {
        let played = self.kept.take().and_then(|mut game| {
            let parsed: Move = mv.parse().ok()?;
            game.play(parsed).ok()?;
            Some(game)
        });
        self.state.moves.push(mv);
        self.state.clocks = clocks;
        self.remote.heard(now);
        // A move the kept game refuses: the whole state replayed instead.
        self.kept = played.or_else(|| self.replay());
    }
}
