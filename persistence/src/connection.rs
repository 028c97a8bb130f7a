use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::r2d2::{self, ManageConnection, R2D2Connection};
use diesel::{Connection, PgConnection, SqliteConnection};

use crate::Error;
use crate::error::OrDb;

#[derive(diesel::MultiConnection)]
pub(crate) enum AnyConnection {
    Postgresql(PgConnection),
    Sqlite(SqliteConnection),
}

/// Where the pool connects. Each variant connects only with its own driver, so a failure reports
/// the driver's own message instead of the multi-connection's "invalid connection url".
#[derive(Clone)]
pub(crate) enum Target {
    Postgres(String),
    Sqlite(String),
}

// Kept out of Debug output: a PostgreSQL URL may carry a password.
impl std::fmt::Debug for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Target::Postgres(_) => f.write_str("Postgres(..)"),
            Target::Sqlite(path) => f.debug_tuple("Sqlite").field(path).finish(),
        }
    }
}

/// Waits on a locked SQLite database instead of failing at once. The pool's checkout timeout is
/// longer, so a busy writer makes callers wait rather than fail.
const SQLITE_BUSY_TIMEOUT_MS: u32 = 5_000;

/// Set on every SQLite connection before use: these pragmas are per connection, except WAL,
/// which sticks to the file but is cheap to repeat. `synchronous = FULL` syncs the log at every
/// commit, so an acknowledged move survives a power loss too, not only a crash of the process.
pub(crate) fn configure_sqlite(conn: &mut SqliteConnection) -> diesel::QueryResult<()> {
    conn.batch_execute(&format!(
        "PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS};
         PRAGMA journal_mode = WAL;
         PRAGMA synchronous = FULL;
         PRAGMA foreign_keys = ON;"
    ))
}

#[derive(Debug)]
pub(crate) struct Manager {
    pub(crate) target: Target,
}

impl ManageConnection for Manager {
    type Connection = AnyConnection;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<AnyConnection, r2d2::Error> {
        match &self.target {
            Target::Postgres(url) => PgConnection::establish(url)
                .map(AnyConnection::Postgresql)
                .map_err(r2d2::Error::ConnectionError),
            Target::Sqlite(path) => {
                let mut conn =
                    SqliteConnection::establish(path).map_err(r2d2::Error::ConnectionError)?;
                configure_sqlite(&mut conn).map_err(r2d2::Error::QueryError)?;
                Ok(AnyConnection::Sqlite(conn))
            }
        }
    }

    fn is_valid(&self, conn: &mut AnyConnection) -> Result<(), r2d2::Error> {
        conn.ping().map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut AnyConnection) -> bool {
        std::thread::panicking() || conn.is_broken()
    }
}

/// Runs `work` in a write transaction. On SQLite it begins with `BEGIN IMMEDIATE`: a deferred
/// transaction that reads first and writes later fails with SQLITE_BUSY, without waiting, when
/// another writer got in between; an immediate one queues on busy_timeout instead.
pub(crate) fn write_transaction<T>(
    conn: &mut AnyConnection,
    work: impl FnOnce(&mut AnyConnection) -> Result<T, Error>,
) -> Result<T, Error> {
    match conn {
        AnyConnection::Sqlite(sqlite) => {
            AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE").db()?;
        }
        AnyConnection::Postgresql(_) => {
            <AnyConnection as Connection>::TransactionManager::begin_transaction(conn).db()?;
        }
    }
    finish(conn, work)
}

/// Runs `work`, which only reads, in a transaction whose statements all see one snapshot:
/// SQLite's deferred transaction (in WAL mode it keeps the snapshot of its first read), and
/// PostgreSQL's `REPEATABLE READ`. Two reads that must agree (a page and its count) go here.
pub(crate) fn snapshot_transaction<T>(
    conn: &mut AnyConnection,
    work: impl FnOnce(&mut AnyConnection) -> Result<T, Error>,
) -> Result<T, Error> {
    match conn {
        AnyConnection::Sqlite(sqlite) => {
            AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN").db()?;
        }
        AnyConnection::Postgresql(postgres) => {
            AnsiTransactionManager::begin_transaction_sql(
                postgres,
                "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY",
            )
            .db()?;
        }
    }
    finish(conn, work)
}

/// Inside a transaction just begun: runs `work`, then commits, or rolls back on its error.
fn finish<T>(
    conn: &mut AnyConnection,
    work: impl FnOnce(&mut AnyConnection) -> Result<T, Error>,
) -> Result<T, Error> {
    match work(conn) {
        Ok(value) => {
            <AnyConnection as Connection>::TransactionManager::commit_transaction(conn).db()?;
            Ok(value)
        }
        Err(error) => {
            // The first error says what went wrong; a failed rollback leaves the connection
            // marked broken, and the pool discards it.
            let _ = <AnyConnection as Connection>::TransactionManager::rollback_transaction(conn);
            Err(error)
        }
    }
}
