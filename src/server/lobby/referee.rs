//! The referee: one thread that owns the lobby's state (who is online, the
//! seeks, the games in progress) and the database, and answers every
//! connection's requests in turn. One owner means no locks and one order
//! of events; the connections' tasks only carry bytes to and from it.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use tokio::sync::mpsc::Sender;
use tokio::sync::mpsc::error::TrySendError;

use super::cluster_state::{Cluster, Event};
use super::game::{Ending, LiveGame};
use super::limits::LobbyLimits;
use super::registrations::Registrations;
use super::showcase::Showcase;
use super::store::Store;
use super::tournament_state::Tournaments;
use crate::net::rate::RateLimiter;
use crate::online::NameError;
use crate::online::protocol::{
    FromServer, GameSummary, MAX_LIST, Push, Reply, Request, SeekId, SeekSummary, Terms,
};

/// What a connection's task tells the referee.
pub enum Command {
    /// A connection proved `key` (hexadecimal) and asks for `name`.
    Join {
        conn: u64,
        key: String,
        name: Option<String>,
        outbox: Sender<Arc<[u8]>>,
        /// Its address, where new keys from it are counted.
        from: Option<IpAddr>,
        /// Whether a new key registers as a bot (ignored for a known key).
        bot: bool,
    },
    Ask {
        conn: u64,
        request: Request,
    },
    Gone {
        conn: u64,
    },
    /// Another server wrote events (a NOTIFY came), or the listener
    /// connected again (`resync`: read everything again).
    Poke {
        resync: bool,
    },
}

/// One connection, as the referee sees it.
pub(super) struct Conn {
    pub key: String,
    /// `None` for a key without a name, which may only look.
    pub name: Option<String>,
    outbox: Sender<Arc<[u8]>>,
    pub watching: HashSet<u64>,
}

/// What the referee keeps per key while one of its copies is connected.
pub(super) struct KeyState {
    pub conns: Vec<u64>,
    pub asks: RateLimiter,
    pub seeks: RateLimiter,
    pub chat: RateLimiter,
}

pub(super) struct Seek {
    pub key: String,
    pub name: String,
    pub to: Option<(String, String)>,
    pub terms: Terms,
    pub rating: i32,
    /// Made on this server (with several: others' come from the table).
    pub here: bool,
}

impl Seek {
    /// The seek as the lists show it (the players' and the web's).
    fn summary(&self, seek: u64, bot: bool) -> SeekSummary {
        SeekSummary {
            seek: SeekId(seek),
            by: self.name.clone(),
            to: self.to.as_ref().map(|(_, name)| name.clone()),
            terms: self.terms,
            rating: self.rating,
            bot,
        }
    }
}

/// Which lists changed. The games list changes when a game starts or
/// ends or its watchers come and go, not with every move: a move is told
/// to those in the game, not to everyone.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Dirty {
    pub players: bool,
    pub seeks: bool,
    pub games: bool,
}

impl Dirty {
    fn any(self) -> bool {
        self.players || self.seeks || self.games
    }
}

pub struct Referee {
    pub(super) store: Store,
    pub(super) limits: LobbyLimits,
    pub(super) conns: HashMap<u64, Conn>,
    pub(super) keys: HashMap<String, KeyState>,
    pub(super) seeks: BTreeMap<u64, Seek>,
    pub(super) next_seek: u64,
    pub(super) games: BTreeMap<u64, LiveGame>,
    /// Lists changed since they were last pushed.
    pub(super) dirty: Dirty,
    last_lists: Instant,
    /// The wall clock (ms since 1970) for names, new keys and games: a
    /// test's own.
    pub(super) wall: WallClock,
    /// The monotonic clock the games' clocks run on: a test's own.
    monotonic: MonotonicClock,
    pub(super) registrations: Registrations,
    /// With several servers over one database: this one's part.
    pub(super) cluster: Option<Cluster>,
    /// The bots' keys (`bot_accounts`).
    pub(super) bots: HashSet<String>,
    /// This server's own bots' keys (`--bots`), whose games at once are
    /// capped (`LobbyLimits::bot_games`).
    pub(super) house: HashSet<String>,
    /// What the web pages show, when the server has them.
    showcase: Option<Showcase>,
    /// The tournaments (`tournament_run`).
    pub(super) tournaments: Tournaments,
}

/// Milliseconds since 1970, now.
pub type WallClock = Box<dyn Fn() -> i64 + Send>;

/// The monotonic time, now.
pub type MonotonicClock = Box<dyn Fn() -> Instant + Send>;

/// Now, on both clocks the referee keeps.
pub(super) fn now() -> (Instant, i64) {
    let wall = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    (Instant::now(), wall)
}

fn encode(message: &FromServer) -> Arc<[u8]> {
    // Serializing these types cannot fail: no maps with non-string keys.
    serde_json::to_vec(message).unwrap_or_default().into()
}

impl Referee {
    /// The referee of the games in `store`, restored as they were.
    pub fn new(
        mut store: Store,
        limits: LobbyLimits,
    ) -> Result<Referee, super::game::RestoreError> {
        let mut games = BTreeMap::new();
        let stored = store.unfinished()?;
        for game in stored {
            let live = LiveGame::restore(game, now())?;
            games.insert(live.id, live);
        }
        tracing::info!(
            games = games.len(),
            "the lobby's games in progress are back"
        );
        let mut referee = Referee::with_games(store, limits, games);
        referee.tournaments = Tournaments::load(&mut referee.store)?;
        referee.reload_bots();
        Ok(referee)
    }

    /// The referee of one server among several over `store` (PostgreSQL):
    /// its games are those it takes over from dead servers
    /// ([`Referee::join_cluster`]); `poked` is set by its listener.
    pub fn in_cluster(
        store: Store,
        limits: LobbyLimits,
        poked: std::sync::Arc<std::sync::atomic::AtomicBool>,
    ) -> Result<Referee, super::game::RestoreError> {
        let mut referee = Referee::with_games(store, limits, BTreeMap::new());
        referee.reload_bots();
        referee.join_cluster(poked)?;
        Ok(referee)
    }

    fn with_games(store: Store, limits: LobbyLimits, games: BTreeMap<u64, LiveGame>) -> Referee {
        Referee {
            store,
            limits,
            conns: HashMap::new(),
            keys: HashMap::new(),
            seeks: BTreeMap::new(),
            next_seek: 1,
            games,
            dirty: Dirty::default(),
            last_lists: Instant::now(),
            wall: Box::new(|| now().1),
            monotonic: Box::new(Instant::now),
            registrations: Registrations::default(),
            cluster: None,
            bots: HashSet::new(),
            house: HashSet::new(),
            showcase: None,
            tournaments: Tournaments::default(),
        }
    }

    /// The same referee with this server's own bots, by key.
    pub fn with_house_bots(self, house: HashSet<String>) -> Referee {
        Referee { house, ..self }
    }

    /// The same referee, publishing its games and seeks to `showcase`.
    pub fn showing(mut self, showcase: Showcase) -> Referee {
        self.showcase = Some(showcase);
        self.show_lists();
        self
    }

    /// Publishes `game` as it stands (or as `message` ends it) to the
    /// showcase, if there is one.
    fn show_game(&self, game: u64, message: &FromServer) {
        let (Some(showcase), Some(live)) = (&self.showcase, self.games.get(&game)) else {
            return;
        };
        let mut state = live.state(self.now());
        if let FromServer::Push(Push::Ended { result, .. }) = message {
            state.result = Some(*result);
        }
        showcase.show_game(state);
    }

    /// Publishes every game in progress here, the games list and the open
    /// seeks to the showcase, if there is one.
    fn show_lists(&self) {
        let Some(showcase) = &self.showcase else {
            return;
        };
        let now = self.now();
        let games = self.games.values().map(|g| g.state(now)).collect();
        let seeks = self
            .seeks
            .iter()
            .filter(|(_, s)| s.to.is_none())
            .take(MAX_LIST)
            .map(|(&seek, s)| s.summary(seek, self.is_bot(&s.key)))
            .collect();
        showcase.show_lists(games, self.games_list(), seeks);
    }

    /// The same referee on another wall clock (a test's, to move on).
    #[cfg(test)]
    pub fn with_wall_clock(self, wall: WallClock) -> Referee {
        Referee { wall, ..self }
    }

    /// The same referee on another monotonic clock (a test's, to move on).
    #[cfg(test)]
    pub fn with_monotonic_clock(self, monotonic: MonotonicClock) -> Referee {
        Referee { monotonic, ..self }
    }

    /// Now, on both clocks the games run on.
    pub(super) fn now(&self) -> (Instant, i64) {
        ((self.monotonic)(), (self.wall)())
    }

    /// Serves commands until every sender has gone.
    pub fn run(mut self, commands: &Receiver<Command>) {
        let mut last_tick = Instant::now();
        loop {
            match commands.recv_timeout(self.limits.tick) {
                Ok(command) => self.handle(command),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return,
            }
            if last_tick.elapsed() >= self.limits.tick {
                last_tick = Instant::now();
                self.tick();
            }
        }
    }

    pub(super) fn handle(&mut self, command: Command) {
        match command {
            Command::Join {
                conn,
                key,
                name,
                outbox,
                from,
                bot,
            } => self.join(conn, key, name, outbox, (from, bot)),
            Command::Ask { conn, request } => {
                // The wire carries the refusal's words.
                let answer = match self.admit(conn) {
                    Ok((key, name)) => {
                        if self.forwarded(conn, &key, &name, &request) {
                            return;
                        }
                        self.answer(Some(conn), &key, name, request.ask)
                    }
                    Err(why) => Err(why),
                }
                .map_err(|e| e.to_string());
                self.send(
                    conn,
                    &FromServer::Reply(Reply {
                        id: request.id,
                        answer,
                    }),
                );
            }
            Command::Gone { conn } => self.gone(conn),
            Command::Poke { resync } => self.poked(resync),
        }
    }

    fn join(
        &mut self,
        conn: u64,
        key: String,
        name: Option<String>,
        outbox: Sender<Arc<[u8]>>,
        (from, bot): (Option<IpAddr>, bool),
    ) {
        let refuse = |(why, name): (String, Option<NameError>)| {
            let _ = outbox.try_send(encode(&FromServer::Push(Push::Refused { why, name })));
        };
        // A known key is what it registered as: a person saying `bot`
        // later stays a person (docs/protocol.md, "Bots").
        let name = match self.store.player(&key) {
            Ok(Some((known, known_bot))) => {
                if known_bot {
                    self.bots.insert(key.clone());
                }
                Some(known)
            }
            Ok(None) => match name {
                None => None,
                Some(asked) => match self.register(&key, &asked, from, bot) {
                    Ok(taken) => Some(taken),
                    Err(refusal) => return refuse(refusal),
                },
            },
            Err(e) => return refuse((self.failed(&e).to_string(), None)),
        };
        let started = Instant::now();
        let limits = &self.limits;
        let state = self.keys.entry(key.clone()).or_insert_with(|| KeyState {
            conns: Vec::new(),
            asks: RateLimiter::full(limits.asks_rate(), started),
            seeks: RateLimiter::full(limits.seeks_rate(), started),
            chat: RateLimiter::full(limits.chat_rate(), started),
        });
        let back = state.conns.is_empty();
        state.conns.push(conn);
        self.conns.insert(
            conn,
            Conn {
                key: key.clone(),
                name: name.clone(),
                outbox,
                watching: HashSet::new(),
            },
        );
        let mut waiting: Vec<_> = self
            .games
            .values()
            .filter(|g| g.seat(&key) == Some(g.game.player_to_move().index()))
            .map(|g| self.mark_bots(g.summary(), &g.keys, &g.names))
            .collect();
        waiting.extend(
            self.remote_games_of(&key)
                .into_iter()
                .filter_map(|(to_move, g)| to_move.then_some(g)),
        );
        waiting.sort_by_key(|g| g.game);
        let shown = name.clone();
        self.send(conn, &FromServer::Push(Push::Welcome { name, waiting }));
        self.push_lists_to(conn);
        self.dirty.players = true;
        if back {
            self.mark_presence(&key, shown.as_deref(), true);
            self.presence(&key, true);
        }
    }

    fn gone(&mut self, conn: u64) {
        let Some(left) = self.conns.remove(&conn) else {
            return;
        };
        for game in &left.watching {
            self.unwatch(conn, *game);
        }
        self.cluster_gone(conn);
        if let Some(state) = self.keys.get_mut(&left.key) {
            state.conns.retain(|&c| c != conn);
            if state.conns.is_empty() {
                // A player's seeks and challenges leave with their last copy.
                self.keys.remove(&left.key);
                let before = self.seeks.len();
                self.seeks.retain(|_, s| !(s.key == left.key && s.here));
                self.dirty.seeks |= self.seeks.len() != before;
                self.dirty.players = true;
                self.mark_presence(&left.key, None, false);
                self.presence(&left.key, false);
            }
        }
    }

    /// Logs a database failure; the refusal the client is told.
    pub(super) fn failed(&self, e: &super::store::StoreError) -> super::refusal::AskRefusal {
        tracing::error!("{e}");
        super::refusal::AskRefusal::Database
    }

    /// Sends to one connection; one that cannot take more is dropped,
    /// which closes it (its outbox's end ends its writer).
    pub(super) fn send(&mut self, conn: u64, message: &FromServer) {
        self.send_bytes(conn, &encode(message));
    }

    fn send_bytes(&mut self, conn: u64, bytes: &Arc<[u8]>) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        if let Err(TrySendError::Full(_)) = c.outbox.try_send(Arc::clone(bytes)) {
            tracing::warn!(conn, "a client that does not read: disconnected");
            self.gone(conn);
        }
    }

    /// Sends to everyone playing (any copy of either key) or watching `game`.
    pub(super) fn tell_game(&mut self, game: u64, message: &FromServer) {
        let bytes = encode(message);
        let Some(live) = self.games.get(&game) else {
            return;
        };
        let keys = live.keys.to_vec();
        let mut to: Vec<u64> = live.watchers.iter().copied().collect();
        for key in &live.keys {
            if let Some(state) = self.keys.get(key) {
                to.extend(&state.conns);
            }
        }
        to.sort_unstable();
        to.dedup();
        for conn in to {
            self.send_bytes(conn, &bytes);
        }
        self.tell_elsewhere(&keys, Some(game), message);
        self.show_game(game, message);
    }

    /// Sends to every copy of either player of `game`, not its watchers.
    pub(super) fn tell_players(&mut self, game: u64, message: &FromServer) {
        let Some(keys) = self.games.get(&game).map(|g| g.keys.clone()) else {
            return;
        };
        self.tell_key(&keys[0], message);
        if keys[1] != keys[0] {
            self.tell_key(&keys[1], message);
        }
    }

    /// Sends to every copy of `key`.
    pub(super) fn tell_key(&mut self, key: &str, message: &FromServer) {
        let bytes = encode(message);
        let conns = self
            .keys
            .get(key)
            .map(|s| s.conns.clone())
            .unwrap_or_default();
        for conn in conns {
            self.send_bytes(conn, &bytes);
        }
        self.tell_elsewhere(&[key.to_string()], None, message);
    }

    /// Ends games out of time, and aborts those whose side to move made
    /// no first move in time; pushes the lists if they changed.
    pub(super) fn tick(&mut self) {
        let now = self.now();
        let first_move = self.limits.first_move;
        let ended: Vec<(u64, Ending)> = self
            .games
            .values()
            .filter_map(|g| {
                if g.first_move_overdue(first_move, now) {
                    Some((g.id, Ending::NoFirstMove))
                } else {
                    g.flag_fell(now).then_some((g.id, Ending::Time))
                }
            })
            .collect();
        for (game, ending) in ended {
            // A failure is logged (`failed`); the next tick tries again.
            let _ = self.end(game, ending);
        }
        self.cluster_tick();
        self.tournaments_tick();
        // Lists go out at most every `lists_every`: with many players
        // each change would otherwise cost everyone a message.
        if self.last_lists.elapsed() >= self.limits.lists_every {
            self.last_lists = Instant::now();
            self.push_lists();
        }
    }

    fn push_lists(&mut self) {
        let mut dirty = std::mem::take(&mut self.dirty);
        if dirty.any() && self.cluster.as_ref().is_some_and(|c| c.peers > 0) {
            // The other servers read the lists again.
            self.publish(None, &Event::Lists);
        }
        if self.reloaded() {
            self.reload_bots();
            dirty = Dirty {
                players: true,
                seeks: true,
                games: true,
            };
        }
        if dirty.games || dirty.seeks {
            self.show_lists();
        }
        let conns: Vec<u64> = self.conns.keys().copied().collect();
        if dirty.players {
            let (players, bots) = self.players();
            let players = encode(&FromServer::Push(Push::Players { players, bots }));
            for &conn in &conns {
                self.send_bytes(conn, &players);
            }
        }
        if dirty.games {
            let games = encode(&FromServer::Push(Push::Games {
                games: self.games_list(),
            }));
            for &conn in &conns {
                self.send_bytes(conn, &games);
            }
        }
        if dirty.seeks {
            for &conn in &conns {
                self.push_seeks_to(conn);
            }
        }
    }

    fn push_lists_to(&mut self, conn: u64) {
        let (players, bots) = self.players();
        let players = Push::Players { players, bots };
        self.send(conn, &FromServer::Push(players));
        let games = self.games_list();
        self.send(conn, &FromServer::Push(Push::Games { games }));
        self.push_seeks_to(conn);
    }

    /// The games in progress, here and on the other servers, newest first.
    fn games_list(&self) -> Vec<GameSummary> {
        let mut games: Vec<GameSummary> = self
            .games
            .values()
            .map(|g| self.mark_bots(g.summary(), &g.keys, &g.names))
            .collect();
        games.extend(self.remote_summaries());
        games.sort_unstable_by_key(|g| std::cmp::Reverse(g.game));
        games.truncate(MAX_LIST);
        games
    }

    /// The names online, and those of them that are bots.
    fn players(&self) -> (Vec<String>, Vec<String>) {
        let mut named: Vec<(String, bool)> = self
            .conns
            .values()
            .filter_map(|c| Some((c.name.clone()?, self.is_bot(&c.key))))
            .collect();
        named.extend(
            self.names_elsewhere()
                .into_iter()
                .map(|(key, name)| (name, self.is_bot(&key))),
        );
        named.sort_unstable_by_key(|(n, _)| n.to_lowercase());
        named.dedup_by(|a, b| a.0 == b.0);
        named.truncate(MAX_LIST);
        let bots = named
            .iter()
            .filter(|(_, bot)| *bot)
            .map(|(n, _)| n.clone())
            .collect();
        (named.into_iter().map(|(n, _)| n).collect(), bots)
    }

    /// The seeks `conn` may see: open ones, and challenges by or to it.
    fn push_seeks_to(&mut self, conn: u64) {
        let Some(key) = self.conns.get(&conn).map(|c| c.key.clone()) else {
            return;
        };
        let seeks = self
            .seeks
            .iter()
            .filter(|(_, s)| s.to.as_ref().is_none_or(|(to, _)| *to == key) || s.key == key)
            .take(MAX_LIST)
            .map(|(&seek, s)| s.summary(seek, self.is_bot(&s.key)))
            .collect();
        self.send(conn, &FromServer::Push(Push::Seeks { seeks }));
    }
}

#[cfg(test)]
#[path = "referee_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "clock_tests.rs"]
mod clock_tests;
