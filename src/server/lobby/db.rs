//! The lobby's storage boundary: one small interface (run a statement,
//! read rows, run statements in one transaction) over two backends, the
//! embedded SQLite file (the default) and a PostgreSQL server (`--db
//! postgres://…`). The store's queries are written once, in the SQL both
//! speak, with SQLite's numbered parameters (`?1`), which PostgreSQL is
//! given as `$1`; values cross as [`Value`], so neither driver's types
//! leak past this file.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::fmt;
use std::path::PathBuf;

use postgres::types::ToSql;

/// What went wrong with the database, whichever it is.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] postgres::Error),
    #[error("the database's schema: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    #[error("the database's schema: {0}")]
    Schema(String),
    #[error("the database holds a game it cannot read: {0}")]
    Corrupt(String),
    /// A write fenced by the game's owner, from a server that no longer
    /// owns it (another took it over).
    #[error("game {0} is refereed by another server now")]
    Lost(u64),
}

/// Where the lobby keeps its state: `--db PATH` or `--db postgres://…`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file, made if missing.
    File(PathBuf),
    /// A PostgreSQL server's connection string (`postgres://user@host:port/db`).
    Postgres(String),
}

impl Database {
    /// A URL starting `postgres://` or `postgresql://` is a PostgreSQL
    /// server; anything else is a file's path.
    pub fn parse(arg: &OsStr) -> Database {
        match arg.to_str() {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Database::Postgres(url.to_string())
            }
            _ => Database::File(PathBuf::from(arg)),
        }
    }
}

impl fmt::Display for Database {
    /// The path, or the URL with any password hidden (it goes to logs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::File(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => {
                let (scheme, rest) = url.split_once("://").unwrap_or(("postgres", url));
                match rest.split_once('@') {
                    Some((user, host)) if user.contains(':') => {
                        let user = user.split(':').next().unwrap_or_default();
                        write!(f, "{scheme}://{user}:***@{host}")
                    }
                    _ => write!(f, "{url}"),
                }
            }
        }
    }
}

/// A value in or out of the database: integers (booleans as 0 and 1),
/// reals, text, or nothing.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Value {
    Int(i64),
    Real(f64),
    Text(String),
    Null,
}

impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::Int(n)
    }
}

impl From<u64> for Value {
    /// Ids and times stay far below `i64::MAX`.
    fn from(n: u64) -> Value {
        Value::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<u32> for Value {
    fn from(n: u32) -> Value {
        Value::Int(n.into())
    }
}

impl From<u16> for Value {
    fn from(n: u16) -> Value {
        Value::Int(n.into())
    }
}

impl From<u8> for Value {
    fn from(n: u8) -> Value {
        Value::Int(n.into())
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Int(b.into())
    }
}

impl From<f64> for Value {
    fn from(x: f64) -> Value {
        Value::Real(x)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Text(s.to_string())
    }
}

impl From<&String> for Value {
    fn from(s: &String) -> Value {
        Value::Text(s.clone())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

/// The parameters of a statement, each turned into a [`Value`].
macro_rules! values {
    ($($v:expr),* $(,)?) => {
        Vec::from([$($crate::server::lobby::db::Value::from($v)),*])
    };
}
pub(super) use values;

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(ToSqlOutput::Borrowed(match self {
            Value::Int(n) => ValueRef::Integer(*n),
            Value::Real(x) => ValueRef::Real(*x),
            Value::Text(s) => ValueRef::Text(s.as_bytes()),
            Value::Null => ValueRef::Null,
        }))
    }
}

impl Value {
    /// As PostgreSQL's driver takes it: every integer column is BIGINT,
    /// every real DOUBLE PRECISION (schema.rs).
    fn boxed(&self) -> Box<dyn ToSql + Sync> {
        match self {
            Value::Int(n) => Box::new(*n),
            Value::Real(x) => Box::new(*x),
            Value::Text(s) => Box::new(s.clone()),
            Value::Null => Box::new(AnyNull),
        }
    }
}

/// A null for a column of any type: the driver checks each parameter's
/// type against its column's, and a `Value::Null` no longer knows which
/// (an empty TEXT, such as a tournament's creator, failed as a BIGINT).
#[derive(Debug)]
struct AnyNull;

impl ToSql for AnyNull {
    fn to_sql(
        &self,
        _: &postgres::types::Type,
        _: &mut bytes::BytesMut,
    ) -> Result<postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        Ok(postgres::types::IsNull::Yes)
    }

    fn accepts(_: &postgres::types::Type) -> bool {
        true
    }

    postgres::types::to_sql_checked!();
}

/// A row read back, its columns in the query's order.
pub(super) struct Row(Vec<Value>);

impl Row {
    fn at(&self, i: usize) -> Result<&Value, StoreError> {
        self.0
            .get(i)
            .ok_or_else(|| StoreError::Corrupt(format!("no column {i}")))
    }

    pub(super) fn int(&self, i: usize) -> Result<i64, StoreError> {
        self.opt_int(i)?
            .ok_or_else(|| StoreError::Corrupt(format!("column {i} is empty")))
    }

    pub(super) fn opt_int(&self, i: usize) -> Result<Option<i64>, StoreError> {
        match self.at(i)? {
            Value::Int(n) => Ok(Some(*n)),
            Value::Null => Ok(None),
            other => Err(StoreError::Corrupt(format!("{other:?} is not a number"))),
        }
    }

    /// An integer that must fit `T` (a size, a count).
    pub(super) fn small<T: TryFrom<i64>>(&self, i: usize) -> Result<T, StoreError> {
        let n = self.int(i)?;
        T::try_from(n).map_err(|_| StoreError::Corrupt(format!("{n} is out of range")))
    }

    pub(super) fn opt_small<T: TryFrom<i64>>(&self, i: usize) -> Result<Option<T>, StoreError> {
        self.opt_int(i)?
            .map(|n| {
                T::try_from(n).map_err(|_| StoreError::Corrupt(format!("{n} is out of range")))
            })
            .transpose()
    }

    pub(super) fn real(&self, i: usize) -> Result<f64, StoreError> {
        match self.at(i)? {
            Value::Real(x) => Ok(*x),
            // SQLite keeps a real that is whole as written.
            Value::Int(n) => Ok(*n as f64),
            other => Err(StoreError::Corrupt(format!("{other:?} is not a real"))),
        }
    }

    pub(super) fn text(&self, i: usize) -> Result<String, StoreError> {
        self.opt_text(i)?
            .ok_or_else(|| StoreError::Corrupt(format!("column {i} is empty")))
    }

    pub(super) fn opt_text(&self, i: usize) -> Result<Option<String>, StoreError> {
        match self.at(i)? {
            Value::Text(s) => Ok(Some(s.clone())),
            Value::Null => Ok(None),
            other => Err(StoreError::Corrupt(format!("{other:?} is not text"))),
        }
    }
}

/// A PostgreSQL connection, its statements prepared once.
pub(super) struct Postgres {
    url: String,
    client: postgres::Client,
    prepared: HashMap<&'static str, postgres::Statement>,
}

impl Postgres {
    pub(super) fn connect(url: &str) -> Result<Postgres, StoreError> {
        Ok(Postgres {
            url: url.to_string(),
            client: postgres::Client::connect(url, postgres::NoTls)?,
            prepared: HashMap::new(),
        })
    }

    pub(super) fn client(&mut self) -> &mut postgres::Client {
        &mut self.client
    }

    /// The statement for `sql`, prepared on first use; a connection found
    /// closed (the server restarted) is made again first, so the lobby
    /// outlives a database restart.
    fn statement(&mut self, sql: &'static str) -> Result<postgres::Statement, StoreError> {
        if self.client.is_closed() {
            tracing::warn!("the connection to PostgreSQL closed: connecting again");
            self.client = postgres::Client::connect(&self.url, postgres::NoTls)?;
            self.prepared.clear();
        }
        if let Some(statement) = self.prepared.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(&dollars(sql))?;
        self.prepared.insert(sql, statement.clone());
        Ok(statement)
    }
}

/// `sql` with SQLite's `?N` parameters written as PostgreSQL's `$N`
/// (no query of the store holds a `?` in a string).
fn dollars(sql: &str) -> String {
    sql.replace('?', "$")
}

/// The backend the store writes to.
pub(super) enum Db {
    Sqlite(rusqlite::Connection),
    Postgres(Box<Postgres>),
}

impl Db {
    /// Runs `sql`; the number of rows it changed.
    pub(super) fn execute(
        &mut self,
        sql: &'static str,
        params: &[Value],
    ) -> Result<u64, StoreError> {
        match self {
            Db::Sqlite(db) => {
                let changed = db
                    .prepare_cached(sql)?
                    .execute(rusqlite::params_from_iter(params))?;
                Ok(u64::try_from(changed).unwrap_or(u64::MAX))
            }
            Db::Postgres(pg) => {
                let statement = pg.statement(sql)?;
                let boxed: Vec<_> = params.iter().map(Value::boxed).collect();
                let refs: Vec<&(dyn ToSql + Sync)> = boxed.iter().map(AsRef::as_ref).collect();
                Ok(pg.client.execute(&statement, &refs)?)
            }
        }
    }

    /// The rows `sql` reads.
    pub(super) fn query(
        &mut self,
        sql: &'static str,
        params: &[Value],
    ) -> Result<Vec<Row>, StoreError> {
        match self {
            Db::Sqlite(db) => {
                let mut statement = db.prepare_cached(sql)?;
                let columns = statement.column_count();
                let rows = statement.query_map(rusqlite::params_from_iter(params), |r| {
                    (0..columns).map(|i| sqlite_value(r, i)).collect()
                })?;
                Ok(rows.map(|r| r.map(Row)).collect::<Result<_, _>>()?)
            }
            Db::Postgres(pg) => {
                let statement = pg.statement(sql)?;
                let boxed: Vec<_> = params.iter().map(Value::boxed).collect();
                let refs: Vec<&(dyn ToSql + Sync)> = boxed.iter().map(AsRef::as_ref).collect();
                let rows = pg.client.query(&statement, &refs)?;
                rows.iter().map(postgres_row).collect()
            }
        }
    }

    /// The first row `sql` reads, if any.
    pub(super) fn query_first(
        &mut self,
        sql: &'static str,
        params: &[Value],
    ) -> Result<Option<Row>, StoreError> {
        Ok(self.query(sql, params)?.into_iter().next())
    }

    /// Runs each statement in turn, all in one transaction: all or none.
    pub(super) fn transaction(
        &mut self,
        statements: &[(&'static str, Vec<Value>)],
    ) -> Result<(), StoreError> {
        self.transaction_if(statements, false).map(drop)
    }

    /// Runs each statement in turn, all in one transaction; with `fenced`,
    /// none when the first changes no row (a write fenced by its
    /// condition), which answers `false`.
    pub(super) fn transaction_if(
        &mut self,
        statements: &[(&'static str, Vec<Value>)],
        fenced: bool,
    ) -> Result<bool, StoreError> {
        match self {
            Db::Sqlite(db) => {
                let tx = db.transaction()?;
                for (i, (sql, params)) in statements.iter().enumerate() {
                    let changed = tx
                        .prepare_cached(sql)?
                        .execute(rusqlite::params_from_iter(params))?;
                    if fenced && i == 0 && changed == 0 {
                        return Ok(false);
                    }
                }
                tx.commit()?;
            }
            Db::Postgres(pg) => {
                let prepared = statements
                    .iter()
                    .map(|(sql, _)| pg.statement(sql))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut tx = pg.client.transaction()?;
                for (i, (statement, (_, params))) in prepared.iter().zip(statements).enumerate() {
                    let boxed: Vec<_> = params.iter().map(Value::boxed).collect();
                    let refs: Vec<&(dyn ToSql + Sync)> = boxed.iter().map(AsRef::as_ref).collect();
                    let changed = tx.execute(statement, &refs)?;
                    if fenced && i == 0 && changed == 0 {
                        return Ok(false);
                    }
                }
                tx.commit()?;
            }
        }
        Ok(true)
    }
}

fn sqlite_value(r: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Value> {
    use rusqlite::types::ValueRef;
    Ok(match r.get_ref(i)? {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(n) => Value::Int(n),
        ValueRef::Real(x) => Value::Real(x),
        ValueRef::Text(t) | ValueRef::Blob(t) => Value::Text(String::from_utf8_lossy(t).into()),
    })
}

fn postgres_row(row: &postgres::Row) -> Result<Row, StoreError> {
    use postgres::types::Type;
    let values = row
        .columns()
        .iter()
        .enumerate()
        .map(|(i, column)| {
            let ty = column.type_();
            Ok(if *ty == Type::INT8 {
                row.try_get::<_, Option<i64>>(i)?.map(Value::Int)
            } else if *ty == Type::INT4 {
                row.try_get::<_, Option<i32>>(i)?
                    .map(|n| Value::Int(n.into()))
            } else if *ty == Type::INT2 {
                row.try_get::<_, Option<i16>>(i)?
                    .map(|n| Value::Int(n.into()))
            } else if *ty == Type::FLOAT8 {
                row.try_get::<_, Option<f64>>(i)?.map(Value::Real)
            } else if *ty == Type::BOOL {
                row.try_get::<_, Option<bool>>(i)?
                    .map(|b| Value::Int(b.into()))
            } else {
                row.try_get::<_, Option<String>>(i)?.map(Value::Text)
            }
            .unwrap_or(Value::Null))
        })
        .collect::<Result<_, StoreError>>()?;
    Ok(Row(values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_postgres_url_is_a_server_anything_else_a_file_and_a_password_is_not_shown() {
        let url = "postgres://brique:secret@db.example:5432/lobby";
        let db = Database::parse(OsStr::new(url));
        assert_eq!(db, Database::Postgres(url.into()));
        assert_eq!(
            db.to_string(),
            "postgres://brique:***@db.example:5432/lobby"
        );
        let plain = "postgresql://brique@127.0.0.1:5433/lobby";
        assert_eq!(Database::parse(OsStr::new(plain)).to_string(), plain);
        assert_eq!(
            Database::parse(OsStr::new("data/lobby.sqlite")),
            Database::File("data/lobby.sqlite".into())
        );
        assert_eq!(
            dollars("WHERE a = ?1 AND b = ?12"),
            "WHERE a = $1 AND b = $12"
        );
    }
}
