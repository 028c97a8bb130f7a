//! What this process's bots have done, for operators and tests: moves committed, races lost to
//! another writer, and failures retried.

use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Debug, Default)]
pub struct BotStats {
    moves: AtomicU64,
    lost_races: AtomicU64,
    failures: AtomicU64,
}

impl BotStats {
    /// Bot moves this process committed.
    pub fn moves(&self) -> u64 {
        self.moves.load(Ordering::Relaxed)
    }

    /// Bot moves refused because the game had changed since the bot read it (another process,
    /// a person in a simultaneous decision, a deadline).
    pub fn lost_races(&self) -> u64 {
        self.lost_races.load(Ordering::Relaxed)
    }

    /// Steps of a bot seat that failed (the database unavailable, a game that cannot be read)
    /// and were retried after a pause.
    pub fn failures(&self) -> u64 {
        self.failures.load(Ordering::Relaxed)
    }

    pub(super) fn moved(&self) {
        self.moves.fetch_add(1, Ordering::Relaxed);
    }

    pub(super) fn lost_race(&self) {
        self.lost_races.fetch_add(1, Ordering::Relaxed);
    }

    pub(super) fn failed(&self) {
        self.failures.fetch_add(1, Ordering::Relaxed);
    }
}
