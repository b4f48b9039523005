//! What the database answers to look-ups: the leaderboard, a player's
//! ratings and their history, the archive of finished games and a game's
//! record. Each answer holds at most `MAX_LIST` entries, so that it fits
//! one message.

use super::db::{Row, values};
use super::store::{Store, StoreError, terms_of};
use crate::core::Variant;
use crate::online::protocol::{
    FinishedGame, GameId, GameResult, MAX_LIST, RatedPlayer, RatingPoint,
};

/// Answers hold at most this many rows.
const LIMIT: i64 = MAX_LIST as i64;

/// A rated player from columns name, variant, rating, deviation, games, bot;
/// none for a variant this program does not know.
fn rated_player(r: &Row) -> Result<Option<RatedPlayer>, StoreError> {
    let Ok(variant) = r.text(1)?.parse() else {
        return Ok(None);
    };
    Ok(Some(RatedPlayer {
        name: r.text(0)?,
        variant,
        rating: r.real(2)?,
        deviation: r.real(3)?,
        games: r.small(4)?,
        bot: r.int(5)? != 0,
    }))
}

impl Store {
    /// The best rated players of `variant`, best first.
    pub fn leaderboard(&mut self, variant: Variant) -> Result<Vec<RatedPlayer>, StoreError> {
        let rows = self.db.query(
            "SELECT p.name, r.variant, r.rating, r.deviation, r.games, p.bot
             FROM ratings r JOIN players p ON p.key = r.key
             WHERE r.variant = ?1 ORDER BY r.rating DESC LIMIT ?2",
            &values![variant.name(), LIMIT],
        )?;
        rows.iter()
            .filter_map(|r| rated_player(r).transpose())
            .collect()
    }

    /// A player's ratings (one per variant played rated) and their history,
    /// newest last.
    pub fn ratings(
        &mut self,
        key: &str,
    ) -> Result<(Vec<RatedPlayer>, Vec<RatingPoint>), StoreError> {
        let rows = self.db.query(
            "SELECT p.name, r.variant, r.rating, r.deviation, r.games, p.bot
             FROM ratings r JOIN players p ON p.key = r.key WHERE r.key = ?1 ORDER BY r.variant",
            &values![key],
        )?;
        let ratings = rows
            .iter()
            .filter_map(|r| rated_player(r).transpose())
            .collect::<Result<_, _>>()?;
        let rows = self.db.query(
            "SELECT variant, game, rating, at_ms FROM
                (SELECT rowid, variant, game, rating, at_ms FROM rating_history
                 WHERE key = ?1 ORDER BY rowid DESC LIMIT ?2) AS recent
             ORDER BY rowid",
            &values![key, LIMIT],
        )?;
        let mut history = Vec::new();
        for r in rows {
            let Ok(variant) = r.text(0)?.parse() else {
                continue;
            };
            history.push(RatingPoint {
                variant,
                game: GameId(r.int(1)?.unsigned_abs()),
                rating: r.real(2)?,
                at_ms: r.int(3)?,
            });
        }
        Ok((ratings, history))
    }

    /// A player's finished games, newest first.
    pub fn archive(&mut self, key: &str) -> Result<Vec<FinishedGame>, StoreError> {
        let rows = self.db.query(
            "SELECT g.id, coalesce(g.name1, p1.name), coalesce(g.name2, p2.name), g.size, g.variant, g.pie, g.minutes, g.increment,
                    g.days, g.rated, g.result, g.ended_ms,
                    (SELECT count(*) FROM moves m WHERE m.game = g.id), p1.bot, p2.bot
             FROM games g JOIN players p1 ON p1.key = g.player1 JOIN players p2 ON p2.key = g.player2
             WHERE g.result IS NOT NULL AND (g.player1 = ?1 OR g.player2 = ?1)
             ORDER BY g.ended_ms DESC, g.id DESC LIMIT ?2",
            &values![key, LIMIT],
        )?;
        let mut games = Vec::new();
        for r in rows {
            // A game under terms this program cannot read is left out.
            let terms = match terms_of(&r, 3) {
                Ok(terms) => terms,
                Err(StoreError::Corrupt(_)) => continue,
                Err(e) => return Err(e),
            };
            // A result the archive cannot read leaves its game out too.
            let Ok(result) = r.text(10)?.parse::<GameResult>() else {
                continue;
            };
            games.push(FinishedGame {
                game: GameId(r.int(0)?.unsigned_abs()),
                names: [r.text(1)?, r.text(2)?],
                terms,
                result,
                moves: r.small(12)?,
                ended_ms: r.opt_int(11)?.unwrap_or_default(),
                bots: [r.int(13)? != 0, r.int(14)? != 0],
            });
        }
        Ok(games)
    }

    /// A finished game's record.
    pub fn record(&mut self, game: u64) -> Result<Option<String>, StoreError> {
        self.db
            .query_first(
                "SELECT record FROM games WHERE id = ?1 AND record IS NOT NULL",
                &values![game],
            )?
            .map(|r| r.text(0))
            .transpose()
    }
}
