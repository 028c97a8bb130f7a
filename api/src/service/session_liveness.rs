//! How a process learns that a session ended, wherever it was ended.
//!
//! Requests: every access token names its session, and whether that session is alive is kept
//! in a bounded cache whose entries live [`ALIVE_FOR`] (a setting). A session ended in this process is
//! marked dead at once; one ended in another process sharing the database is read as dead at
//! the latest when the entry runs out. So a signed-out session's tokens are refused everywhere
//! within that time, on SQLite and PostgreSQL alike, at the cost of one primary-key read per
//! active session per period per process, and none on the requests in between.
//!
//! Streams: each open stream of a session holds a watch on it here. Ending a session in this
//! process cancels its watches at once; a sweep every [`SWEEP_EVERY`] asks the database which
//! of the watched sessions have ended elsewhere (one query for all of them), and cancels those.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// How long a reading of a session's liveness is trusted by default
/// (`SESSION_RECHECK_MILLIS`). Below a second, so that a sign-out reaches every process within
/// one.
pub const ALIVE_FOR: Duration = Duration::from_millis(500);

/// How often the streams' sessions are checked for an end made by another process.
pub const SWEEP_EVERY: Duration = Duration::from_millis(500);

/// Sessions remembered at most; the least recently used go first (each costs one read again).
const CAPACITY: u64 = 100_000;

pub struct SessionLiveness {
    /// Session id → (its account, alive).
    alive: moka::sync::Cache<Uuid, (Uuid, bool)>,
    /// The sessions with open streams, and how many each has.
    watched: Mutex<HashMap<Uuid, (CancellationToken, usize)>>,
}

impl Default for SessionLiveness {
    fn default() -> Self {
        Self::new(ALIVE_FOR)
    }
}

impl SessionLiveness {
    /// Trusts each reading for `alive_for`: the longest a session ended by another process
    /// keeps working here.
    pub fn new(alive_for: Duration) -> Self {
        Self {
            alive: moka::sync::Cache::builder()
                .max_capacity(CAPACITY)
                .time_to_live(alive_for)
                .build(),
            watched: Mutex::default(),
        }
    }

    /// Whether the session is alive and `account`'s, if known without a read.
    pub fn cached(&self, session: Uuid, account: Uuid) -> Option<bool> {
        self.alive
            .get(&session)
            .map(|(owner, alive)| alive && owner == account)
    }

    pub fn learn(&self, session: Uuid, account: Uuid, alive: bool) {
        self.alive.insert(session, (account, alive));
    }

    /// The sessions ended: refused from now on in this process, their streams ended.
    pub fn ended(&self, account: Uuid, sessions: &[Uuid]) {
        for session in sessions {
            self.learn(*session, account, false);
        }
        self.cancel(sessions);
    }

    /// Ends the streams of these sessions.
    pub fn cancel(&self, sessions: &[Uuid]) {
        let mut watched = self.watched.lock().unwrap_or_else(PoisonError::into_inner);
        for session in sessions {
            if let Some((token, _)) = watched.remove(session) {
                token.cancel();
            }
        }
    }

    /// The sessions that have open streams in this process.
    pub fn watched(&self) -> Vec<Uuid> {
        self.watched
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .keys()
            .copied()
            .collect()
    }

    /// A watch on `session` for one stream: cancelled when the session ends.
    pub fn watch(self: &Arc<Self>, session: Uuid) -> SessionWatch {
        let mut watched = self.watched.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = watched
            .entry(session)
            .or_insert_with(|| (CancellationToken::new(), 0));
        entry.1 += 1;
        SessionWatch {
            ended: entry.0.clone(),
            session: Some((Arc::clone(self), session)),
        }
    }
}

/// What a stream holds to learn that its session ended; a stream without a session (opened
/// with another credential) holds one that never ends.
pub struct SessionWatch {
    ended: CancellationToken,
    session: Option<(Arc<SessionLiveness>, Uuid)>,
}

impl SessionWatch {
    pub fn none() -> Self {
        Self {
            ended: CancellationToken::new(),
            session: None,
        }
    }

    /// Resolves once the session has ended.
    pub async fn ended(&self) {
        self.ended.cancelled().await;
    }
}

impl Drop for SessionWatch {
    fn drop(&mut self) {
        let Some((liveness, session)) = &self.session else {
            return;
        };
        let mut watched = liveness
            .watched
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(entry) = watched.get_mut(session) {
            entry.1 = entry.1.saturating_sub(1);
            if entry.1 == 0 {
                watched.remove(session);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn ending_a_session_ends_its_watches_and_refuses_it() {
        let liveness = Arc::new(SessionLiveness::default());
        let (session, other, account) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        liveness.learn(session, account, true);
        assert_eq!(liveness.cached(session, account), Some(true));
        assert_eq!(liveness.cached(session, Uuid::new_v4()), Some(false));
        let first = liveness.watch(session);
        let second = liveness.watch(session);
        let bystander = liveness.watch(other);
        drop(second);
        assert_eq!(liveness.watched().len(), 2);
        liveness.ended(account, &[session]);
        tokio::time::timeout(Duration::from_secs(1), first.ended())
            .await
            .expect("the watch ended");
        assert_eq!(liveness.cached(session, account), Some(false));
        assert!(!bystander.ended.is_cancelled());
        drop(bystander);
        assert!(liveness.watched().is_empty());
    }
}
