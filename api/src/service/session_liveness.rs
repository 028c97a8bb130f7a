//! How a process learns that a session ended, wherever it was ended.
//!
//! Requests: every access token names its session, and whether that session is alive is kept
//! in a bounded cache whose entries live [`ALIVE_FOR`] (a setting). A session ended in this
//! process is marked dead at once; one ended in another process sharing the database is read
//! as dead at the latest when the entry runs out. So a signed-out session's tokens are refused
//! everywhere within that time, on SQLite and PostgreSQL alike.
//!
//! The sessions whose readings served requests are read again together: a sweep every half
//! of that time ([`SessionLiveness::sweep_every`]) asks the database which of them (and of the
//! sessions with open streams) have ended, in one query, marks those dead and renews the
//! others' readings. So a session in steady use is never read on a request's path, and a
//! process reads the database twice a period however many sessions it serves; a request
//! waits for a read only for a session this process has not seen within the period.
//!
//! Streams: each open stream of a session holds a watch on it here. Ending a session in this
//! process cancels its watches at once; the sweep cancels those of sessions ended elsewhere.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// How long a reading of a session's liveness is trusted by default
/// (`SESSION_RECHECK_MILLIS`). Below a second, so that a sign-out reaches every process within
/// one.
pub const ALIVE_FOR: Duration = Duration::from_millis(500);

/// The longest wait between two sweeps (with readings kept longer than twice this).
pub const SWEEP_EVERY: Duration = Duration::from_millis(500);
/// The shortest wait between two sweeps.
const SWEEP_AT_MOST_EVERY: Duration = Duration::from_millis(50);

/// Sessions remembered at most; the least recently used go first (each costs one read again).
const CAPACITY: u64 = 100_000;

pub struct SessionLiveness {
    /// Session id → (its account, alive). Every write goes through moka's per-key compute, so
    /// a renewal racing an end cannot bring a dead session back.
    alive: moka::sync::Cache<Uuid, (Uuid, bool)>,
    alive_for: Duration,
    /// Live sessions whose cached reading served a request since the last sweep.
    in_use: Mutex<HashSet<Uuid>>,
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
            alive_for,
            in_use: Mutex::default(),
            watched: Mutex::default(),
        }
    }

    /// How often the sweep runs: twice per reading's lifetime, so a reading in use is renewed
    /// before it runs out.
    pub fn sweep_every(&self) -> Duration {
        (self.alive_for / 2).clamp(SWEEP_AT_MOST_EVERY, SWEEP_EVERY)
    }

    /// Whether the session is alive and `account`'s, if known without a read.
    pub fn cached(&self, session: Uuid, account: Uuid) -> Option<bool> {
        let (owner, alive) = self.alive.get(&session)?;
        if alive {
            self.in_use
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .insert(session);
        }
        Some(alive && owner == account)
    }

    /// Remembers a reading. An ended session stays ended: a reading taken before the end
    /// cannot bring it back.
    pub fn learn(&self, session: Uuid, account: Uuid, alive: bool) {
        self.alive
            .entry(session)
            .and_upsert_with(|existing| match existing {
                Some(entry) if !entry.value().1 => entry.into_value(),
                _ => (account, alive),
            });
    }

    /// The live sessions whose readings served requests since the last call.
    pub fn take_in_use(&self) -> Vec<Uuid> {
        let mut in_use = self.in_use.lock().unwrap_or_else(PoisonError::into_inner);
        in_use.drain().collect()
    }

    /// Renews the readings of these sessions, read alive just now, where they are still held
    /// as alive (one that ended meanwhile stays ended; one forgotten is read on next use).
    pub fn renew(&self, sessions: &[Uuid]) {
        use moka::ops::compute::Op;
        for session in sessions {
            let _ = self
                .alive
                .entry(*session)
                .and_compute_with(|existing| match existing {
                    Some(entry) if entry.value().1 => Op::Put(entry.into_value()),
                    _ => Op::Nop,
                });
        }
    }

    /// The sessions ended: refused from now on in this process, their streams ended.
    pub fn ended(&self, account: Uuid, sessions: &[Uuid]) {
        for session in sessions {
            // An owner already known stays (a sweep ends sessions without knowing theirs).
            self.alive
                .entry(*session)
                .and_upsert_with(|existing| match existing {
                    Some(entry) => (entry.into_value().0, false),
                    None => (account, false),
                });
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

    /// Whether no session is in use here: nothing for the sweep to read.
    pub fn idle(&self) -> bool {
        self.in_use
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_empty()
            && self
                .watched
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .is_empty()
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

    #[test]
    fn readings_in_use_are_renewed_and_an_ended_session_stays_ended() {
        let liveness = SessionLiveness::new(Duration::from_millis(1000));
        assert_eq!(liveness.sweep_every(), SWEEP_EVERY);
        assert!(liveness.idle());
        let (used, ended, account) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        liveness.learn(used, account, true);
        liveness.learn(ended, account, true);
        assert_eq!(liveness.cached(used, account), Some(true));
        assert_eq!(liveness.cached(ended, account), Some(true));
        let mut in_use = liveness.take_in_use();
        in_use.sort_unstable();
        let mut expected = vec![used, ended];
        expected.sort_unstable();
        assert_eq!(in_use, expected);
        assert!(liveness.idle(), "taken");
        // An end between the sweep's read and its renewal wins; so does one before a late
        // reading.
        liveness.ended(account, &[ended]);
        liveness.renew(&[used, ended]);
        liveness.learn(ended, account, true);
        assert_eq!(liveness.cached(ended, account), Some(false));
        assert!(
            liveness.take_in_use().is_empty(),
            "a dead session is not swept again"
        );
        // Renewed just before it would run out, a reading outlives its first lifetime.
        std::thread::sleep(Duration::from_millis(500));
        liveness.renew(&[used]);
        std::thread::sleep(Duration::from_millis(700));
        assert_eq!(liveness.cached(used, account), Some(true));
        // Not renewed, it runs out.
        std::thread::sleep(Duration::from_millis(1200));
        assert_eq!(liveness.cached(used, account), None);
    }
}
