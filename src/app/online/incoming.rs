//! What the lobby server sends, taken in by the online part: the answers to the requests
//! sent (by what each asked), and the pushes: the lists, a game
//! of one's own that started, moves, ends and watchers of the game on the
//! board.

use std::ops::Range;
use std::time::{Duration, Instant};

use super::desk::Desk;
use super::page::{PageForm, Tab};
use super::state::{INCOMING_PER_TICK, Online, OnlineGame, rating_change};
use crate::app::action::Action;
use crate::app::keys::keymap::Context;
use crate::app::message::Tone;
use crate::app::remote_game::RemoteGame;
use crate::app::remote_game::deed::{Closes, Deed, Deeds};
use crate::core::{Game, Player};
use crate::online::Incoming;
use crate::online::protocol::{Answer, Ask, Clocks, GameId, GameState, Pace, Push, SeekSummary};

impl Online {
    pub(super) fn take_incoming(&mut self, desk: &mut Desk<'_>, deeds: &mut Deeds) {
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

    fn on_refusal(&mut self, asked: &Ask, why: &str, desk: &mut Desk<'_>, deeds: &mut Deeds) {
        let what = match asked {
            Ask::Seek { .. } | Ask::Challenge { .. } => "The seek was refused",
            Ask::Accept { .. } => "Not accepted",
            Ask::Move { .. } => "The move was refused",
            Ask::Record { .. } => "Not downloaded",
            Ask::Chat { .. } => "The line was not sent",
            Ask::Takeback { .. } | Ask::TakebackAnswer { .. } => "No take-back",
            Ask::Rename { .. } => "Not renamed",
            _ => "The server refused",
        };
        if let Ask::Watch { game } = asked
            && self.resume == Some(*game)
        {
            self.resume = None;
            let text = format!("The online game #{game} cannot go on here: {why}.");
            return deeds.say(Tone::Warning, text);
        }
        let text = format!("{what}: {why}.");
        if let (Ask::Seek { .. } | Ask::Challenge { .. }, Some(page)) = (asked, &mut desk.page)
            && let Some(PageForm::Seek(form)) = &mut page.form
        {
            form.error = Some(text);
            return;
        }
        if let (Ask::Rename { .. }, Some(page)) = (asked, &mut desk.page)
            && let Some(PageForm::Rename(form)) = &mut page.form
        {
            return form.refused(text);
        }
        deeds.say(Tone::Warning, text);
    }

    fn on_answer(&mut self, asked: Ask, answer: Answer, desk: &mut Desk<'_>, deeds: &mut Deeds) {
        match (asked, answer) {
            (asked @ (Ask::Seek { .. } | Ask::Challenge { .. }), Answer::Seeking { .. }) => {
                if let Some(page) = &mut desk.page {
                    page.form = None;
                    page.tab = Tab::Seeks;
                }
                let text = match asked {
                    Ask::Challenge { name, .. } => {
                        format!("Challenge sent: the game starts when {name} accepts.")
                    }
                    _ => "Seeking: the game starts when someone accepts.".to_string(),
                };
                deeds.say(Tone::Success, text);
            }
            (Ask::Cancel { .. }, Answer::Done) => deeds.say(Tone::Info, "Seek withdrawn."),
            (Ask::Watch { game }, Answer::Game { state }) if state.game == game => {
                self.show_game(state, desk, deeds);
            }
            (Ask::MyGames, Answer::Games { games }) => self.mine = games,
            (Ask::Leaderboard { .. }, Answer::Leaderboard { players }) => {
                self.leaderboard = players;
            }
            // Answers for a player no longer shown are dropped.
            (Ask::Ratings { name }, Answer::Ratings { ratings, history })
                if self.archive_of.as_deref() == Some(&name) =>
            {
                (self.ratings, self.history) = (ratings, history);
            }
            (Ask::Archive { name }, Answer::Archive { games })
                if self.archive_of.as_deref() == Some(&name) =>
            {
                self.archive = games;
            }
            (Ask::Record { game }, Answer::Record { text }) => {
                deeds.push(Deed::SaveDownload { game, text });
            }
            // The new name itself comes as a push, to every copy.
            (Ask::Rename { .. }, Answer::Renamed { .. }) => {
                if let Some(page) = &mut desk.page
                    && matches!(page.form, Some(PageForm::Rename(_)))
                {
                    page.form = None;
                }
            }
            // Accept: the game comes as a push; moves: as `moved`.
            _ => {}
        }
    }

    fn on_push(&mut self, push: Push, desk: &mut Desk<'_>, deeds: &mut Deeds) {
        match push {
            Push::Players { players, bots } => {
                self.players = players;
                self.bots = bots;
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
                self.show_game(state, desk, deeds);
                deeds.say(Tone::Success, format!("The game against {against} starts."));
            }
            Push::Moved {
                game,
                ply,
                mv,
                clocks,
            } => self.on_moved(game, ply, mv, clocks, desk.now, deeds),
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
                online.remote.heard(desk.now);
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
            | Push::Presence { .. } => self.on_talk(push, desk.now, deeds),
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

    fn on_moved(
        &mut self,
        game: GameId,
        ply: u16,
        mv: String,
        clocks: Clocks,
        now: Instant,
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
        online.take_move(mv.clone(), clocks, now);
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
    fn show_game(&mut self, state: GameState, desk: &Desk<'_>, deeds: &mut Deeds) {
        let me = self
            .me
            .as_ref()
            .and_then(|me| state.names.iter().position(|n| n == me))
            .map(|i| if i == 0 { Player::One } else { Player::Two });
        let same = self.game.as_ref().is_some_and(|g| g.id() == state.game);
        let known = self.known_plies(&state, same, desk.game);
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
        remote.heard(desk.now);
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
