//! Telling other server processes that a game changed: PostgreSQL `NOTIFY` after the commit,
//! `LISTEN` on a connection of its own. A notification names only a game and a version; every
//! process reads and filters what changed itself. SQLite has no such channel: its feed stays
//! inside the process.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{Array, Text};
use diesel::{Connection, PgConnection};
use uuid::Uuid;

use crate::connection::{AnyConnection, Target};
use crate::{Database, Error};

/// The channel every process listens on.
pub const CHANGES_CHANNEL: &str = "cardtable_changes";

/// A game moved to a version. `origin` names the process that committed it, so a process can
/// skip its own notifications (it has delivered them already).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameChange {
    pub game: Uuid,
    pub version: i64,
    pub origin: u64,
}

impl GameChange {
    fn payload(&self) -> String {
        format!("{}:{}:{:x}", self.game, self.version, self.origin)
    }

    fn parse(payload: &str) -> Option<Self> {
        let mut parts = payload.split(':');
        let game = Uuid::parse_str(parts.next()?).ok()?;
        let version = parts.next()?.parse().ok()?;
        let origin = u64::from_str_radix(parts.next()?, 16).ok()?;
        Some(Self {
            game,
            version,
            origin,
        })
    }
}

impl Database {
    /// Sends one notification per change in one statement, outside any game transaction: a
    /// transaction that notified takes a global lock at commit, so notifying inside each move's
    /// transaction would serialize every commit. Does nothing on SQLite.
    #[tracing::instrument(skip(self, changes), fields(changes = changes.len()))]
    pub fn notify_changes(&self, changes: &[GameChange]) -> Result<(), Error> {
        if changes.is_empty() {
            return Ok(());
        }
        let mut conn = self.conn()?;
        let AnyConnection::Postgresql(pg) = &mut *conn else {
            return Ok(());
        };
        let payloads: Vec<String> = changes.iter().map(GameChange::payload).collect();
        diesel::sql_query(format!(
            "SELECT pg_notify('{CHANGES_CHANNEL}', payload) FROM unnest($1) AS payload"
        ))
        .bind::<Array<Text>, _>(payloads)
        .execute(pg)
        .map(drop)
        .map_err(crate::error::from_diesel)
    }

    /// A connection listening for changes, on PostgreSQL; `None` on SQLite.
    pub fn change_listener(&self) -> Result<Option<ChangeListener>, Error> {
        match self.target() {
            Target::Postgres(url) => ChangeListener::connect(url).map(Some),
            Target::Sqlite(_) => Ok(None),
        }
    }
}

/// A dedicated PostgreSQL connection that has run `LISTEN`. It blocks nobody: [`poll`] returns
/// what has arrived and never waits, so its owner polls it from a thread of its own.
///
/// [`poll`]: ChangeListener::poll
pub struct ChangeListener {
    conn: PgConnection,
}

impl std::fmt::Debug for ChangeListener {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChangeListener").finish_non_exhaustive()
    }
}

/// Names the listener's session in `pg_stat_activity`, so an operator (or a test) can find it.
pub const LISTENER_APPLICATION_NAME: &str = "cardtable-listener";

impl ChangeListener {
    fn connect(url: &str) -> Result<Self, Error> {
        let mut conn =
            PgConnection::establish(url).map_err(|error| Error::Unavailable(error.to_string()))?;
        conn.batch_execute(&format!(
            "SET application_name = '{LISTENER_APPLICATION_NAME}'; LISTEN {CHANGES_CHANNEL};"
        ))
        .map_err(crate::error::from_diesel)?;
        Ok(Self { conn })
    }

    /// The changes that arrived since the last poll. An error means the connection is lost.
    pub fn poll(&mut self) -> Result<Vec<GameChange>, Error> {
        let mut changes = Vec::new();
        for notification in self.conn.notifications_iter() {
            let notification =
                notification.map_err(|error| Error::Unavailable(error.to_string()))?;
            match GameChange::parse(&notification.payload) {
                Some(change) => changes.push(change),
                None => tracing::warn!("ignored a malformed change notification"),
            }
        }
        Ok(changes)
    }

    /// Round-trips to the server: a connection that died quietly fails here.
    pub fn ping(&mut self) -> Result<(), Error> {
        self.conn
            .batch_execute("SELECT 1")
            .map_err(|error| Error::Unavailable(error.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payload_round_trips_and_garbage_is_refused() {
        let change = GameChange {
            game: Uuid::new_v4(),
            version: 42,
            origin: 0xdead_beef,
        };
        assert_eq!(GameChange::parse(&change.payload()), Some(change));
        assert_eq!(GameChange::parse("not a change"), None);
        assert_eq!(GameChange::parse(&format!("{}:x:1", change.game)), None);
    }
}
