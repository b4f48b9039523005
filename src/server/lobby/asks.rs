//! The referee's answers to requests: seeks, challenges and accepting
//! them, moves (checked by the core, timed by the server's clock),
//! resigning, watching, and the look-ups the database answers.

use std::time::Instant;

use super::game::{Ending, LiveGame};
use super::referee::{Referee, Seek};
use super::refusal::AskRefusal;
use crate::online::protocol::{Answer, Ask, FromServer, GameId, GameSummary, Push, SeekId, Terms};

impl Referee {
    /// The answer to `ask` from `conn`, or why not.
    pub(super) fn ask(&mut self, conn: u64, ask: Ask) -> Result<Answer, AskRefusal> {
        let (key, name) = match self.conns.get(&conn) {
            Some(c) => (c.key.clone(), c.name.clone()),
            None => return Err(AskRefusal::UnknownConnection),
        };
        let limits = &self.limits;
        let state = self.keys.get_mut(&key).ok_or(AskRefusal::UnknownKey)?;
        let rate = limits.asks_per_second;
        if !state.asks.try_take(Instant::now()) {
            return Err(AskRefusal::TooManyAsks(rate));
        }
        let named = || name.clone().ok_or(AskRefusal::Unnamed);
        match ask {
            Ask::Ping => Ok(Answer::Done),
            Ask::Seek { terms } => self.seek(&key, named()?, None, terms),
            Ask::Challenge { name: to, terms } => {
                let (to_key, to_name) = self
                    .store
                    .find(&to)
                    .map_err(|e| self.failed(&e))?
                    .ok_or_else(|| AskRefusal::NoPlayer(to.clone()))?;
                if to_key == key {
                    return Err(AskRefusal::SelfChallenge);
                }
                self.seek(&key, named()?, Some((to_key, to_name)), terms)
            }
            Ask::Cancel { seek: SeekId(seek) } => match self.seeks.get(&seek) {
                Some(s) if s.key == key => {
                    self.seeks.remove(&seek);
                    self.dirty.seeks = true;
                    Ok(Answer::Done)
                }
                _ => Err(AskRefusal::NotYourSeek(seek)),
            },
            Ask::Accept { seek: SeekId(seek) } => self.accept(&key, named()?, seek),
            Ask::Move {
                game: GameId(game),
                ply,
                mv,
            } => self.play(&key, game, ply, &mv),
            Ask::Resign { game: GameId(game) } => {
                let live = self.games.get(&game).ok_or(AskRefusal::NoGame(game))?;
                let seat = live.seat(&key).ok_or(AskRefusal::NotYourGame)?;
                let color = live.game.color_of(if seat == 0 {
                    crate::core::Player::One
                } else {
                    crate::core::Player::Two
                });
                self.end(game, Ending::Resigned(color))?;
                Ok(Answer::Done)
            }
            Ask::Watch { game: GameId(game) } => self.watch(conn, &key, game),
            Ask::Unwatch { game: GameId(game) } => {
                self.unwatch(conn, game);
                Ok(Answer::Done)
            }
            Ask::MyGames => Ok(Answer::Games {
                games: self.my_games(&key),
            }),
            Ask::Leaderboard { variant } => {
                let players = self
                    .store
                    .leaderboard(variant)
                    .map_err(|e| self.failed(&e))?;
                Ok(Answer::Leaderboard { players })
            }
            Ask::Ratings { name } => {
                let key = self.key_named(&name)?;
                let (ratings, history) = self.store.ratings(&key).map_err(|e| self.failed(&e))?;
                Ok(Answer::Ratings { ratings, history })
            }
            Ask::Archive { name } => {
                let key = self.key_named(&name)?;
                let games = self.store.archive(&key).map_err(|e| self.failed(&e))?;
                Ok(Answer::Archive { games })
            }
            Ask::Chat {
                game: GameId(game),
                text,
            } => self.chat(&key, game, &text),
            Ask::Takeback { game: GameId(game) } => self.ask_takeback(&key, game),
            Ask::TakebackAnswer {
                game: GameId(game),
                yes,
            } => self.answer_takeback(&key, game, yes),
            Ask::Record { game: GameId(game) } => {
                match self.store.record(game).map_err(|e| self.failed(&e))? {
                    Some(text) => Ok(Answer::Record { text }),
                    None if self.games.contains_key(&game) => Err(AskRefusal::RecordNotYet(game)),
                    None => Err(AskRefusal::NoGame(game)),
                }
            }
            Ask::Rename { name: wanted } => self.rename(&key, &wanted),
        }
    }

    /// The key of the player called `name`.
    fn key_named(&mut self, name: &str) -> Result<String, AskRefusal> {
        match self.store.find(name) {
            Ok(Some((key, _))) => Ok(key),
            Ok(None) => Err(AskRefusal::NoPlayer(name.to_string())),
            Err(e) => Err(self.failed(&e)),
        }
    }

    fn games_of(&self, key: &str) -> usize {
        self.games
            .values()
            .filter(|g| g.seat(key).is_some())
            .count()
    }

    fn seek(
        &mut self,
        key: &str,
        name: String,
        to: Option<(String, String)>,
        terms: Terms,
    ) -> Result<Answer, AskRefusal> {
        terms.check()?;
        let limits = &self.limits;
        let open = self.seeks.values().filter(|s| s.key == key).count();
        if open >= limits.open_seeks {
            return Err(AskRefusal::TooManySeeks(limits.open_seeks));
        }
        if self.games_of(key) >= limits.games_per_player {
            return Err(AskRefusal::TooManyGames(limits.games_per_player));
        }
        let per_minute = limits.seeks_per_minute;
        let state = self.keys.get_mut(key).ok_or(AskRefusal::UnknownKey)?;
        if !state.seeks.try_take(Instant::now()) {
            return Err(AskRefusal::SeekRate(per_minute));
        }
        let rating = self
            .store
            .rating(key, terms.variant)
            .map_err(|e| self.failed(&e))?;
        let seek = self.next_seek;
        self.next_seek += 1;
        #[allow(clippy::cast_possible_truncation)] // a rating is some thousands
        let rating = rating.rating.rating.round() as i32;
        let key = key.to_string();
        self.seeks.insert(
            seek,
            Seek {
                key,
                name,
                to,
                terms,
                rating,
            },
        );
        self.dirty.seeks = true;
        Ok(Answer::Seeking { seek: SeekId(seek) })
    }

    fn accept(&mut self, key: &str, name: String, seek: u64) -> Result<Answer, AskRefusal> {
        let offer = self.seeks.get(&seek).ok_or(AskRefusal::SeekGone(seek))?;
        if offer.key == key {
            return Err(AskRefusal::OwnSeek);
        }
        if offer.to.as_ref().is_some_and(|(to, _)| to != key) {
            return Err(AskRefusal::ChallengeToAnother(seek));
        }
        if self.games_of(key) >= self.limits.games_per_player {
            return Err(AskRefusal::TooManyGames(self.limits.games_per_player));
        }
        let (terms, keys) = (offer.terms, [offer.key.clone(), key.to_string()]);
        let names = [offer.name.clone(), name];
        // Colours alternate with the seeks' numbers: fair, and the same
        // every run of a test.
        let black = if seek.is_multiple_of(2) { 2 } else { 1 };
        let now = self.now();
        let id = self
            .store
            .new_game(
                [&keys[0], &keys[1]],
                [&names[0], &names[1]],
                black,
                &terms,
                now.1,
            )
            .map_err(|e| self.failed(&e))?;
        let live = LiveGame::new(id, keys.clone(), names, black, terms, now)?;
        let state = live.state(now);
        self.games.insert(id, live);
        self.seeks.remove(&seek);
        self.dirty.seeks = true;
        self.dirty.games = true;
        let started = FromServer::Push(Push::Started { state });
        self.tell_key(&keys[0], &started);
        self.tell_key(&keys[1], &started);
        Ok(Answer::Started { game: GameId(id) })
    }

    fn play(&mut self, key: &str, game: u64, ply: u16, mv: &str) -> Result<Answer, AskRefusal> {
        let now = self.now();
        let live = self.games.get(&game).ok_or(AskRefusal::NoGame(game))?;
        let accepted = live.check(key, ply, mv, now)?;
        let text = accepted.mv.to_string();
        let spent = u64::try_from(accepted.spent.as_millis()).unwrap_or(u64::MAX);
        // Stored before anyone is told: an acknowledged move survives a kill.
        if let Err(e) = self.store.add_move(game, ply, &text, spent, now.1) {
            return Err(self.failed(&e));
        }
        let live = self.games.get_mut(&game).ok_or(AskRefusal::NoGame(game))?;
        live.commit(accepted, now);
        // A move answers a take-back request with no.
        let withdrawn = live.takeback.take().map(|seat| live.names[seat].clone());
        let over = live.game.is_over();
        let clocks = live.clocks(now);
        self.tell_game(
            game,
            &FromServer::Push(Push::Moved {
                game: GameId(game),
                ply,
                mv: text,
                clocks,
            }),
        );
        if let Some(by) = withdrawn {
            self.tell_players(
                game,
                &FromServer::Push(Push::TakebackDeclined {
                    game: GameId(game),
                    by,
                }),
            );
        }
        if over {
            self.end(game, Ending::Board)?;
        }
        Ok(Answer::Done)
    }

    fn watch(&mut self, conn: u64, key: &str, game: u64) -> Result<Answer, AskRefusal> {
        let now = self.now();
        let watching = self.conns.get(&conn).map_or(0, |c| c.watching.len());
        let live = self.games.get_mut(&game).ok_or(AskRefusal::NoGame(game))?;
        // A player opening their own game is no watcher.
        if live.seat(key).is_none() && !live.watchers.contains(&conn) {
            if watching >= self.limits.watching {
                return Err(AskRefusal::TooManyWatched(self.limits.watching));
            }
            live.watchers.insert(conn);
            if let Some(c) = self.conns.get_mut(&conn) {
                c.watching.insert(game);
            }
            self.watchers_changed(game);
        }
        let state = self
            .games
            .get(&game)
            .ok_or(AskRefusal::NoGame(game))?
            .state(now);
        self.tell_absent(conn, key, game);
        Ok(Answer::Game { state })
    }

    pub(super) fn unwatch(&mut self, conn: u64, game: u64) {
        if let Some(c) = self.conns.get_mut(&conn) {
            c.watching.remove(&game);
        }
        if self
            .games
            .get_mut(&game)
            .is_some_and(|g| g.watchers.remove(&conn))
        {
            self.watchers_changed(game);
        }
    }

    /// Tells the players how many watch now.
    fn watchers_changed(&mut self, game: u64) {
        let Some(live) = self.games.get(&game) else {
            return;
        };
        let count = live.watchers.len();
        let keys = live.keys.clone();
        let push = FromServer::Push(Push::Watchers {
            game: GameId(game),
            count,
        });
        for key in &keys {
            self.tell_key(key, &push);
        }
        self.dirty.games = true;
    }

    /// A player's games in progress, those waiting for their move first.
    pub(super) fn my_games(&self, key: &str) -> Vec<GameSummary> {
        let mut mine: Vec<(bool, GameSummary)> = self
            .games
            .values()
            .filter_map(|g| {
                let seat = g.seat(key)?;
                let waiting = g.game.player_to_move().index() == seat;
                Some((!waiting, g.summary()))
            })
            .collect();
        mine.sort_by_key(|(later, g)| (*later, g.game));
        mine.into_iter().map(|(_, g)| g).collect()
    }
}
