//! Reads that never wait, for callers that must not block (an async worker): each answers now
//! or says it cannot, and the caller takes the ordinary, blocking path instead.
//!
//! On SQLite a game's revision is a point read of a local file in WAL mode, where readers do not
//! wait for writers: a few microseconds, less than handing the request to another thread. A
//! handful of connections of their own serve it, each taken only if free, with no busy wait.
//! PostgreSQL is a round trip away: there it always declines.

use std::sync::{Mutex, TryLockError};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use uuid::Uuid;

use crate::Error;
use crate::error::OrDb;
use crate::schema::games;

pub(crate) struct QuickReaders {
    connections: Vec<Mutex<SqliteConnection>>,
}

impl QuickReaders {
    /// One reader per CPU: no more requests than that run at once on the async workers.
    pub(crate) fn open(path: &str) -> Result<Self, Error> {
        let count = std::thread::available_parallelism().map_or(1, usize::from);
        let connections = (0..count)
            .map(|_| {
                let mut conn = SqliteConnection::establish(path)
                    .map_err(|error| Error::Unavailable(error.to_string()))?;
                // busy_timeout 0: a read that would have to wait fails at once instead.
                conn.batch_execute("PRAGMA busy_timeout = 0; PRAGMA query_only = 1;")
                    .db()?;
                Ok(Mutex::new(conn))
            })
            .collect::<Result<_, Error>>()?;
        Ok(Self { connections })
    }

    /// The game's revision if a reader is free and the read needs no wait; `None` otherwise,
    /// a missing game and any failure included (the blocking path reports them).
    pub(crate) fn revision(&self, id: Uuid) -> Option<i64> {
        self.connections.iter().find_map(|reader| {
            let mut conn = match reader.try_lock() {
                Ok(conn) => conn,
                // A panic while reading leaves nothing half done in a read.
                Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
                Err(TryLockError::WouldBlock) => return None,
            };
            // `get_result`, not `first`: a key lookup needs no `LIMIT`, and with `first`'s
            // bound `LIMIT` SQLite prepared the statement again at every run (in profiles,
            // most of the read's cost).
            Some(
                games::table
                    .find(id.to_string())
                    .select(games::version)
                    .get_result::<i64>(&mut *conn)
                    .ok(),
            )
        })?
    }
}
