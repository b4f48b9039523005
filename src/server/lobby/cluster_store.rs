//! The store's part in running several lobby servers over one PostgreSQL
//! (docs/server.md, "Several servers"): the servers and which of them
//! live, who is online where, the open seeks, each game's owner and
//! lease, and the events one server writes for the others. PostgreSQL
//! only: a lone SQLite server never calls these.
//!
//! A server is alive while it holds its advisory lock (`LIVE` and its id)
//! on its connection: PostgreSQL lets go of it the moment that
//! connection ends, so a killed server's games are free at once; a server
//! cut off without its connection closing loses them when its lease runs
//! out.

use super::db::{StoreError, values};
use super::store::{Store, StoredGame, terms_of};
use crate::online::protocol::{GameSummary, Terms};

/// How long a game's lease lasts; its owner renews it every
/// [`RENEW_MS`], so that another server takes a dead owner's games within
/// `LEASE_MS + RENEW_MS` even when its death is not seen at once.
pub const LEASE_MS: i64 = 6_000;
pub const RENEW_MS: i64 = 2_000;

/// The high half of each server's advisory lock ("LIVE").
const LIVE: i64 = 0x4C49_5645;

/// The servers alive: those holding their lock.
const ALIVE: &str = "SELECT objid::bigint FROM pg_locks
     WHERE locktype = 'advisory' AND objsubid = 1 AND granted AND classid = 1279874629::oid";

/// A seek as the table holds it.
pub struct SeekRow {
    pub id: u64,
    pub server: i64,
    pub key: String,
    pub name: String,
    pub to: Option<(String, String)>,
    pub terms: Terms,
    pub rating: i32,
}

/// A game another server referees, as the lists show it.
pub struct RemoteRow {
    pub keys: [String; 2],
    pub names: [String; 2],
    pub summary: GameSummary,
}

/// An event for this server: its number, its writer, its body (JSON).
pub struct EventRow {
    pub seq: i64,
    pub from: i64,
    pub body: String,
}

impl Store {
    /// Makes this server known and alive; its id.
    pub fn register_server(&mut self, now_ms: i64) -> Result<i64, StoreError> {
        let row = self.db.query_first(
            "INSERT INTO servers (started_ms, heartbeat_ms) VALUES (?1, ?1) RETURNING id",
            &values![now_ms],
        )?;
        let me = row
            .ok_or_else(|| StoreError::Corrupt("a server without a number".into()))?
            .int(0)?;
        self.stay_alive(me, now_ms)?;
        Ok(me)
    }

    /// Renews this server's heartbeat, and takes its lock again if its
    /// connection was made again (the lock went with the old one).
    pub fn stay_alive(&mut self, me: i64, now_ms: i64) -> Result<(), StoreError> {
        self.db.execute(
            "UPDATE servers SET heartbeat_ms = ?2 WHERE id = ?1",
            &values![me, now_ms],
        )?;
        self.db.execute(
            "SELECT pg_try_advisory_lock(?1::bigint) WHERE NOT EXISTS (
                 SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1
                 AND classid = 1279874629::oid AND objid = ?2::bigint::oid
                 AND pid = pg_backend_pid())",
            &values![(LIVE << 32) | me, me],
        )?;
        Ok(())
    }

    /// How many other servers are alive.
    pub fn peers(&mut self, me: i64) -> Result<usize, StoreError> {
        let rows = self.db.query(ALIVE, &[])?;
        let mut peers = 0;
        for r in rows {
            if r.int(0)? != me {
                peers += 1;
            }
        }
        Ok(peers)
    }

    /// Forgets what dead servers left: who was online there, their seeks.
    pub fn bury_dead(&mut self, me: i64, now_ms: i64) -> Result<(), StoreError> {
        self.db.execute(
            "DELETE FROM presence WHERE server != ?1 AND server NOT IN (
                 SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1
                 AND granted AND classid = 1279874629::oid)",
            &values![me],
        )?;
        self.db.execute(
            "DELETE FROM seeks WHERE server != ?1 AND server NOT IN (
                 SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1
                 AND granted AND classid = 1279874629::oid)",
            &values![me],
        )?;
        self.db.execute(
            "DELETE FROM servers WHERE id != ?1 AND heartbeat_ms < ?2",
            &values![me, now_ms - 60_000],
        )?;
        Ok(())
    }

    /// Renews the leases of this server's games; the games it still owns.
    pub fn renew(&mut self, me: i64, now_ms: i64) -> Result<Vec<u64>, StoreError> {
        let rows = self.db.query(
            "UPDATE games SET lease_until_ms = ?2 WHERE owner = ?1 AND result IS NULL RETURNING id",
            &values![me, now_ms + LEASE_MS],
        )?;
        rows.iter().map(|r| Ok(r.int(0)?.unsigned_abs())).collect()
    }

    /// Takes over the games in progress (or `game` alone) that no live
    /// server owns: no owner, a lease run out, or an owner dead. Returns
    /// them as the store holds them, to be restored.
    pub fn claim(
        &mut self,
        me: i64,
        now_ms: i64,
        game: Option<u64>,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let rows = self.db.query(
            "UPDATE games SET owner = ?1, lease_until_ms = ?2 + ?4
             WHERE result IS NULL AND (?3::bigint IS NULL OR id = ?3)
             AND (owner IS NULL OR lease_until_ms < ?2 OR (owner != ?1 AND owner NOT IN (
                 SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1
                 AND granted AND classid = 1279874629::oid)))
             RETURNING id",
            &values![me, now_ms, game, LEASE_MS],
        )?;
        let mut claimed = Vec::new();
        for r in rows {
            if let Some(stored) = self.game_in_progress(r.int(0)?.unsigned_abs())? {
                claimed.push(stored);
            }
        }
        Ok(claimed)
    }

    fn game_in_progress(&mut self, id: u64) -> Result<Option<StoredGame>, StoreError> {
        let row = self.db.query_first(
            "SELECT g.player1, g.player2, coalesce(g.name1, p1.name),
                    coalesce(g.name2, p2.name), g.black, g.size, g.variant,
                    g.pie, g.minutes, g.increment, g.days, g.rated, g.started_ms
             FROM games g JOIN players p1 ON p1.key = g.player1 JOIN players p2 ON p2.key = g.player2
             WHERE g.result IS NULL AND g.id = ?1",
            &values![id],
        )?;
        let Some(r) = row else { return Ok(None) };
        Ok(Some(StoredGame {
            id,
            keys: [r.text(0)?, r.text(1)?],
            names: [r.text(2)?, r.text(3)?],
            black: r.small(4)?,
            terms: terms_of(&r, 5)?,
            started_ms: r.int(12)?,
            moves: self.moves(id)?,
        }))
    }

    /// The server that referees `game`, while it goes on.
    pub fn owner_of(&mut self, game: u64) -> Result<Option<i64>, StoreError> {
        let row = self.db.query_first(
            "SELECT owner FROM games WHERE id = ?1 AND result IS NULL",
            &values![game],
        )?;
        Ok(row.map(|r| r.opt_int(0)).transpose()?.flatten())
    }

    /// Records an accepted move where this server still owns the game,
    /// with the game's summary for the other servers' lists; `false` (and
    /// nothing written) when another server has taken the game over.
    #[allow(clippy::too_many_arguments)] // a move's columns
    pub fn add_move_owned(
        &mut self,
        me: i64,
        game: u64,
        ply: u16,
        mv: &str,
        spent_ms: u64,
        at_ms: i64,
        summary: &GameSummary,
    ) -> Result<bool, StoreError> {
        let changed = self.db.execute(
            "WITH g AS (UPDATE games SET summary = ?7 WHERE id = ?1 AND owner = ?6
                        AND result IS NULL RETURNING id)
             INSERT INTO moves (game, ply, mv, spent_ms, at_ms)
             SELECT id, ?2::bigint, ?3::text, ?4::bigint, ?5::bigint FROM g",
            &values![game, ply, mv, spent_ms, at_ms, me, json(summary).as_str()],
        )?;
        Ok(changed == 1)
    }

    /// Sets a game's summary (after a take-back, a takeover).
    pub fn set_summary(&mut self, game: u64, summary: &GameSummary) -> Result<(), StoreError> {
        self.db.execute(
            "UPDATE games SET summary = ?2 WHERE id = ?1",
            &values![game, json(summary).as_str()],
        )?;
        Ok(())
    }

    /// Starts a game from `seek`, owned by this server, in one statement
    /// that also removes the seek: of two servers accepting it at once,
    /// the one whose delete wins makes the game, the other gets `None`.
    #[allow(clippy::too_many_arguments)] // a game's columns
    pub fn new_game_from_seek(
        &mut self,
        me: i64,
        seek: u64,
        keys: [&str; 2],
        names: [&str; 2],
        black: u8,
        terms: &Terms,
        now_ms: i64,
        summary: &GameSummary,
    ) -> Result<Option<u64>, StoreError> {
        use crate::online::protocol::Pace;
        let (minutes, increment, days) = match terms.pace {
            Pace::Clock { minutes, increment } => (Some(minutes), Some(increment), None),
            Pace::Days(days) => (None, None, Some(days)),
        };
        let row = self.db.query_first(
            "WITH s AS (DELETE FROM seeks WHERE id = ?14 RETURNING id)
             INSERT INTO games (player1, player2, black, size, variant, pie, minutes, increment,
                                days, rated, started_ms, name1, name2, owner, lease_until_ms,
                                summary)
             SELECT ?1::text, ?2::text, ?3::bigint, ?4::bigint, ?5::text, ?6::bigint,
                    ?7::bigint, ?8::bigint, ?9::bigint, ?10::bigint, ?11::bigint, ?12::text,
                    ?13::text, ?15::bigint, ?16::bigint, ?17::text FROM s
             RETURNING id",
            &values![
                keys[0],
                keys[1],
                black,
                terms.size,
                terms.variant.name(),
                terms.pie,
                minutes,
                increment,
                days,
                terms.rated,
                now_ms,
                names[0],
                names[1],
                seek,
                me,
                now_ms + LEASE_MS,
                json(summary).as_str()
            ],
        )?;
        row.map(|r| Ok(r.int(0)?.unsigned_abs())).transpose()
    }

    /// Adds an open seek made on this server; its number, the same on all.
    pub fn add_seek(&mut self, me: i64, seek: &SeekRow) -> Result<u64, StoreError> {
        // No challenge: empty (a null parameter is an integer's, db.rs).
        let (to_key, to_name) = seek.to.clone().unwrap_or_default();
        let row = self.db.query_first(
            "INSERT INTO seeks (server, key, name, to_key, to_name, terms, rating)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id",
            &values![
                me,
                &seek.key,
                &seek.name,
                &to_key,
                &to_name,
                json(&seek.terms).as_str(),
                i64::from(seek.rating)
            ],
        )?;
        let id = row.ok_or_else(|| StoreError::Corrupt("a seek without a number".into()))?;
        Ok(id.int(0)?.unsigned_abs())
    }

    /// Removes `key`'s seek `seek`; whether there was one.
    pub fn remove_seek(&mut self, seek: u64, key: &str) -> Result<bool, StoreError> {
        let removed = self.db.execute(
            "DELETE FROM seeks WHERE id = ?1 AND key = ?2",
            &values![seek, key],
        )?;
        Ok(removed > 0)
    }

    /// Removes the seeks `key` made on this server (its last connection here went).
    pub fn remove_seeks_of(&mut self, me: i64, key: &str) -> Result<(), StoreError> {
        self.db.execute(
            "DELETE FROM seeks WHERE server = ?1 AND key = ?2",
            &values![me, key],
        )?;
        Ok(())
    }

    /// Every open seek, on every server.
    pub fn seeks(&mut self) -> Result<Vec<SeekRow>, StoreError> {
        let rows = self.db.query(
            "SELECT id, server, key, name, to_key, to_name, terms, rating FROM seeks ORDER BY id",
            &[],
        )?;
        let mut seeks = Vec::new();
        for r in rows {
            let terms = serde_json::from_str(&r.text(6)?)
                .map_err(|e| StoreError::Corrupt(format!("a seek's terms: {e}")))?;
            let to = Some((r.text(4)?, r.text(5)?)).filter(|(key, _)| !key.is_empty());
            seeks.push(SeekRow {
                id: r.int(0)?.unsigned_abs(),
                server: r.int(1)?,
                key: r.text(2)?,
                name: r.text(3)?,
                to,
                terms,
                rating: r.small(7)?,
            });
        }
        Ok(seeks)
    }

    /// Seeks and challenges `key` has open, on every server.
    pub fn seeks_of(&mut self, key: &str) -> Result<usize, StoreError> {
        let row = self
            .db
            .query_first("SELECT count(*) FROM seeks WHERE key = ?1", &values![key])?;
        row.map_or(Ok(0), |r| r.small(0))
    }

    /// Games `key` plays in now, on every server.
    pub fn games_in_progress_of(&mut self, key: &str) -> Result<usize, StoreError> {
        let row = self.db.query_first(
            "SELECT count(*) FROM games WHERE result IS NULL AND (player1 = ?1 OR player2 = ?1)",
            &values![key],
        )?;
        row.map_or(Ok(0), |r| r.small(0))
    }

    /// Marks `key` online on this server (`here`) or gone from it.
    pub fn set_presence(
        &mut self,
        me: i64,
        key: &str,
        name: Option<&str>,
        here: bool,
    ) -> Result<(), StoreError> {
        if here {
            self.db.execute(
                "INSERT INTO presence (server, key, name) VALUES (?1, ?2, ?3)
                 ON CONFLICT (server, key) DO UPDATE SET name = ?3",
                // No name: empty (a null parameter is an integer's, db.rs).
                &values![me, key, name.unwrap_or_default()],
            )?;
        } else {
            self.db.execute(
                "DELETE FROM presence WHERE server = ?1 AND key = ?2",
                &values![me, key],
            )?;
        }
        Ok(())
    }

    /// Who is online on the other servers: each key, its name, on how many.
    pub fn presence_elsewhere(
        &mut self,
        me: i64,
    ) -> Result<Vec<(String, Option<String>, usize)>, StoreError> {
        let rows = self.db.query(
            "SELECT key, nullif(max(name), ''), count(*) FROM presence
             WHERE server != ?1 GROUP BY key",
            &values![me],
        )?;
        rows.iter()
            .map(|r| Ok((r.text(0)?, r.opt_text(1)?, r.small(2)?)))
            .collect()
    }

    /// The games in progress other servers referee, newest first.
    pub fn remote_games(&mut self, me: i64, most: usize) -> Result<Vec<RemoteRow>, StoreError> {
        let rows = self.db.query(
            "SELECT g.id, g.player1, g.player2, coalesce(g.name1, p1.name),
                    coalesce(g.name2, p2.name), g.summary
             FROM games g JOIN players p1 ON p1.key = g.player1 JOIN players p2 ON p2.key = g.player2
             WHERE g.result IS NULL AND g.summary IS NOT NULL
             AND (g.owner IS NULL OR g.owner != ?1) ORDER BY g.id DESC LIMIT ?2",
            &values![me, most as u64],
        )?;
        let mut games = Vec::new();
        for r in rows {
            let Ok(mut summary) = serde_json::from_str::<GameSummary>(&r.text(5)?) else {
                continue;
            };
            summary.game = crate::online::protocol::GameId(r.int(0)?.unsigned_abs());
            games.push(RemoteRow {
                keys: [r.text(1)?, r.text(2)?],
                names: [r.text(3)?, r.text(4)?],
                summary,
            });
        }
        Ok(games)
    }

    /// Writes an event for the other servers (`to`: one of them) and pokes
    /// them (NOTIFY with its number). Events are numbered in the order
    /// they are committed (one writer at a time, under a lock held to the
    /// commit), so a reader that has seen number N has seen all before.
    pub fn add_event(
        &mut self,
        me: i64,
        to: Option<i64>,
        body: &str,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        // `execute`: the row read (NOTIFY's void) is not wanted.
        self.db.execute(
            "WITH l AS (SELECT pg_advisory_xact_lock(?5::bigint)),
             e AS (INSERT INTO lobby_events (from_server, to_server, body, at_ms)
                   SELECT ?1::bigint, ?2::bigint, ?3::text, ?4::bigint FROM l RETURNING seq)
             SELECT pg_notify('brique_lobby', seq::text) FROM e",
            &values![me, to, body, now_ms, (LIVE << 32) | 0xFFFF_FFFF],
        )?;
        Ok(())
    }

    /// The events for this server after `seq`, oldest first.
    pub fn events_after(&mut self, me: i64, seq: i64) -> Result<Vec<EventRow>, StoreError> {
        let rows = self.db.query(
            "SELECT seq, from_server, body FROM lobby_events
             WHERE seq > ?1 AND from_server != ?2 AND (to_server IS NULL OR to_server = ?2)
             ORDER BY seq LIMIT 1000",
            &values![seq, me],
        )?;
        rows.iter()
            .map(|r| {
                Ok(EventRow {
                    seq: r.int(0)?,
                    from: r.int(1)?,
                    body: r.text(2)?,
                })
            })
            .collect()
    }

    /// The last event's number (where a new server starts reading).
    pub fn last_event(&mut self) -> Result<i64, StoreError> {
        let row = self
            .db
            .query_first("SELECT coalesce(max(seq), 0) FROM lobby_events", &[])?;
        row.map_or(Ok(0), |r| r.int(0))
    }

    /// Drops the events older than `before`.
    pub fn prune_events(&mut self, before_ms: i64) -> Result<(), StoreError> {
        self.db.execute(
            "DELETE FROM lobby_events WHERE at_ms < ?1",
            &values![before_ms],
        )?;
        Ok(())
    }
}

fn json<T: serde::Serialize>(value: &T) -> String {
    // These types serialize without fail: no maps with non-string keys.
    serde_json::to_string(value).unwrap_or_default()
}
