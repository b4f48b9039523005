//! Names on the lobby: taken at a new key's first connection, unique by
//! their look (the TR39 skeleton, `crate::online::name`), changed by
//! `rename` at most once in [`RENAME_EVERY_DAYS`]. A name given up stays
//! its former owner's for as long, so that no one can take it at once and
//! pass for them; it stays too in the records and the archive of the
//! games played under it. New keys (registrations) are limited per
//! address a day (`LobbyLimits::registrations_per_day`).

use std::net::IpAddr;

use super::db::values;
use super::referee::Referee;
use super::refusal::AskRefusal;
use super::store::{Store, StoreError};
use crate::online::name::{NameError, PlayerName, check_name, skeleton_of};
use crate::online::protocol::{Answer, FromServer, Push};

/// A key renames itself at most once in this many days; a name given up
/// is kept for its former owner as long.
pub const RENAME_EVERY_DAYS: i64 = 30;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

impl Store {
    /// Gives each player of an older database their name's skeleton; two
    /// older names that look alike keep theirs, and none (no new name may
    /// look like either: both are compared by name too).
    pub(super) fn fill_skeletons(&mut self) -> Result<(), StoreError> {
        let rows = self
            .db
            .query("SELECT key, name FROM players WHERE skeleton IS NULL", &[])?;
        for r in rows {
            let (key, name) = (r.text(0)?, r.text(1)?);
            // Left empty where another player holds the skeleton already.
            self.db.execute(
                "UPDATE players SET skeleton = ?2 WHERE key = ?1
                 AND NOT EXISTS (SELECT 1 FROM players WHERE skeleton = ?2)",
                &values![&key, skeleton_of(&name).as_str()],
            )?;
        }
        Ok(())
    }

    /// Why `wanted` cannot be `key`'s: another player's name, one that
    /// looks like it, or one given up by another in the last month.
    fn name_conflict(
        &mut self,
        key: &str,
        wanted: &PlayerName,
        now_ms: i64,
    ) -> Result<Option<NameError>, StoreError> {
        let held = self.db.query_first(
            "SELECT name FROM players WHERE key != ?1 AND (name_key = ?2 OR skeleton = ?3)
             UNION ALL
             SELECT name FROM names WHERE key != ?1 AND skeleton = ?3 AND until_ms > ?4
             LIMIT 1",
            &values![
                key,
                wanted.shown.to_lowercase().as_str(),
                &wanted.skeleton,
                now_ms - RENAME_EVERY_DAYS * DAY_MS
            ],
        )?;
        let Some(held) = held else { return Ok(None) };
        let taken = held.text(0)?;
        Ok(Some(
            if taken.to_lowercase() == wanted.shown.to_lowercase() {
                NameError::Taken { name: taken }
            } else {
                NameError::LooksLike {
                    name: wanted.shown.clone(),
                    taken,
                }
            },
        ))
    }

    /// Adds a player named `wanted`, or says why the name cannot be theirs.
    /// Two servers over one database may add the same name at once: the
    /// unique indexes decide, and the loser is told the name is taken.
    pub fn add_player(
        &mut self,
        key: &str,
        wanted: &PlayerName,
        now_ms: i64,
        bot: bool,
    ) -> Result<Result<(), NameError>, StoreError> {
        if let Some(conflict) = self.name_conflict(key, wanted, now_ms)? {
            return Ok(Err(conflict));
        }
        let added = self.db.execute(
            "INSERT INTO players (key, name, name_key, skeleton, created_ms, bot)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING",
            &values![
                key,
                &wanted.shown,
                wanted.shown.to_lowercase().as_str(),
                &wanted.skeleton,
                now_ms,
                bot
            ],
        )?;
        Ok(if added == 1 {
            Ok(())
        } else {
            Err(NameError::Taken {
                name: wanted.shown.clone(),
            })
        })
    }

    /// Renames `key` to `wanted`, keeping its old name in `names`; or why not.
    pub fn rename(
        &mut self,
        key: &str,
        wanted: &PlayerName,
        now_ms: i64,
    ) -> Result<Result<(), AskRefusal>, StoreError> {
        let Some(row) = self.db.query_first(
            "SELECT name, coalesce(skeleton, '') FROM players WHERE key = ?1",
            &values![key],
        )?
        else {
            return Ok(Err(AskRefusal::RenameUnnamed));
        };
        let (old, old_skeleton) = (row.text(0)?, row.text(1)?);
        if old == wanted.shown {
            return Ok(Err(AskRefusal::SameName(old)));
        }
        let last = self
            .db
            .query_first(
                "SELECT max(until_ms) FROM names WHERE key = ?1",
                &values![key],
            )?
            .map(|r| r.opt_int(0))
            .transpose()?
            .flatten();
        if let Some(last) = last {
            let next = last + RENAME_EVERY_DAYS * DAY_MS;
            if now_ms < next {
                let days = (next - now_ms + DAY_MS - 1) / DAY_MS;
                return Ok(Err(AskRefusal::RenameTooSoon {
                    days,
                    every: RENAME_EVERY_DAYS,
                }));
            }
        }
        if let Some(conflict) = self.name_conflict(key, wanted, now_ms)? {
            return Ok(Err(AskRefusal::Name(conflict)));
        }
        self.db.transaction(&[
            (
                "INSERT INTO names (key, name, skeleton, until_ms) VALUES (?1, ?2, ?3, ?4)",
                values![key, &old, &old_skeleton, now_ms],
            ),
            (
                "UPDATE players SET name = ?2, name_key = ?3, skeleton = ?4 WHERE key = ?1",
                values![
                    key,
                    &wanted.shown,
                    wanted.shown.to_lowercase().as_str(),
                    &wanted.skeleton
                ],
            ),
        ])?;
        Ok(Ok(()))
    }

    /// The names `key` gave up, oldest first.
    pub fn old_names(&mut self, key: &str) -> Result<Vec<String>, StoreError> {
        let rows = self.db.query(
            "SELECT name FROM names WHERE key = ?1 ORDER BY until_ms",
            &values![key],
        )?;
        rows.iter().map(|r| r.text(0)).collect()
    }
}

impl Referee {
    /// The name a new key asks for, taken for it; or why not (the refusal
    /// and, for a name's fault, its kind).
    pub(super) fn register(
        &mut self,
        key: &str,
        raw: &str,
        from: Option<IpAddr>,
        bot: bool,
    ) -> Result<String, (String, Option<NameError>)> {
        let named = |e: NameError| (e.to_string(), Some(e));
        let wanted = check_name(raw).map_err(named)?;
        let now_ms = (self.wall)();
        let per_day = self.limits.registrations_per_day;
        if let Some(ip) = from
            && !(self.registrations).allowed(ip, self.limits.registrations_rate(), now_ms)
        {
            return Err((
                format!(
                    "too many new players from your address today (at most {per_day} a day): \
                     try again tomorrow"
                ),
                None,
            ));
        }
        match self.store.add_player(key, &wanted, now_ms, bot) {
            Ok(Ok(())) => {
                if bot {
                    self.bots.insert(key.to_string());
                }
                if let Some(ip) = from {
                    let rate = self.limits.registrations_rate();
                    self.registrations.count(ip, rate, now_ms);
                }
                Ok(wanted.shown)
            }
            Ok(Err(e)) => Err(named(e)),
            Err(e) => Err((self.failed(&e).to_string(), None)),
        }
    }

    /// `rename`: `key` takes the name `raw`; every copy of it is told.
    pub(super) fn rename(&mut self, key: &str, raw: &str) -> Result<Answer, AskRefusal> {
        let wanted = check_name(raw)?;
        let now_ms = (self.wall)();
        self.store
            .rename(key, &wanted, now_ms)
            .map_err(|e| self.failed(&e))??;
        let name = wanted.shown;
        for conn in self.conns.values_mut().filter(|c| c.key == key) {
            conn.name = Some(name.clone());
        }
        for seek in self.seeks.values_mut() {
            if seek.key == key {
                seek.name.clone_from(&name);
            }
            if let Some((to, to_name)) = &mut seek.to
                && to == key
            {
                to_name.clone_from(&name);
            }
        }
        self.dirty.players = true;
        self.dirty.seeks = true;
        tracing::info!(key, %name, "a player renamed");
        self.tell_key(key, &FromServer::Push(Push::Renamed { name: name.clone() }));
        Ok(Answer::Renamed { name })
    }
}
