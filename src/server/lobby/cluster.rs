//! Several lobby servers over one PostgreSQL (docs/server.md, "Several
//! servers"). Each game has one owner, the server whose referee holds its
//! clock, by a lease in the database; a request about a game owned
//! elsewhere is forwarded to its owner as an event, and the owner's
//! pushes come back as events to the servers of its players and
//! watchers. Events are rows of `lobby_events`, numbered in commit order;
//! a NOTIFY carrying the number pokes the others (`listener`), and a
//! timer reads them anyway, as a NOTIFY is lost while a listener
//! reconnects. The lists (players, seeks, games) are read from the tables.
//! A lone SQLite server runs none of this.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::cluster_state::{Cluster, EVENTS_KEPT_MS, Event, READ_EVERY, RELOAD_EVERY};
use super::cluster_store::{RENEW_MS, SeekRow};
use super::game::LiveGame;
use super::referee::{Referee, Seek};
use super::refusal::AskRefusal;
use super::store::StoreError;
use crate::online::protocol::{GameSummary, MAX_LIST};

impl Referee {
    /// Joins the servers over this database: this one made known and
    /// alive, the games no live server owns taken over, the lists read.
    pub fn join_cluster(&mut self, poked: Arc<AtomicBool>) -> Result<(), StoreError> {
        let now = self.now();
        let me = self.store.register_server(now.1)?;
        let last_seq = self.store.last_event()?;
        let long_ago = Instant::now()
            .checked_sub(RELOAD_EVERY)
            .unwrap_or_else(Instant::now);
        self.cluster = Some(Cluster {
            me,
            last_seq,
            peers: 0,
            elsewhere: HashMap::new(),
            remote: BTreeMap::new(),
            watching: HashMap::new(),
            forwarded: Vec::new(),
            poked,
            stale: true,
            reloaded: false,
            last_read: long_ago,
            last_reload: long_ago,
            last_lease: long_ago,
            last_prune: long_ago,
        });
        tracing::info!(server = me, "joined the lobby's servers");
        self.cluster_tick();
        self.publish(None, &Event::Lists);
        Ok(())
    }

    /// This server's number among several; `None` for a lone server.
    pub(super) fn me(&self) -> Option<i64> {
        self.cluster.as_ref().map(|c| c.me)
    }

    /// The refusal for a failed write: a game another server took over is
    /// dropped here (its new owner answers from now on).
    pub(super) fn lost_or_failed(&mut self, game: u64, e: &StoreError) -> AskRefusal {
        if let StoreError::Lost(_) = e {
            tracing::warn!(game, "another server took this game over");
            self.games.remove(&game);
            self.dirty.games = true;
            return AskRefusal::LostGame(game);
        }
        self.failed(e)
    }

    /// The housekeeping of a server among several, on the referee's tick.
    pub(super) fn cluster_tick(&mut self) {
        let Some(c) = &mut self.cluster else { return };
        let read = c.poked.swap(false, Ordering::AcqRel) || c.last_read.elapsed() >= READ_EVERY;
        let lease = c.last_lease.elapsed() >= Duration::from_millis(RENEW_MS.unsigned_abs());
        let reload = (c.stale && c.last_reload.elapsed() >= self.limits.lists_every)
            || c.last_reload.elapsed() >= RELOAD_EVERY;
        let prune = c.last_prune.elapsed() >= Duration::from_secs(10);
        if read {
            c.last_read = Instant::now();
            self.read_events();
        }
        if lease {
            self.keep_leases();
        }
        if reload {
            self.reload();
        }
        if prune && let Some(c) = &mut self.cluster {
            c.last_prune = Instant::now();
            let before = self.now().1 - EVENTS_KEPT_MS;
            if let Err(e) = self.store.prune_events(before) {
                self.failed(&e);
            }
        }
        self.forwards_timed_out();
    }

    /// A NOTIFY came, or the listener connected again (`resync`: what was
    /// said meanwhile is read, and the lists too).
    pub(super) fn poked(&mut self, resync: bool) {
        if resync && let Some(c) = &mut self.cluster {
            c.stale = true;
        }
        self.cluster_tick();
    }

    /// Renews this server's heartbeat and its games' leases (a game
    /// another server took over is dropped here), takes over the games of
    /// dead servers, and forgets what those left.
    fn keep_leases(&mut self) {
        let Some(c) = &mut self.cluster else { return };
        c.last_lease = Instant::now();
        let me = c.me;
        let now = self.now().1;
        if let Err(e) = self.store.stay_alive(me, now) {
            return drop(self.failed(&e));
        }
        match self.store.renew(me, now) {
            Ok(owned) => {
                let owned: HashSet<u64> = owned.into_iter().collect();
                let before = self.games.len();
                self.games.retain(|id, _| owned.contains(id));
                if self.games.len() != before {
                    tracing::warn!("another server took over some of this server's games");
                    self.dirty.games = true;
                }
            }
            Err(e) => return drop(self.failed(&e)),
        }
        self.claim(None);
        if let Err(e) = self.store.bury_dead(me, now) {
            self.failed(&e);
        }
    }

    /// Takes over `game` (or every game) if no live server owns it, its
    /// clocks rebuilt from the stored moves as after a restart.
    pub(super) fn claim(&mut self, game: Option<u64>) {
        let Some(me) = self.me() else { return };
        let now = self.now();
        let claimed = match self.store.claim(me, now.1, game) {
            Ok(claimed) => claimed,
            Err(e) => return drop(self.failed(&e)),
        };
        for stored in claimed {
            if self.games.contains_key(&stored.id) {
                continue;
            }
            match LiveGame::restore(stored, now) {
                Ok(live) => {
                    tracing::info!(game = live.id, "a game taken over");
                    let summary = live.summary();
                    if let Err(e) = self.store.set_summary(live.id, &summary) {
                        self.failed(&e);
                    }
                    if let Some(c) = &mut self.cluster {
                        c.remote.remove(&live.id);
                    }
                    self.games.insert(live.id, live);
                    self.dirty.games = true;
                }
                Err(e) => tracing::error!("a game that cannot be taken over: {e}"),
            }
        }
    }

    /// Reads the lists again: who is online elsewhere, the seeks, the
    /// games other servers referee; and pushes them.
    fn reload(&mut self) {
        let Some(c) = &mut self.cluster else { return };
        c.last_reload = Instant::now();
        c.stale = false;
        let me = c.me;
        let read = self.store.peers(me).and_then(|peers| {
            let elsewhere = self.store.presence_elsewhere(me)?;
            Ok((peers, elsewhere))
        });
        let (peers, elsewhere) = match read {
            Ok(read) => read,
            Err(e) => return drop(self.failed(&e)),
        };
        let read = self.store.seeks().and_then(|seeks| {
            let remote = self.store.remote_games(me, 4 * MAX_LIST)?;
            Ok((seeks, remote))
        });
        let (seeks, remote) = match read {
            Ok(read) => read,
            Err(e) => return drop(self.failed(&e)),
        };
        self.seeks = seeks
            .into_iter()
            .map(|s| {
                let seek = Seek {
                    key: s.key,
                    name: s.name,
                    to: s.to,
                    terms: s.terms,
                    rating: s.rating,
                    here: s.server == me,
                };
                (s.id, seek)
            })
            .collect();
        if let Some(c) = &mut self.cluster {
            c.peers = peers;
            c.elsewhere = elsewhere
                .into_iter()
                .map(|(key, name, servers)| (key, (name, servers)))
                .collect();
            c.remote = remote
                .into_iter()
                .filter(|r| !self.games.contains_key(&r.summary.game.0))
                .map(|r| (r.summary.game.0, r))
                .collect();
        }
        if let Some(c) = &mut self.cluster {
            c.reloaded = true;
        }
    }

    /// Whether the lists were read again since asked last.
    pub(super) fn reloaded(&mut self) -> bool {
        self.cluster
            .as_mut()
            .is_some_and(|c| std::mem::take(&mut c.reloaded))
    }

    /// On how many servers `key` is online (1: this one alone).
    pub(super) fn servers_of(&self, key: &str) -> usize {
        1 + self
            .cluster
            .as_ref()
            .and_then(|c| c.elsewhere.get(key))
            .map_or(0, |(_, n)| *n)
    }

    /// Whether `key` is online on another server.
    pub(super) fn online_elsewhere(&self, key: &str) -> bool {
        self.servers_of(key) > 1
    }

    /// The games other servers referee that `key` plays in.
    pub(super) fn remote_games_of(&self, key: &str) -> Vec<(bool, GameSummary)> {
        let Some(c) = &self.cluster else {
            return Vec::new();
        };
        c.remote
            .values()
            .filter_map(|r| {
                let seat = r.keys.iter().position(|k| k == key)?;
                let waiting = r.summary.to_move == r.names[seat];
                Some((waiting, r.summary.clone()))
            })
            .collect()
    }

    /// The summaries of the games other servers referee, newest first.
    pub(super) fn remote_summaries(&self) -> Vec<GameSummary> {
        self.cluster.as_ref().map_or_else(Vec::new, |c| {
            c.remote
                .values()
                .rev()
                .map(|r| self.mark_bots(r.summary.clone(), &r.keys, &r.names))
                .collect()
        })
    }

    /// The keys and names online on other servers.
    pub(super) fn names_elsewhere(&self) -> Vec<(String, String)> {
        self.cluster.as_ref().map_or_else(Vec::new, |c| {
            c.elsewhere
                .iter()
                .filter_map(|(key, (n, _))| Some((key.clone(), n.clone()?)))
                .collect()
        })
    }

    /// Marks `key` online here or gone, for the other servers.
    pub(super) fn mark_presence(&mut self, key: &str, name: Option<&str>, here: bool) {
        let Some(me) = self.me() else { return };
        let mut result = self.store.set_presence(me, key, name, here);
        if !here && result.is_ok() {
            result = self.store.remove_seeks_of(me, key);
        }
        if let Err(e) = result {
            self.failed(&e);
        }
    }

    /// Adds a seek to the table: its number, the same on every server.
    pub(super) fn table_seek(&mut self, seek: SeekRow) -> Result<u64, AskRefusal> {
        // Only a server among several keeps its seeks in the table.
        let Some(me) = self.me() else {
            return Err(AskRefusal::Database);
        };
        self.store.add_seek(me, &seek).map_err(|e| self.failed(&e))
    }
}
