//! The lobby's schema, the same tables, columns and indexes in both
//! backends, made by the same numbered migrations run at start
//! (docs/server.md, "Schema"). SQLite keeps its version in
//! `user_version` (rusqlite_migration); PostgreSQL in the table
//! `brique_migrations`, under an advisory lock, so that servers started at
//! once over one database migrate it once.
//!
//! The dialects differ only where they must: PostgreSQL's integers are
//! all BIGINT and its reals DOUBLE PRECISION (what SQLite's INTEGER and
//! REAL hold), a game's id is an identity column (SQLite's INTEGER PRIMARY
//! KEY), and the two tables read in insertion order (chat,
//! rating_history) have an explicit `rowid` (SQLite's is implicit).

use rusqlite_migration::M;

use super::db::{Postgres, StoreError};

/// SQLite's schema, one migration per version; a new version is a new
/// entry at the end (here and in [`POSTGRES`]), never a change to one
/// already shipped.
pub(super) const SQLITE: &[M<'static>] = &[
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
    // 4: several servers over one database (PostgreSQL; a lone SQLite
    // server leaves these empty): the servers, who is online on which,
    // the open seeks, each game's owner and lease and its summary for the
    // lists, and the events one server writes for the others
    // (docs/server.md, "Several servers").
    M::up(
        "CREATE TABLE servers (
        id INTEGER PRIMARY KEY,
        started_ms INTEGER NOT NULL,
        heartbeat_ms INTEGER NOT NULL
    );
    CREATE TABLE presence (
        server INTEGER NOT NULL,
        key TEXT NOT NULL,
        name TEXT,                         -- NULL: a key without a name
        PRIMARY KEY (server, key)
    );
    CREATE TABLE seeks (
        id INTEGER PRIMARY KEY,
        server INTEGER NOT NULL,           -- where it was made
        key TEXT NOT NULL,
        name TEXT NOT NULL,
        to_key TEXT,                       -- a challenge: to whom
        to_name TEXT,
        terms TEXT NOT NULL,               -- JSON, as the protocol writes them
        rating INTEGER NOT NULL
    );
    CREATE INDEX seeks_key ON seeks(key);
    ALTER TABLE games ADD COLUMN owner INTEGER;
    ALTER TABLE games ADD COLUMN lease_until_ms INTEGER;
    ALTER TABLE games ADD COLUMN summary TEXT;
    CREATE TABLE lobby_events (
        seq INTEGER PRIMARY KEY,
        from_server INTEGER NOT NULL,
        to_server INTEGER,                 -- NULL: for every other server
        body TEXT NOT NULL,                -- JSON
        at_ms INTEGER NOT NULL
    );",
    ),
    // 5: bots (declared at registration, a bot for good; docs/protocol.md,
    // "Bots").
    M::up("ALTER TABLE players ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;"),
    // 6: tournaments (docs/server.md, "Tournaments"): each one, its
    // entries (a seat each, in order of entry), its rounds (an arena's
    // every pairing is a round of its own) and their pairings, each with
    // its game once started.
    M::up(
        "CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,                -- swiss | arena | league
        creator TEXT,                      -- a player's key; NULL: the server's file
        terms TEXT NOT NULL,               -- JSON, as the protocol writes them
        rounds INTEGER,                    -- a swiss: its rounds
        minutes INTEGER,                   -- an arena: how long it runs
        starts_ms INTEGER NOT NULL,
        stage TEXT NOT NULL,               -- upcoming | running | finished
        created_ms INTEGER NOT NULL
    );
    CREATE INDEX tournaments_stage ON tournaments(stage, starts_ms);
    CREATE TABLE tournament_entries (
        tournament INTEGER NOT NULL REFERENCES tournaments(id),
        seat INTEGER NOT NULL,             -- 0 first: the order of entry, the seed
        key TEXT NOT NULL REFERENCES players(key),
        withdrawn INTEGER NOT NULL,
        missed INTEGER NOT NULL,           -- games lost without a move
        PRIMARY KEY (tournament, seat)
    );
    CREATE UNIQUE INDEX tournament_entries_key ON tournament_entries(tournament, key);
    CREATE TABLE tournament_rounds (
        tournament INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,            -- 1 first
        bye INTEGER,                       -- the seat given the bye
        started_ms INTEGER NOT NULL,
        PRIMARY KEY (tournament, round)
    );
    CREATE TABLE tournament_pairings (
        tournament INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        board INTEGER NOT NULL,            -- 0 first
        white INTEGER NOT NULL,            -- seats
        black INTEGER NOT NULL,
        game INTEGER REFERENCES games(id), -- NULL until it starts
        finished INTEGER NOT NULL,
        winner INTEGER,                    -- a seat; NULL: going on, or nobody won
        PRIMARY KEY (tournament, round, board)
    );
    CREATE INDEX tournament_pairings_game ON tournament_pairings(game);",
    ),
    // 7: an arena's pauses, and when each game ended (the arena pairs
    // whoever has waited longest first).
    M::up(
        "ALTER TABLE tournament_entries ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tournament_pairings ADD COLUMN finished_ms INTEGER;",
    ),
];

/// PostgreSQL's schema: migration N here is migration N of [`SQLITE`].
pub(super) const POSTGRES: &[&str] = &[
    // 1: players, games, moves, ratings.
    "CREATE TABLE players (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        created_ms BIGINT NOT NULL
    );
    CREATE TABLE games (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        player1 TEXT NOT NULL REFERENCES players(key),
        player2 TEXT NOT NULL REFERENCES players(key),
        black BIGINT NOT NULL,
        size BIGINT NOT NULL,
        variant TEXT NOT NULL,
        pie BIGINT NOT NULL,
        minutes BIGINT,
        increment BIGINT,
        days BIGINT,
        rated BIGINT NOT NULL,
        started_ms BIGINT NOT NULL,
        result TEXT,
        ended_ms BIGINT,
        record TEXT
    );
    CREATE INDEX games_playing ON games(id) WHERE result IS NULL;
    CREATE INDEX games_player1 ON games(player1, ended_ms);
    CREATE INDEX games_player2 ON games(player2, ended_ms);
    CREATE TABLE moves (
        game BIGINT NOT NULL REFERENCES games(id),
        ply BIGINT NOT NULL,
        mv TEXT NOT NULL,
        spent_ms BIGINT NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (game, ply)
    );
    CREATE TABLE ratings (
        key TEXT NOT NULL REFERENCES players(key),
        variant TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        PRIMARY KEY (key, variant)
    );
    CREATE INDEX ratings_board ON ratings(variant, rating DESC);
    CREATE TABLE rating_history (
        rowid BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        key TEXT NOT NULL REFERENCES players(key),
        variant TEXT NOT NULL,
        game BIGINT NOT NULL REFERENCES games(id),
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        at_ms BIGINT NOT NULL
    );
    CREATE INDEX rating_history_key ON rating_history(key, at_ms);",
    // 2: what the two players of a game said to each other.
    "CREATE TABLE chat (
        rowid BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        game BIGINT NOT NULL REFERENCES games(id),
        key TEXT NOT NULL REFERENCES players(key),
        text TEXT NOT NULL,
        at_ms BIGINT NOT NULL
    );
    CREATE INDEX chat_game ON chat(game, at_ms);",
    // 3: names kept unique by their look, names given up, and the names
    // each game was played under.
    "ALTER TABLE players ADD COLUMN skeleton TEXT;
    CREATE UNIQUE INDEX players_skeleton ON players(skeleton);
    CREATE TABLE names (
        key TEXT NOT NULL REFERENCES players(key),
        name TEXT NOT NULL,
        skeleton TEXT NOT NULL,
        until_ms BIGINT NOT NULL
    );
    CREATE INDEX names_key ON names(key, until_ms);
    CREATE INDEX names_skeleton ON names(skeleton, until_ms);
    ALTER TABLE games ADD COLUMN name1 TEXT;
    ALTER TABLE games ADD COLUMN name2 TEXT;",
    // 4: several servers over one database.
    "CREATE TABLE servers (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        started_ms BIGINT NOT NULL,
        heartbeat_ms BIGINT NOT NULL
    );
    CREATE TABLE presence (
        server BIGINT NOT NULL,
        key TEXT NOT NULL,
        name TEXT,
        PRIMARY KEY (server, key)
    );
    CREATE TABLE seeks (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        server BIGINT NOT NULL,
        key TEXT NOT NULL,
        name TEXT NOT NULL,
        to_key TEXT,
        to_name TEXT,
        terms TEXT NOT NULL,
        rating BIGINT NOT NULL
    );
    CREATE INDEX seeks_key ON seeks(key);
    ALTER TABLE games ADD COLUMN owner BIGINT;
    ALTER TABLE games ADD COLUMN lease_until_ms BIGINT;
    ALTER TABLE games ADD COLUMN summary TEXT;
    CREATE TABLE lobby_events (
        seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        from_server BIGINT NOT NULL,
        to_server BIGINT,
        body TEXT NOT NULL,
        at_ms BIGINT NOT NULL
    );",
    // 5: bots.
    "ALTER TABLE players ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;",
    // 6: tournaments.
    "CREATE TABLE tournaments (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        creator TEXT,
        terms TEXT NOT NULL,
        rounds BIGINT,
        minutes BIGINT,
        starts_ms BIGINT NOT NULL,
        stage TEXT NOT NULL,
        created_ms BIGINT NOT NULL
    );
    CREATE INDEX tournaments_stage ON tournaments(stage, starts_ms);
    CREATE TABLE tournament_entries (
        tournament BIGINT NOT NULL REFERENCES tournaments(id),
        seat BIGINT NOT NULL,
        key TEXT NOT NULL REFERENCES players(key),
        withdrawn BIGINT NOT NULL,
        missed BIGINT NOT NULL,
        PRIMARY KEY (tournament, seat)
    );
    CREATE UNIQUE INDEX tournament_entries_key ON tournament_entries(tournament, key);
    CREATE TABLE tournament_rounds (
        tournament BIGINT NOT NULL REFERENCES tournaments(id),
        round BIGINT NOT NULL,
        bye BIGINT,
        started_ms BIGINT NOT NULL,
        PRIMARY KEY (tournament, round)
    );
    CREATE TABLE tournament_pairings (
        tournament BIGINT NOT NULL REFERENCES tournaments(id),
        round BIGINT NOT NULL,
        board BIGINT NOT NULL,
        white BIGINT NOT NULL,
        black BIGINT NOT NULL,
        game BIGINT REFERENCES games(id),
        finished BIGINT NOT NULL,
        winner BIGINT,
        PRIMARY KEY (tournament, round, board)
    );
    CREATE INDEX tournament_pairings_game ON tournament_pairings(game);",
    // 7: an arena's pauses, and when each game ended.
    "ALTER TABLE tournament_entries ADD COLUMN paused BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE tournament_pairings ADD COLUMN finished_ms BIGINT;",
];

/// The advisory lock held while a server migrates (any number, the same
/// in every server: "BRIQUE" in ASCII).
const MIGRATING: i64 = 0x42_52_49_51_55_45;

/// Brings a PostgreSQL database's schema up to date: each migration not
/// yet applied, in its own transaction with its version, one server at a
/// time (the others wait on the lock, then find nothing to do).
pub(super) fn migrate_postgres(pg: &mut Postgres) -> Result<(), StoreError> {
    let client = pg.client();
    client.execute("SELECT pg_advisory_lock($1)", &[&MIGRATING])?;
    let migrated = apply_postgres(client);
    // Released by the connection's end too, should this fail.
    client.execute("SELECT pg_advisory_unlock($1)", &[&MIGRATING])?;
    migrated
}

fn apply_postgres(client: &mut postgres::Client) -> Result<(), StoreError> {
    client.batch_execute(
        "CREATE TABLE IF NOT EXISTS brique_migrations (
            version BIGINT PRIMARY KEY,
            applied TIMESTAMPTZ NOT NULL DEFAULT now()
        )",
    )?;
    let row = client.query_one(
        "SELECT coalesce(max(version), 0) FROM brique_migrations",
        &[],
    )?;
    let current: i64 = row.try_get(0)?;
    let known = i64::try_from(POSTGRES.len()).unwrap_or(i64::MAX);
    if current > known {
        return Err(StoreError::Schema(format!(
            "version {current}, newer than this program's ({known}): run a newer brique"
        )));
    }
    for (version, sql) in (1_i64..)
        .zip(POSTGRES)
        .skip(usize::try_from(current).unwrap_or(0))
    {
        let mut tx = client.transaction()?;
        tx.batch_execute(sql)?;
        tx.execute(
            "INSERT INTO brique_migrations (version) VALUES ($1)",
            &[&version],
        )?;
        tx.commit()?;
        tracing::info!(version, "the lobby's PostgreSQL schema migrated");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_backends_have_every_migration() {
        assert_eq!(SQLITE.len(), POSTGRES.len());
    }
}
