use std::sync::Arc;
use std::time::Duration;

use diesel::r2d2::{Pool, PooledConnection, R2D2Connection};
use diesel::{Connection, PgConnection, RunQueryDsl, SqliteConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use crate::Error;
use crate::connection::{AnyConnection, Manager, Target, configure_sqlite, write_transaction};
use crate::group_commit::{GroupWriter, WriterTurn};
use crate::quick_read::QuickReaders;

const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/postgres");
const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/sqlite");

/// Longer than SQLite's busy_timeout, so a caller queued behind a writer gets the connection's
/// own wait first; short enough that an unreachable PostgreSQL fails fast (r2d2 defaults to 30 s).
const CHECKOUT_TIMEOUT: Duration = Duration::from_secs(8);
const POOL_SIZE: u32 = 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A pool of connections to one database, cheap to clone.
#[derive(Clone)]
pub struct Database {
    pool: Pool<Manager>,
    backend: Backend,
    /// Kept for connections outside the pool (the change listener).
    target: Target,
    /// SQLite admits one writer at a time. Writers of this process queue here, woken as soon
    /// as the one before is done, instead of on SQLite's busy handler, which sleeps in steps of
    /// up to 100 ms and so turns a short queue into long tails, and the writes queued together
    /// share a commit ([`GroupWriter`]). Other processes on the same file still wait on the
    /// busy handler. `None` on PostgreSQL, whose writers of different games do not block each
    /// other.
    sqlite_writers: Option<Arc<GroupWriter>>,
    /// SQLite only: see [`QuickReaders`].
    quick_readers: Option<Arc<QuickReaders>>,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

pub(crate) type Conn = PooledConnection<Manager>;

/// How the connection pool is used right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolState {
    pub connections: u32,
    pub idle_connections: u32,
    pub max_connections: u32,
}

impl Database {
    /// `postgres://…` or `postgresql://…` selects PostgreSQL; anything else is a SQLite path,
    /// optionally written `sqlite://path`, whose file (and parent directories) is created on
    /// first start. Runs the backend's pending migrations before returning.
    #[tracing::instrument(skip(url))]
    pub fn connect(url: &str) -> Result<Database, Error> {
        let target = parse_target(url)?;
        let backend = match &target {
            Target::Postgres(url) => {
                // A direct connection first: its error names the real cause.
                let mut conn = PgConnection::establish(url)
                    .map_err(|error| Error::Unavailable(error.to_string()))?;
                run_migrations(&mut conn, POSTGRES_MIGRATIONS)?;
                Backend::Postgres
            }
            Target::Sqlite(path) => {
                create_parent_directory(path)?;
                let mut conn = open_sqlite(path)?;
                run_migrations(&mut conn, SQLITE_MIGRATIONS)?;
                Backend::Sqlite
            }
        };
        let pool = Pool::builder()
            .max_size(POOL_SIZE)
            .min_idle(Some(1))
            // No ping per checkout: it would double the round trips of a short request. A
            // connection that broke is dropped when a query on it fails (`has_broken`), and
            // that request answers 503 for its client to retry.
            .test_on_check_out(false)
            .connection_timeout(CHECKOUT_TIMEOUT)
            .build(Manager {
                target: target.clone(),
            })
            .map_err(|error| Error::Unavailable(error.to_string()))?;
        let quick_readers = match &target {
            Target::Sqlite(path) => Some(Arc::new(QuickReaders::open(path)?)),
            Target::Postgres(_) => None,
        };
        let sqlite_writers = match &target {
            Target::Sqlite(path) => Some(Arc::new(GroupWriter::new(path))),
            Target::Postgres(_) => None,
        };
        tracing::info!(?backend, "database ready");
        Ok(Database {
            pool,
            backend,
            target,
            sqlite_writers,
            quick_readers,
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Checks that a connection can be had and answers.
    #[tracing::instrument(skip(self))]
    pub fn ping(&self) -> Result<(), Error> {
        self.conn()?
            .ping()
            .map_err(|error| Error::Unavailable(error.to_string()))
    }

    /// The game's revision, read without waiting for anything (a connection, a lock, the
    /// network), for a caller that must not block; `None` when that cannot be done now (always
    /// on PostgreSQL), and for a missing game. [`Database::revision`] then answers.
    pub fn revision_now(&self, id: uuid::Uuid) -> Option<i64> {
        self.quick_readers.as_ref()?.revision(id)
    }

    pub fn pool_state(&self) -> PoolState {
        let state = self.pool.state();
        PoolState {
            connections: state.connections,
            idle_connections: state.idle_connections,
            max_connections: self.pool.max_size(),
        }
    }

    pub(crate) fn target(&self) -> &Target {
        &self.target
    }

    /// Runs `work` in a write transaction (see [`write_transaction`]) and returns once it has
    /// committed. On SQLite, after this process's writers before it, in their group commit
    /// ([`GroupWriter`]); on PostgreSQL, on a pooled connection.
    pub(crate) fn write<T>(
        &self,
        work: impl FnOnce(&mut AnyConnection) -> Result<T, Error>,
    ) -> Result<T, Error> {
        match &self.sqlite_writers {
            Some(writers) => writers.write(work),
            None => write_transaction(&mut *self.conn()?, work),
        }
    }

    /// Like [`Database::write`], for bookkeeping that a power loss may undo without harm. On
    /// PostgreSQL its commit does not wait for the disk (`synchronous_commit = off` for this
    /// transaction only). On SQLite it joins this process's group commit like any write: a
    /// transaction of its own, even unsynced, would first end the open group (a sync the moves
    /// queued behind it wait for) and then hold the file's write lock for its own commit.
    pub(crate) fn write_unsynced<T>(
        &self,
        work: impl FnOnce(&mut AnyConnection) -> Result<T, Error>,
    ) -> Result<T, Error> {
        if self.sqlite_writers.is_some() {
            return self.write(work);
        }
        self.write(|conn| {
            diesel::sql_query("SET LOCAL synchronous_commit = off")
                .execute(conn)
                .map_err(crate::error::from_diesel)?;
            work(conn)
        })
    }

    /// This process's turn to write, on SQLite, for a write outside [`Database::write`] (every
    /// write takes it); nothing on PostgreSQL.
    pub(crate) fn writer_turn(&self) -> Option<WriterTurn<'_>> {
        self.sqlite_writers.as_deref().map(GroupWriter::turn)
    }

    pub(crate) fn sqlite_writers(&self) -> Option<&GroupWriter> {
        self.sqlite_writers.as_deref()
    }

    pub(crate) fn conn(&self) -> Result<Conn, Error> {
        self.pool
            .get()
            .map_err(|error| Error::Unavailable(error.to_string()))
    }
}

/// One connection to the database at `url`, outside the pool and configured as the pool's are,
/// with no migrations run.
pub(crate) fn open_one(url: &str) -> Result<AnyConnection, Error> {
    match parse_target(url)? {
        Target::Postgres(url) => PgConnection::establish(&url)
            .map(AnyConnection::Postgresql)
            .map_err(|error| Error::Unavailable(error.to_string())),
        Target::Sqlite(path) => open_sqlite(&path).map(AnyConnection::Sqlite),
    }
}

/// A SQLite connection outside the pool, configured as the pool's are.
pub(crate) fn open_sqlite(path: &str) -> Result<SqliteConnection, Error> {
    let mut conn =
        SqliteConnection::establish(path).map_err(|error| Error::Unavailable(error.to_string()))?;
    configure_sqlite(&mut conn).map_err(crate::error::from_diesel)?;
    Ok(conn)
}

fn parse_target(url: &str) -> Result<Target, Error> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Ok(Target::Postgres(url.to_owned()));
    }
    let path = url.strip_prefix("sqlite://").unwrap_or(url);
    // Every pooled connection would open its own empty in-memory database.
    if path.is_empty() || path == ":memory:" {
        return Err(Error::Backend(
            "a SQLite database needs a file path".to_owned(),
        ));
    }
    Ok(Target::Sqlite(path.to_owned()))
}

fn create_parent_directory(path: &str) -> Result<(), Error> {
    // SQLite URI filenames ("file:…") name no plain directory.
    if path.starts_with("file:") {
        return Ok(());
    }
    match std::path::Path::new(path).parent() {
        Some(parent) if !parent.as_os_str().is_empty() => {
            std::fs::create_dir_all(parent).map_err(|error| {
                Error::Unavailable(format!("cannot create {}: {error}", parent.display()))
            })
        }
        _ => Ok(()),
    }
}

fn run_migrations<C>(conn: &mut C, migrations: EmbeddedMigrations) -> Result<(), Error>
where
    C: MigrationHarness<C::Backend> + Connection,
{
    conn.run_pending_migrations(migrations)
        .map(drop)
        .map_err(|error| Error::Backend(format!("migrations failed: {error}")))
}
