//! How a commit is made durable: as the database reports it, and, for benchmarks that measure
//! the cost of a fully synced commit, raised to "every commit reaches the disk".

use diesel::connection::SimpleConnection;
use diesel::sql_types::Text;
use diesel::{QueryableByName, RunQueryDsl};

use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::{Database, Error};

#[derive(QueryableByName)]
struct Setting {
    #[diesel(sql_type = Text)]
    value: String,
}

fn report(conn: &mut AnyConnection) -> Result<String, Error> {
    match conn {
        conn @ AnyConnection::Sqlite(_) => {
            let journal = read(
                "SELECT journal_mode AS value FROM pragma_journal_mode()",
                conn,
            )?;
            let level = read(
                "SELECT CAST(synchronous AS TEXT) AS value FROM pragma_synchronous()",
                conn,
            )?;
            let synchronous = match level.as_str() {
                "0" => "OFF",
                "1" => "NORMAL",
                "2" => "FULL",
                "3" => "EXTRA",
                other => other,
            };
            Ok(format!("journal_mode={journal}, synchronous={synchronous}"))
        }
        conn @ AnyConnection::Postgresql(_) => {
            let commit = read(
                "SELECT current_setting('synchronous_commit') AS value",
                conn,
            )?;
            let fsync = read("SELECT current_setting('fsync') AS value", conn)?;
            Ok(format!("synchronous_commit={commit}, fsync={fsync}"))
        }
    }
}

fn read(sql: &str, conn: &mut AnyConnection) -> Result<String, Error> {
    let query = diesel::sql_query(sql);
    match conn {
        AnyConnection::Sqlite(conn) => query.get_result::<Setting>(conn),
        AnyConnection::Postgresql(conn) => query.get_result::<Setting>(conn),
    }
    .db()
    .map(|setting| setting.value)
}

impl Database {
    /// How a commit is made durable, as the database itself reports it on a pooled
    /// connection: SQLite's journal mode and `synchronous` level, or PostgreSQL's
    /// `synchronous_commit` and `fsync`.
    pub fn durability(&self) -> Result<String, Error> {
        report(&mut *self.conn()?)
    }

    /// As [`Database::durability`], on one connection to the database at `url` configured as
    /// the pool's are, without running migrations: for a benchmark that looks at the database
    /// of a server built from another version.
    pub fn durability_at(url: &str) -> Result<String, Error> {
        report(&mut crate::database::open_one(url)?)
    }

    /// For benchmarks: makes every connection of this pool wait for each commit to reach the
    /// disk (SQLite `synchronous = FULL`, PostgreSQL `synchronous_commit = on`). On SQLite the
    /// writes run on the group writer's own connection, which is configured as the pool's are
    /// and ships at `FULL` already, so there this changes nothing a write does. Both settings
    /// belong to a connection, so it holds all of the pool's connections at once (the pool opens
    /// the missing ones) and sets each. A connection the pool opens later, after one is
    /// discarded, has the shipped setting again: call this again before each measurement.
    pub fn sync_every_commit(&self) -> Result<(), Error> {
        let most = self.pool_state().max_connections;
        let mut held = Vec::new();
        for _ in 0..most {
            let mut conn = self.conn()?;
            match &mut *conn {
                AnyConnection::Sqlite(sqlite) => sqlite.batch_execute("PRAGMA synchronous = FULL"),
                AnyConnection::Postgresql(pg) => pg.batch_execute("SET synchronous_commit = on"),
            }
            .db()?;
            held.push(conn);
        }
        Ok(())
    }
}
