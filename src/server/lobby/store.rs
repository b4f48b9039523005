//! The lobby's database: its typed interface for the referee, over the
//! storage boundary (`db`): SQLite (bundled) in WAL mode by default, or
//! PostgreSQL; the schema made by versioned migrations (`schema`,
//! docs/server.md, "Schema"). Every accepted move and every result is
//! committed before anyone is told of it, so a `kill -9` of the server
//! loses nothing it acknowledged. Used by the referee's thread alone: one
//! connection, no locks.

use std::path::Path;

use rusqlite::Connection;
use rusqlite_migration::Migrations;
use skillratings::glicko2::Glicko2Rating;

pub use super::db::StoreError;
use super::db::{Database, Db, Postgres, Row, values};
use super::schema;
use crate::core::Variant;
use crate::online::protocol::{Pace, Terms};

/// The result kept for a game that ended before each side made a move
/// (unrated; not counted among a key's games with moves).
pub const ABORTED: &str = "Aborted before each side moved";

/// A game the database holds, as the referee needs it back.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub id: u64,
    pub keys: [String; 2],
    pub names: [String; 2],
    pub black: u8,
    pub terms: Terms,
    pub started_ms: i64,
    /// Each move, the time it took on the mover's clock, and when.
    pub moves: Vec<(String, u64, i64)>,
}

/// A rating and the games it rests on.
#[derive(Clone, Copy, Debug)]
pub struct Rated {
    pub rating: Glicko2Rating,
    pub games: u32,
}

impl Default for Rated {
    fn default() -> Rated {
        Rated {
            rating: Glicko2Rating::new(),
            games: 0,
        }
    }
}

/// A finished game's result, written with any rating change at once.
pub struct Finish<'a> {
    pub game: u64,
    pub result: &'a str,
    pub record: &'a str,
    pub ended_ms: i64,
    /// For a rated game: the key and new rating of each player whose
    /// rating changes.
    pub ratings: Vec<(&'a str, Rated)>,
    pub variant: Variant,
    /// The server that must own the game for the end to be written
    /// (several servers over one database); `None` for a lone server.
    pub owner: Option<i64>,
}

pub struct Store {
    pub(super) db: Db,
}

impl Store {
    /// Opens (or makes) the SQLite database at `path` and brings its schema
    /// up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let mut db = Connection::open(path)?;
        // WAL: readers do not block the writer; `synchronous = NORMAL` in WAL
        // mode loses nothing when the process is killed (only a power cut
        // can take the last commits), at a fraction of FULL's fsyncs.
        db.pragma_update(None, "journal_mode", "WAL")?;
        db.pragma_update(None, "synchronous", "NORMAL")?;
        db.pragma_update(None, "foreign_keys", "ON")?;
        db.busy_timeout(std::time::Duration::from_secs(5))?;
        Migrations::from_slice(schema::SQLITE).to_latest(&mut db)?;
        let mut store = Store { db: Db::Sqlite(db) };
        store.fill_skeletons()?;
        Ok(store)
    }

    /// Opens the lobby's database wherever `database` says (an SQLite
    /// file, made if missing, or a PostgreSQL server) and brings its schema
    /// up to date.
    pub fn connect(database: &Database) -> Result<Store, StoreError> {
        match database {
            Database::File(path) => Store::open(path),
            Database::Postgres(url) => {
                let mut pg = Postgres::connect(url)?;
                schema::migrate_postgres(&mut pg)?;
                Ok(Store {
                    db: Db::Postgres(Box::new(pg)),
                })
            }
        }
    }

    /// The name of the player with `key`, if the server knows it.
    pub fn name_of(&mut self, key: &str) -> Result<Option<String>, StoreError> {
        self.db
            .query_first("SELECT name FROM players WHERE key = ?1", &values![key])?
            .map(|r| r.text(0))
            .transpose()
    }

    /// The key and name of the player called `name` (in any case).
    pub fn find(&mut self, name: &str) -> Result<Option<(String, String)>, StoreError> {
        self.db
            .query_first(
                "SELECT key, name FROM players WHERE name_key = ?1",
                &values![name.to_lowercase().as_str()],
            )?
            .map(|r| Ok((r.text(0)?, r.text(1)?)))
            .transpose()
    }

    pub fn rating(&mut self, key: &str, variant: Variant) -> Result<Rated, StoreError> {
        let found = self.db.query_first(
            "SELECT rating, deviation, volatility, games FROM ratings
             WHERE key = ?1 AND variant = ?2",
            &values![key, variant.name()],
        )?;
        let Some(r) = found else {
            return Ok(Rated::default());
        };
        Ok(Rated {
            rating: Glicko2Rating {
                rating: r.real(0)?,
                deviation: r.real(1)?,
                volatility: r.real(2)?,
            },
            games: r.small(3)?,
        })
    }

    /// Records a new game; returns its number.
    pub fn new_game(
        &mut self,
        keys: [&str; 2],
        names: [&str; 2],
        black: u8,
        terms: &Terms,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        let (minutes, increment, days) = match terms.pace {
            Pace::Clock { minutes, increment } => (Some(minutes), Some(increment), None),
            Pace::Days(days) => (None, None, Some(days)),
        };
        let row = self.db.query_first(
            "INSERT INTO games (player1, player2, black, size, variant, pie, minutes, increment,
                                days, rated, started_ms, name1, name2)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
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
                names[1]
            ],
        )?;
        let id = row.ok_or_else(|| StoreError::Corrupt("a new game without a number".into()))?;
        Ok(id.int(0)?.unsigned_abs())
    }

    /// Records an accepted move (committed on return).
    pub fn add_move(
        &mut self,
        game: u64,
        ply: u16,
        mv: &str,
        spent_ms: u64,
        at_ms: i64,
    ) -> Result<(), StoreError> {
        self.db.execute(
            "INSERT INTO moves (game, ply, mv, spent_ms, at_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
            &values![game, ply, mv, spent_ms, at_ms],
        )?;
        Ok(())
    }

    /// Records a chat line of a game's player (committed on return).
    pub fn add_chat(
        &mut self,
        game: u64,
        key: &str,
        text: &str,
        at_ms: i64,
    ) -> Result<(), StoreError> {
        self.db.execute(
            "INSERT INTO chat (game, key, text, at_ms) VALUES (?1, ?2, ?3, ?4)",
            &values![game, key, text, at_ms],
        )?;
        Ok(())
    }

    /// A game's chat, oldest first: each line's speaker's name and text.
    pub fn chat(&mut self, game: u64) -> Result<Vec<(String, String)>, StoreError> {
        let rows = self.db.query(
            "SELECT p.name, c.text FROM chat c JOIN players p ON p.key = c.key
             WHERE c.game = ?1 ORDER BY c.at_ms, c.rowid",
            &values![game],
        )?;
        rows.iter().map(|r| Ok((r.text(0)?, r.text(1)?))).collect()
    }

    /// Takes a game's moves back to its first `keep` (committed on return).
    pub fn take_back(&mut self, game: u64, keep: usize) -> Result<(), StoreError> {
        self.db.execute(
            "DELETE FROM moves WHERE game = ?1 AND ply >= ?2",
            &values![game, keep as u64],
        )?;
        Ok(())
    }

    /// Records a game's end, its record and the players' new ratings, all
    /// in one transaction.
    pub fn finish(&mut self, finish: &Finish<'_>) -> Result<(), StoreError> {
        let mut statements = vec![(
            "UPDATE games SET result = ?2, record = ?3, ended_ms = ?4
             WHERE id = ?1 AND (CAST(?5 AS BIGINT) IS NULL OR owner = ?5)",
            values![
                finish.game,
                finish.result,
                finish.record,
                finish.ended_ms,
                finish.owner
            ],
        )];
        for (key, rated) in &finish.ratings {
            let r = rated.rating;
            statements.push((
                "INSERT INTO ratings (key, variant, rating, deviation, volatility, games)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (key, variant) DO UPDATE SET rating = ?3, deviation = ?4,
                     volatility = ?5, games = ?6",
                values![
                    *key,
                    finish.variant.name(),
                    r.rating,
                    r.deviation,
                    r.volatility,
                    rated.games
                ],
            ));
            statements.push((
                "INSERT INTO rating_history (key, variant, game, rating, deviation, at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                values![
                    *key,
                    finish.variant.name(),
                    finish.game,
                    r.rating,
                    r.deviation,
                    finish.ended_ms
                ],
            ));
        }
        if self.db.transaction_if(&statements, true)? {
            Ok(())
        } else {
            Err(StoreError::Lost(finish.game))
        }
    }

    /// The finished games of `key` that were not aborted (each side moved).
    pub fn games_with_moves(&mut self, key: &str) -> Result<u32, StoreError> {
        let row = self.db.query_first(
            "SELECT count(*) FROM games
             WHERE (player1 = ?1 OR player2 = ?1) AND result IS NOT NULL AND result != ?2",
            &values![key, ABORTED],
        )?;
        row.map_or(Ok(0), |r| r.small(0))
    }

    /// Every game still going on, with its moves: the referee's state
    /// after a restart.
    pub fn unfinished(&mut self) -> Result<Vec<StoredGame>, StoreError> {
        let rows = self.db.query(
            "SELECT g.id, g.player1, g.player2, coalesce(g.name1, p1.name),
                    coalesce(g.name2, p2.name), g.black, g.size, g.variant,
                    g.pie, g.minutes, g.increment, g.days, g.rated, g.started_ms
             FROM games g JOIN players p1 ON p1.key = g.player1 JOIN players p2 ON p2.key = g.player2
             WHERE g.result IS NULL ORDER BY g.id",
            &[],
        )?;
        let mut games = Vec::new();
        for r in rows {
            let id = r.int(0)?.unsigned_abs();
            games.push(StoredGame {
                id,
                keys: [r.text(1)?, r.text(2)?],
                names: [r.text(3)?, r.text(4)?],
                black: r.small(5)?,
                terms: terms_of(&r, 6)?,
                started_ms: r.int(13)?,
                moves: self.moves(id)?,
            });
        }
        Ok(games)
    }

    pub(super) fn moves(&mut self, game: u64) -> Result<Vec<(String, u64, i64)>, StoreError> {
        let rows = self.db.query(
            "SELECT mv, spent_ms, at_ms FROM moves WHERE game = ?1 ORDER BY ply",
            &values![game],
        )?;
        rows.iter()
            .map(|r| Ok((r.text(0)?, r.int(1)?.unsigned_abs(), r.int(2)?)))
            .collect()
    }
}

/// The terms in columns size, variant, pie, minutes, increment, days,
/// rated from `at`; a game's terms this program cannot read are
/// [`StoreError::Corrupt`].
pub(super) fn terms_of(r: &Row, at: usize) -> Result<Terms, StoreError> {
    let variant = r.text(at + 1)?;
    let pace = match (
        r.opt_small::<u16>(at + 3)?,
        r.opt_small::<u16>(at + 4)?,
        r.opt_small::<u8>(at + 5)?,
    ) {
        (Some(minutes), Some(increment), None) => Pace::Clock { minutes, increment },
        (None, None, Some(days)) => Pace::Days(days),
        _ => {
            return Err(StoreError::Corrupt(
                "a game with neither clock nor days".into(),
            ));
        }
    };
    let Ok(variant) = variant.parse() else {
        return Err(StoreError::Corrupt(format!("unknown rules {variant}")));
    };
    Ok(Terms {
        size: r.small(at)?,
        variant,
        pie: r.int(at + 2)? != 0,
        pace,
        rated: r.int(at + 6)? != 0,
    })
}
