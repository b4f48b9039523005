//! The referee's answers to requests: seeks, challenges and accepting
//! them, moves (checked by the core, timed by the server's clock),
//! resigning, watching, and the look-ups the database answers.

use std::time::Instant;

use super::cluster_store::SeekRow;
use super::game::{Ending, LiveGame};
use super::referee::{Referee, Seek};
use super::refusal::AskRefusal;
use super::store::StoreError;
use crate::online::protocol::{Answer, Ask, FromServer, GameId, GameSummary, Push, SeekId, Terms};

impl Referee {
    /// Who asks on `conn` (key and name), if its key may ask now: a
    /// request costs a key online on N servers N tokens here, so that its
    /// rate in all stays `asks_per_second` (docs/server.md).
    pub(super) fn admit(&mut self, conn: u64) -> Result<(String, Option<String>), AskRefusal> {
        let (key, name) = match self.conns.get(&conn) {
            Some(c) => (c.key.clone(), c.name.clone()),
            None => return Err(AskRefusal::UnknownConnection),
        };
        let servers = self.servers_of(&key);
        let limits = &self.limits;
        let state = self.keys.get_mut(&key).ok_or(AskRefusal::UnknownKey)?;
        let rate = limits.asks_per_second;
        let now = Instant::now();
        if !state.asks.try_take(now) {
            return Err(AskRefusal::TooManyAsks(rate));
        }
        for _ in 1..servers {
            state.asks.charge(now);
        }
        Ok((key, name))
    }

    /// The answer to `ask` from `key` on `conn` (`None`: a connection on
    /// another server, which forwarded it), or why not.
    pub(super) fn answer(
        &mut self,
        conn: Option<u64>,
        key: &str,
        name: Option<String>,
        ask: Ask,
    ) -> Result<Answer, AskRefusal> {
        let key = key.to_string();
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
                self.bots_may_play(&key, &to_key)?;
                self.seek(&key, named()?, Some((to_key, to_name)), terms)
            }
            Ask::Cancel { seek: SeekId(seek) } => match self.seeks.get(&seek) {
                Some(s) if s.key == key => {
                    if self.me().is_some() {
                        self.store
                            .remove_seek(seek, &key)
                            .map_err(|e| self.failed(&e))?;
                    }
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
                if let Some(conn) = conn {
                    self.unwatch(conn, game);
                    if let Some(c) = &mut self.cluster
                        && let Some(watching) = c.watching.get_mut(&game)
                    {
                        watching.remove(&conn);
                    }
                }
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
            ask @ (Ask::Tournaments
            | Ask::Tournament { .. }
            | Ask::UnfollowTournament { .. }
            | Ask::CreateTournament { .. }
            | Ask::JoinTournament { .. }
            | Ask::WithdrawTournament { .. }
            | Ask::PauseTournament { .. }) => self.tournament_ask(conn, &key, name.clone(), ask),
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

    /// Games `key` plays in now (on every server, with several).
    fn games_of(&mut self, key: &str) -> Result<usize, AskRefusal> {
        if self.me().is_some() {
            return self
                .store
                .games_in_progress_of(key)
                .map_err(|e| self.failed(&e));
        }
        Ok(self
            .games
            .values()
            .filter(|g| g.seat(key).is_some())
            .count())
    }

    /// Seeks and challenges `key` has open (on every server, with several).
    fn seeks_of(&mut self, key: &str) -> Result<usize, AskRefusal> {
        if self.me().is_some() {
            return self.store.seeks_of(key).map_err(|e| self.failed(&e));
        }
        Ok(self.seeks.values().filter(|s| s.key == key).count())
    }

    fn seek(
        &mut self,
        key: &str,
        name: String,
        to: Option<(String, String)>,
        terms: Terms,
    ) -> Result<Answer, AskRefusal> {
        terms.check()?;
        if self.seeks_of(key)? >= self.limits.open_seeks {
            return Err(AskRefusal::TooManySeeks(self.limits.open_seeks));
        }
        if self.games_of(key)? >= self.limits.games_per_player {
            return Err(AskRefusal::TooManyGames(self.limits.games_per_player));
        }
        let limits = &self.limits;
        let per_minute = limits.seeks_per_minute;
        let state = self.keys.get_mut(key).ok_or(AskRefusal::UnknownKey)?;
        if !state.seeks.try_take(Instant::now()) {
            return Err(AskRefusal::SeekRate(per_minute));
        }
        let rating = self
            .store
            .rating(key, terms.variant)
            .map_err(|e| self.failed(&e))?;
        #[allow(clippy::cast_possible_truncation)] // a rating is some thousands
        let rating = rating.rating.rating.round() as i32;
        let key = key.to_string();
        let seek = if self.me().is_some() {
            self.table_seek(SeekRow {
                id: 0,
                server: 0,
                key: key.clone(),
                name: name.clone(),
                to: to.clone(),
                terms,
                rating,
            })?
        } else {
            self.next_seek += 1;
            self.next_seek - 1
        };
        self.seeks.insert(
            seek,
            Seek {
                key,
                name,
                to,
                terms,
                rating,
                here: true,
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
        if self.games_of(key)? >= self.limits.games_per_player {
            return Err(AskRefusal::TooManyGames(self.limits.games_per_player));
        }
        let offer = self.seeks.get(&seek).ok_or(AskRefusal::SeekGone(seek))?;
        self.bots_may_play(&offer.key, key)?;
        let offer = self.seeks.get(&seek).ok_or(AskRefusal::SeekGone(seek))?;
        let (terms, keys) = (offer.terms, [offer.key.clone(), key.to_string()]);
        let names = [offer.name.clone(), name];
        // Colours alternate with the seeks' numbers: fair, and the same
        // every run of a test.
        let black = if seek.is_multiple_of(2) { 2 } else { 1 };
        let now = self.now();
        let mut live = LiveGame::new(0, keys.clone(), names.clone(), black, terms, now)?;
        let id = match self.me() {
            Some(me) => self
                .store
                .new_game_from_seek(
                    me,
                    seek,
                    [&keys[0], &keys[1]],
                    [&names[0], &names[1]],
                    black,
                    &terms,
                    now.1,
                    &live.summary(),
                )
                .map_err(|e| self.failed(&e))?
                .ok_or_else(|| {
                    self.seeks.remove(&seek);
                    self.dirty.seeks = true;
                    AskRefusal::SeekGone(seek)
                })?,
            None => self
                .store
                .new_game(
                    [&keys[0], &keys[1]],
                    [&names[0], &names[1]],
                    black,
                    &terms,
                    now.1,
                )
                .map_err(|e| self.failed(&e))?,
        };
        live.id = id;
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
        // Stored before anyone is told: an acknowledged move survives a
        // kill. With several servers, only while this one owns the game.
        let stored = match self.me() {
            Some(me) => {
                let summary = GameSummary {
                    ply: ply + 1,
                    to_move: live.names[accepted.game.player_to_move().index()].clone(),
                    ..live.summary()
                };
                self.store
                    .add_move_owned(me, game, ply, &text, spent, now.1, &summary)
                    .and_then(|owned| {
                        if owned {
                            Ok(())
                        } else {
                            Err(StoreError::Lost(game))
                        }
                    })
            }
            None => self.store.add_move(game, ply, &text, spent, now.1),
        };
        if let Err(e) = stored {
            return Err(self.lost_or_failed(game, &e));
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

    /// `conn` watches `game`; `None`: a connection on another server,
    /// which keeps its watchers itself.
    fn watch(&mut self, conn: Option<u64>, key: &str, game: u64) -> Result<Answer, AskRefusal> {
        let now = self.now();
        let Some(conn) = conn else {
            let live = self.games.get(&game).ok_or(AskRefusal::NoGame(game))?;
            return Ok(Answer::Game {
                state: live.state(now),
            });
        };
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
                Some((!waiting, self.mark_bots(g.summary(), &g.keys, &g.names)))
            })
            .collect();
        mine.extend(
            self.remote_games_of(key)
                .into_iter()
                .map(|(waiting, g)| (!waiting, g)),
        );
        mine.sort_by_key(|(later, g)| (*later, g.game));
        mine.into_iter().map(|(_, g)| g).collect()
    }
}
