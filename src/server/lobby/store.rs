//! The lobby's database: SQLite (bundled) in WAL mode, its schema made by
//! versioned migrations (docs/server.md, "Schema"). Every accepted move
//! and every result is committed before anyone is told of it, so a
//! `kill -9` of the server loses nothing it acknowledged. Used by the
//! referee's thread alone: one connection, no locks.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};
use rusqlite_migration::{M, Migrations};
use skillratings::glicko2::Glicko2Rating;

use crate::core::Variant;
use crate::online::protocol::{Pace, Terms};

/// The result kept for a game that ended before each side made a move
/// (unrated; not counted among a key's games with moves).
pub const ABORTED: &str = "Aborted before each side moved";

/// The schema, one migration per version; a new version is a new entry
/// at the end, never a change to one already shipped.
const MIGRATIONS: &[M<'static>] = &[
    // 1: players, games, moves, ratings.
    M::up(
        "CREATE TABLE players (
        key TEXT PRIMARY KEY,              -- the public key, hexadecimal
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,     -- the name in lower case: names are unique so
        created_ms INTEGER NOT NULL
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        player1 TEXT NOT NULL REFERENCES players(key),
        player2 TEXT NOT NULL REFERENCES players(key),
        black INTEGER NOT NULL,            -- 1 or 2: who held Black at the start
        size INTEGER NOT NULL,
        variant TEXT NOT NULL,
        pie INTEGER NOT NULL,
        minutes INTEGER,                   -- a clock game: minutes + increment
        increment INTEGER,
        days INTEGER,                      -- a correspondence game: days a move
        rated INTEGER NOT NULL,
        started_ms INTEGER NOT NULL,
        result TEXT,                       -- NULL while the game goes on
        ended_ms INTEGER,
        record TEXT                        -- the finished game's record
    );
    CREATE INDEX games_playing ON games(id) WHERE result IS NULL;
    CREATE INDEX games_player1 ON games(player1, ended_ms);
    CREATE INDEX games_player2 ON games(player2, ended_ms);
    CREATE TABLE moves (
        game INTEGER NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,              -- 0 for the first move
        mv TEXT NOT NULL,
        spent_ms INTEGER NOT NULL,         -- on the mover's clock
        at_ms INTEGER NOT NULL,            -- when it was accepted
        PRIMARY KEY (game, ply)
    ) WITHOUT ROWID;
    CREATE TABLE ratings (
        key TEXT NOT NULL REFERENCES players(key),
        variant TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (key, variant)
    ) WITHOUT ROWID;
    CREATE INDEX ratings_board ON ratings(variant, rating DESC);
    CREATE TABLE rating_history (
        key TEXT NOT NULL REFERENCES players(key),
        variant TEXT NOT NULL,
        game INTEGER NOT NULL REFERENCES games(id),
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        at_ms INTEGER NOT NULL
    );
    CREATE INDEX rating_history_key ON rating_history(key, at_ms);",
    ),
    // 2: what the two players of a game said to each other.
    M::up(
        "CREATE TABLE chat (
        game INTEGER NOT NULL REFERENCES games(id),
        key TEXT NOT NULL REFERENCES players(key),
        text TEXT NOT NULL,                -- cleaned: no control characters, 200 at most
        at_ms INTEGER NOT NULL
    );
    CREATE INDEX chat_game ON chat(game, at_ms);",
    ),
    // 3: names kept unique by their look (`skeleton`, TR39), the
    // names given up by a rename, and the names each game was played under.
    M::up(
        "ALTER TABLE players ADD COLUMN skeleton TEXT;
    CREATE UNIQUE INDEX players_skeleton ON players(skeleton);
    CREATE TABLE names (
        key TEXT NOT NULL REFERENCES players(key),
        name TEXT NOT NULL,                -- a name given up
        skeleton TEXT NOT NULL,
        until_ms INTEGER NOT NULL          -- when it was given up
    );
    CREATE INDEX names_key ON names(key, until_ms);
    CREATE INDEX names_skeleton ON names(skeleton, until_ms);
    ALTER TABLE games ADD COLUMN name1 TEXT;
    ALTER TABLE games ADD COLUMN name2 TEXT;",
    ),
];

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("the database's schema: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    #[error("the database holds a game it cannot read: {0}")]
    Corrupt(String),
}

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
}

pub struct Store {
    pub(super) db: Connection,
}

impl Store {
    /// Opens (or makes) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let mut db = Connection::open(path)?;
        // WAL: readers do not block the writer; `synchronous = NORMAL` in WAL
        // mode loses nothing when the process is killed (only a power cut
        // can take the last commits), at a fraction of FULL's fsyncs.
        db.pragma_update(None, "journal_mode", "WAL")?;
        db.pragma_update(None, "synchronous", "NORMAL")?;
        db.pragma_update(None, "foreign_keys", "ON")?;
        db.busy_timeout(std::time::Duration::from_secs(5))?;
        Migrations::from_slice(MIGRATIONS).to_latest(&mut db)?;
        let store = Store { db };
        store.fill_skeletons()?;
        Ok(store)
    }

    /// The name of the player with `key`, if the server knows it.
    pub fn name_of(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .db
            .query_row("SELECT name FROM players WHERE key = ?1", [key], |r| {
                r.get(0)
            })
            .optional()?)
    }

    /// The key and name of the player called `name` (in any case).
    pub fn find(&self, name: &str) -> Result<Option<(String, String)>, StoreError> {
        Ok(self
            .db
            .query_row(
                "SELECT key, name FROM players WHERE name_key = ?1",
                [name.to_lowercase()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    pub fn rating(&self, key: &str, variant: Variant) -> Result<Rated, StoreError> {
        let found = self
            .db
            .query_row(
                "SELECT rating, deviation, volatility, games FROM ratings
                 WHERE key = ?1 AND variant = ?2",
                params![key, variant.name()],
                |r| {
                    Ok(Rated {
                        rating: Glicko2Rating {
                            rating: r.get(0)?,
                            deviation: r.get(1)?,
                            volatility: r.get(2)?,
                        },
                        games: r.get(3)?,
                    })
                },
            )
            .optional()?;
        Ok(found.unwrap_or_default())
    }

    /// Records a new game; returns its number.
    pub fn new_game(
        &self,
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
        self.db.execute(
            "INSERT INTO games (player1, player2, black, size, variant, pie, minutes, increment,
                                days, rated, started_ms, name1, name2)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            params![
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
        Ok(self.db.last_insert_rowid().unsigned_abs())
    }

    /// Records an accepted move (committed on return).
    pub fn add_move(
        &self,
        game: u64,
        ply: u16,
        mv: &str,
        spent_ms: u64,
        at_ms: i64,
    ) -> Result<(), StoreError> {
        self.db.execute(
            "INSERT INTO moves (game, ply, mv, spent_ms, at_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![sql(game), ply, mv, sql(spent_ms), at_ms],
        )?;
        Ok(())
    }

    /// Records a chat line of a game's player (committed on return).
    pub fn add_chat(&self, game: u64, key: &str, text: &str, at_ms: i64) -> Result<(), StoreError> {
        self.db.execute(
            "INSERT INTO chat (game, key, text, at_ms) VALUES (?1, ?2, ?3, ?4)",
            params![sql(game), key, text, at_ms],
        )?;
        Ok(())
    }

    /// A game's chat, oldest first: each line's speaker's name and text.
    pub fn chat(&self, game: u64) -> Result<Vec<(String, String)>, StoreError> {
        let mut query = self.db.prepare_cached(
            "SELECT p.name, c.text FROM chat c JOIN players p ON p.key = c.key
             WHERE c.game = ?1 ORDER BY c.at_ms, c.rowid",
        )?;
        let rows = query.query_map([sql(game)], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Takes a game's moves back to its first `keep` (committed on return).
    pub fn take_back(&self, game: u64, keep: usize) -> Result<(), StoreError> {
        self.db.execute(
            "DELETE FROM moves WHERE game = ?1 AND ply >= ?2",
            params![sql(game), sql(keep as u64)],
        )?;
        Ok(())
    }

    /// Records a game's end, its record and the players' new ratings, all
    /// in one transaction.
    pub fn finish(&mut self, finish: &Finish<'_>) -> Result<(), StoreError> {
        let tx = self.db.transaction()?;
        tx.execute(
            "UPDATE games SET result = ?2, record = ?3, ended_ms = ?4 WHERE id = ?1",
            params![
                sql(finish.game),
                finish.result,
                finish.record,
                finish.ended_ms
            ],
        )?;
        for (key, rated) in &finish.ratings {
            let r = rated.rating;
            tx.execute(
                "INSERT INTO ratings (key, variant, rating, deviation, volatility, games)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (key, variant) DO UPDATE SET rating = ?3, deviation = ?4,
                     volatility = ?5, games = ?6",
                params![
                    key,
                    finish.variant.name(),
                    r.rating,
                    r.deviation,
                    r.volatility,
                    rated.games
                ],
            )?;
            tx.execute(
                "INSERT INTO rating_history (key, variant, game, rating, deviation, at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    key,
                    finish.variant.name(),
                    sql(finish.game),
                    r.rating,
                    r.deviation,
                    finish.ended_ms
                ],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The finished games of `key` that were not aborted (each side moved).
    pub fn games_with_moves(&self, key: &str) -> Result<u32, StoreError> {
        Ok(self.db.query_row(
            "SELECT count(*) FROM games
             WHERE (player1 = ?1 OR player2 = ?1) AND result IS NOT NULL AND result != ?2",
            params![key, ABORTED],
            |r| r.get(0),
        )?)
    }

    /// Every game still going on, with its moves: the referee's state
    /// after a restart.
    pub fn unfinished(&self) -> Result<Vec<StoredGame>, StoreError> {
        let mut games = Vec::new();
        let mut query = self.db.prepare(
            "SELECT g.id, g.player1, g.player2, coalesce(g.name1, p1.name),
                    coalesce(g.name2, p2.name), g.black, g.size, g.variant,
                    g.pie, g.minutes, g.increment, g.days, g.rated, g.started_ms
             FROM games g JOIN players p1 ON p1.key = g.player1 JOIN players p2 ON p2.key = g.player2
             WHERE g.result IS NULL ORDER BY g.id",
        )?;
        let rows = query.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?.unsigned_abs(),
                [r.get::<_, String>(1)?, r.get(2)?],
                [r.get::<_, String>(3)?, r.get(4)?],
                r.get::<_, u8>(5)?,
                terms_of(r, 6)?,
                r.get::<_, i64>(13)?,
            ))
        })?;
        for row in rows {
            let (id, keys, names, black, terms, started_ms) = row?;
            let terms = terms.map_err(StoreError::Corrupt)?;
            games.push(StoredGame {
                id,
                keys,
                names,
                black,
                terms,
                started_ms,
                moves: self.moves(id)?,
            });
        }
        Ok(games)
    }

    fn moves(&self, game: u64) -> Result<Vec<(String, u64, i64)>, StoreError> {
        let mut query = self
            .db
            .prepare_cached("SELECT mv, spent_ms, at_ms FROM moves WHERE game = ?1 ORDER BY ply")?;
        let rows = query.query_map([sql(game)], |r| {
            Ok((r.get(0)?, r.get::<_, i64>(1)?.unsigned_abs(), r.get(2)?))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// The terms in columns size, variant, pie, minutes, increment, days,
/// rated from `at`.
pub(super) fn terms_of(
    r: &rusqlite::Row<'_>,
    at: usize,
) -> rusqlite::Result<Result<Terms, String>> {
    let variant: String = r.get(at + 1)?;
    let pace = match (
        r.get::<_, Option<u16>>(at + 3)?,
        r.get::<_, Option<u16>>(at + 4)?,
        r.get::<_, Option<u8>>(at + 5)?,
    ) {
        (Some(minutes), Some(increment), None) => Pace::Clock { minutes, increment },
        (None, None, Some(days)) => Pace::Days(days),
        _ => return Ok(Err("a game with neither clock nor days".into())),
    };
    let Ok(variant) = variant.parse() else {
        return Ok(Err(format!("unknown rules {variant}")));
    };
    Ok(Ok(Terms {
        size: r.get(at)?,
        variant,
        pie: r.get(at + 2)?,
        pace,
        rated: r.get(at + 6)?,
    }))
}

/// A number as SQLite's integer (ids and times stay far below `i64::MAX`).
pub(super) fn sql(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
