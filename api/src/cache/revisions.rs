//! Game revisions read for the async workers without blocking them, the requests that arrive
//! together served by one thread on one connection.
//!
//! Checking a cached game costs one indexed read of its revision. On PostgreSQL that is a round
//! trip; done on the blocking pool, each request would also pay two thread hand-overs and a pool
//! checkout. Here one thread of its own reads, for every request queued since its last read, the
//! revision of each game they ask for (each game once). Each read starts after its request was queued, so it
//! sees every commit acknowledged before the request arrived: no process serves a game older
//! than one another process has acknowledged.

use std::collections::HashSet;
use std::sync::mpsc::{Receiver, Sender, channel};

use persistence::Database;
use tokio::sync::oneshot;
use uuid::Uuid;

/// The most games one read asks for.
const MOST_PER_READ: usize = 256;

type Request = (Uuid, oneshot::Sender<Option<i64>>);

pub struct RevisionReader {
    requests: Sender<Request>,
}

impl RevisionReader {
    /// Starts the reading thread; it ends when the reader is dropped.
    pub fn start(database: Database) -> std::io::Result<Self> {
        let (requests, queue) = channel();
        std::thread::Builder::new()
            .name("revision-reader".to_owned())
            .spawn(move || serve(&database, &queue))?;
        Ok(Self { requests })
    }

    /// The game's revision, read after this call began. `None` for a missing game or a failed
    /// read: the caller then takes the blocking path, which says why.
    pub async fn revision(&self, id: Uuid) -> Option<i64> {
        let (reply, answer) = oneshot::channel();
        self.requests.send((id, reply)).ok()?;
        answer.await.ok().flatten()
    }
}

fn serve(database: &Database, queue: &Receiver<Request>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        batch.extend(queue.try_iter().take(MOST_PER_READ - 1));
        let ids: Vec<Uuid> = batch
            .iter()
            .map(|(id, _)| *id)
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        let found = database.revisions(&ids).unwrap_or_else(|error| {
            tracing::warn!(%error, "revisions could not be read");
            Default::default()
        });
        for (id, reply) in batch {
            // A request that gave up waiting has nobody to answer.
            let _ = reply.send(found.get(&id).copied());
        }
    }
}
