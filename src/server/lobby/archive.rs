//! What the database answers to look-ups: the leaderboard, a player's
//! ratings and their history, the archive of finished games and a game's
//! record. Each answer holds at most `MAX_LIST` entries, so that it fits
//! one message.

use rusqlite::{OptionalExtension, params};

use super::store::{Store, StoreError, sql, terms_of};
use crate::core::Variant;
use crate::online::protocol::{FinishedGame, GameId, MAX_LIST, RatedPlayer, RatingPoint};

/// Answers hold at most this many rows.
const LIMIT: i64 = MAX_LIST as i64;

fn rated_player(r: &rusqlite::Row<'_>) -> rusqlite::Result<Option<RatedPlayer>> {
    let variant: String = r.get(1)?;
    Ok(variant.parse().ok().map(|variant| RatedPlayer {
        name: r.get(0).unwrap_or_default(),
        variant,
        rating: r.get(2).unwrap_or_default(),
        deviation: r.get(3).unwrap_or_default(),
        games: r.get(4).unwrap_or_default(),
    }))
}

impl Store {
    /// The best rated players of `variant`, best first.
    pub fn leaderboard(&self, variant: Variant) -> Result<Vec<RatedPlayer>, StoreError> {
        let mut query = self.db.prepare_cached(
            "SELECT p.name, r.variant, r.rating, r.deviation, r.games
             FROM ratings r JOIN players p ON p.key = r.key
             WHERE r.variant = ?1 ORDER BY r.rating DESC LIMIT ?2",
        )?;
        let rows = query.query_map(params![variant.name(), LIMIT], rated_player)?;
        Ok(rows
            .filter_map(|r| r.transpose())
            .collect::<Result<_, _>>()?)
    }

    /// A player's ratings (one per variant played rated) and their history,
    /// newest last.
    pub fn ratings(&self, key: &str) -> Result<(Vec<RatedPlayer>, Vec<RatingPoint>), StoreError> {
        let mut query = self.db.prepare_cached(
            "SELECT p.name, r.variant, r.rating, r.deviation, r.games
             FROM ratings r JOIN players p ON p.key = r.key WHERE r.key = ?1 ORDER BY r.variant",
        )?;
        let rows = query.query_map([key], rated_player)?;
        let ratings = rows
            .filter_map(|r| r.transpose())
            .collect::<Result<_, _>>()?;
        let mut query = self.db.prepare_cached(
            "SELECT variant, game, rating, at_ms FROM
                (SELECT rowid, * FROM rating_history WHERE key = ?1 ORDER BY rowid DESC LIMIT ?2)
             ORDER BY rowid",
        )?;
        let rows = query.query_map(params![key, LIMIT], |r| {
            let variant: String = r.get(0)?;
            Ok(variant.parse().ok().map(|variant| RatingPoint {
                variant,
                game: GameId(r.get::<_, i64>(1).unwrap_or_default().unsigned_abs()),
                rating: r.get(2).unwrap_or_default(),
                at_ms: r.get(3).unwrap_or_default(),
            }))
        })?;
        let history = rows
            .filter_map(|r| r.transpose())
            .collect::<Result<_, _>>()?;
        Ok((ratings, history))
    }

    /// A player's finished games, newest first.
    pub fn archive(&self, key: &str) -> Result<Vec<FinishedGame>, StoreError> {
        let mut query = self.db.prepare_cached(
            "SELECT g.id, coalesce(g.name1, p1.name), coalesce(g.name2, p2.name), g.size, g.variant, g.pie, g.minutes, g.increment,
                    g.days, g.rated, g.result, g.ended_ms,
                    (SELECT count(*) FROM moves m WHERE m.game = g.id)
             FROM games g JOIN players p1 ON p1.key = g.player1 JOIN players p2 ON p2.key = g.player2
             WHERE g.result IS NOT NULL AND (g.player1 = ?1 OR g.player2 = ?1)
             ORDER BY g.ended_ms DESC, g.id DESC LIMIT ?2",
        )?;
        let rows = query.query_map(params![key, LIMIT], |r| {
            // A result the archive cannot read leaves its game out, as
            // unreadable terms do.
            let result = r.get::<_, String>(10).ok().and_then(|t| t.parse().ok());
            Ok(terms_of(r, 3)?
                .ok()
                .zip(result)
                .map(|(terms, result)| FinishedGame {
                    game: GameId(r.get::<_, i64>(0).unwrap_or_default().unsigned_abs()),
                    names: [r.get(1).unwrap_or_default(), r.get(2).unwrap_or_default()],
                    terms,
                    result,
                    moves: r.get(12).unwrap_or_default(),
                    ended_ms: r.get(11).unwrap_or_default(),
                }))
        })?;
        Ok(rows
            .filter_map(|r| r.transpose())
            .collect::<Result<_, _>>()?)
    }

    /// A finished game's record.
    pub fn record(&self, game: u64) -> Result<Option<String>, StoreError> {
        Ok(self
            .db
            .query_row(
                "SELECT record FROM games WHERE id = ?1 AND record IS NOT NULL",
                [sql(game)],
                |r| r.get(0),
            )
            .optional()?)
    }
}
