//! Fresh PostgreSQL databases for tests, one per test, on a server the tests may administer.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::{Connection, PgConnection};
use uuid::Uuid;

use crate::error::OrDb;
use crate::schema::{accounts, games};
use crate::{Database, Error};

impl Database {
    /// For tests: an account as a server before canonical usernames stored it, with neither
    /// form, so the next start fills them (or reports a clash).
    pub fn forget_username_forms(&self, id: Uuid) -> Result<(), Error> {
        diesel::update(accounts::table.find(id.to_string()))
            .set((
                accounts::canonical_username.eq(None::<String>),
                accounts::username_skeleton.eq(None::<String>),
            ))
            .execute(&mut self.conn()?)
            .db()
            .map(drop)
    }

    /// For tests: replaces a game's stored snapshot, as an older server version or a damaged
    /// disk would have left it.
    pub fn overwrite_snapshot(&self, id: Uuid, state: &str, format: i32) -> Result<(), Error> {
        diesel::update(games::table.find(id.to_string()))
            .set((games::state.eq(Some(state)), games::state_format.eq(format)))
            .execute(&mut self.conn()?)
            .db()
            .map(drop)
    }

    /// For tests: takes this process's turn to write (SQLite), as a long write would, until the
    /// guard is dropped.
    pub fn hold_writer_turn(&self) -> Option<crate::WriterTurn<'_>> {
        self.writer_turn()
    }

    /// For tests: how many groups of writes this process has committed on SQLite (`None` on
    /// PostgreSQL, which commits each write on its own).
    pub fn sqlite_commits(&self) -> Option<u64> {
        self.sqlite_writers()
            .map(crate::group_commit::GroupWriter::commits)
    }

    /// For tests: a write that stores `account` and then goes wrong before it ends, as a write
    /// that fails halfway would: with an error, or with a panic.
    pub fn create_account_then_fail(
        &self,
        account: &crate::NewAccount,
        panic: bool,
    ) -> Result<(), Error> {
        self.write(|conn| {
            crate::accounts::insert(conn, account)?;
            if panic {
                panic!("a write panicked halfway, as asked");
            }
            Err(Error::Backend(
                "a write failed halfway, as asked".to_owned(),
            ))
        })
    }

    /// For tests: forgets a game's seed nonce, as a game stored before nonces has none.
    pub fn forget_seed_nonce(&self, id: Uuid) -> Result<(), Error> {
        diesel::update(games::table.find(id.to_string()))
            .set(games::seed_nonce.eq(None::<String>))
            .execute(&mut self.conn()?)
            .db()
            .map(drop)
    }

    /// For tests: replaces one logged input, as a damaged disk would.
    pub fn overwrite_input(&self, id: Uuid, seq: i64, input: &str) -> Result<(), Error> {
        use crate::schema::moves;
        diesel::update(
            moves::table
                .filter(moves::game_id.eq(id.to_string()))
                .filter(moves::seq.eq(seq)),
        )
        .set(moves::input.eq(input))
        .execute(&mut self.conn()?)
        .db()
        .map(drop)
    }

    /// For tests: replaces the stored deadline of a game (what the due list reads), leaving its
    /// state as it is, as a rules change that moved a deadline would leave older games.
    pub fn overwrite_deadline(&self, id: Uuid, deadline_at: Option<i64>) -> Result<(), Error> {
        diesel::update(games::table.find(id.to_string()))
            .set(games::deadline_at.eq(deadline_at))
            .execute(&mut self.conn()?)
            .db()
            .map(drop)
    }

    /// For tests: the format of a game's stored snapshot.
    pub fn snapshot_format(&self, id: Uuid) -> Result<i32, Error> {
        crate::snapshot::format_of(&mut *self.conn()?, id)
    }

    /// For tests: when and why the background tick set a game aside.
    pub fn set_aside_of(&self, id: Uuid) -> Result<(Option<i64>, Option<String>), Error> {
        games::table
            .find(id.to_string())
            .select((games::set_aside_at, games::set_aside_reason))
            .first(&mut self.conn()?)
            .db()
    }

    /// For tests: nudges every stored rating of `account` by the smallest step, as a bug that
    /// rated a game differently would leave it.
    pub fn nudge_ratings(&self, account: Uuid) -> Result<usize, Error> {
        use crate::schema::ratings;
        let conn = &mut self.conn()?;
        let rows: Vec<(String, f64)> = ratings::table
            .filter(ratings::account_id.eq(account.to_string()))
            .select((ratings::kind, ratings::mu))
            .load(conn)
            .db()?;
        for (kind, mu) in &rows {
            diesel::update(
                ratings::table
                    .filter(ratings::account_id.eq(account.to_string()))
                    .filter(ratings::kind.eq(kind)),
            )
            .set(ratings::mu.eq(f64::from_bits(mu.to_bits() + 1)))
            .execute(conn)
            .db()?;
        }
        Ok(rows.len())
    }
}

/// Creates an empty, uniquely named database (`cardtable_test_<uuid>`) on the server of
/// `admin_url` and returns the URL of the new database (same server and credentials).
pub fn create_postgres_database(admin_url: &str) -> Result<String, Error> {
    let name = format!("cardtable_test_{}", Uuid::new_v4().simple());
    admin(admin_url)?
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .map_err(crate::error::from_diesel)?;
    Ok(with_database(admin_url, &name))
}

/// Drops a database made by [`create_postgres_database`], ending its open connections first.
pub fn drop_postgres_database(admin_url: &str, database_url: &str) -> Result<(), Error> {
    let name = database_name(database_url)
        .filter(|name| {
            name.starts_with("cardtable_test_")
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
        .ok_or_else(|| Error::Backend("not a test database URL".to_owned()))?;
    admin(admin_url)?
        .batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .map_err(crate::error::from_diesel)
}

/// Ends the change listeners' connections to the database of `database_url`, as a network
/// failure would; returns how many were ended.
pub fn terminate_listeners(admin_url: &str, database_url: &str) -> Result<usize, Error> {
    use diesel::RunQueryDsl;
    use diesel::sql_types::{Bool, Text};

    #[derive(diesel::QueryableByName)]
    struct Ended {
        #[diesel(sql_type = Bool)]
        #[expect(dead_code, reason = "only counted")]
        ended: bool,
    }

    let name = database_name(database_url)
        .ok_or_else(|| Error::Backend("not a database URL".to_owned()))?;
    diesel::sql_query(
        "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity \
         WHERE datname = $1 AND application_name = $2",
    )
    .bind::<Text, _>(name)
    .bind::<Text, _>(crate::LISTENER_APPLICATION_NAME)
    .load::<Ended>(&mut admin(admin_url)?)
    .map(|rows| rows.len())
    .map_err(crate::error::from_diesel)
}

/// Ends every connection to the database of `database_url` (but the caller's own), as a
/// database restart or a network failure would; returns how many were ended.
pub fn terminate_connections(admin_url: &str, database_url: &str) -> Result<usize, Error> {
    use diesel::RunQueryDsl;
    use diesel::sql_types::{Bool, Text};

    #[derive(diesel::QueryableByName)]
    struct Ended {
        #[diesel(sql_type = Bool)]
        #[expect(dead_code, reason = "only counted")]
        ended: bool,
    }

    let name = database_name(database_url)
        .ok_or_else(|| Error::Backend("not a database URL".to_owned()))?;
    diesel::sql_query(
        "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity \
         WHERE datname = $1 AND pid <> pg_backend_pid()",
    )
    .bind::<Text, _>(name)
    .load::<Ended>(&mut admin(admin_url)?)
    .map(|rows| rows.len())
    .map_err(crate::error::from_diesel)
}

/// The change listeners' sessions on the database of `database_url`: for each, whether it is
/// encrypted.
pub fn listener_sessions(admin_url: &str, database_url: &str) -> Result<Vec<bool>, Error> {
    use diesel::RunQueryDsl;
    use diesel::sql_types::{Bool, Text};

    #[derive(diesel::QueryableByName)]
    struct Session {
        #[diesel(sql_type = Bool)]
        ssl: bool,
    }

    let name = database_name(database_url)
        .ok_or_else(|| Error::Backend("not a database URL".to_owned()))?;
    diesel::sql_query(
        "SELECT coalesce(s.ssl, false) AS ssl FROM pg_stat_activity a \
         LEFT JOIN pg_stat_ssl s ON s.pid = a.pid \
         WHERE a.datname = $1 AND a.application_name = $2",
    )
    .bind::<Text, _>(name)
    .bind::<Text, _>(crate::LISTENER_APPLICATION_NAME)
    .load::<Session>(&mut admin(admin_url)?)
    .map(|rows| rows.into_iter().map(|row| row.ssl).collect())
    .map_err(crate::error::from_diesel)
}

fn admin(admin_url: &str) -> Result<PgConnection, Error> {
    PgConnection::establish(admin_url).map_err(|error| Error::Unavailable(error.to_string()))
}

/// Splits `scheme://authority/path?query` into (up to the authority, path, query).
fn split(url: &str) -> (&str, &str, &str) {
    let (base, query) = url.split_at(url.find('?').unwrap_or(url.len()));
    let authority_start = base.find("://").map_or(0, |at| at + 3);
    let path_start = base[authority_start..]
        .find('/')
        .map_or(base.len(), |at| authority_start + at);
    (&base[..path_start], &base[path_start..], query)
}

fn with_database(url: &str, name: &str) -> String {
    let (server, _, query) = split(url);
    format!("{server}/{name}{query}")
}

fn database_name(url: &str) -> Option<&str> {
    let (_, path, _) = split(url);
    path.strip_prefix('/').filter(|name| !name.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_name_replaces_the_path_and_keeps_the_query() {
        assert_eq!(
            with_database("postgres://u:p@h:5432/postgres?sslmode=prefer", "t"),
            "postgres://u:p@h:5432/t?sslmode=prefer"
        );
        assert_eq!(with_database("postgresql://h", "t"), "postgresql://h/t");
        assert_eq!(database_name("postgres://h/abc?x=1"), Some("abc"));
        assert_eq!(database_name("postgres://h"), None);
    }
}
