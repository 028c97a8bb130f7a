//! A bounded cache of decoded games, so that a view or a move does not re-read and re-decode
//! the stored snapshot. The database stays the arbiter: an entry is used only after one cheap
//! indexed read has shown that the game's revision is still the cached one, so no process
//! serves a game older than a commit another process has acknowledged.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use persistence::{GameRecord, GameStatus};
use uuid::Uuid;

pub struct GameCache {
    capacity: usize,
    entries: Mutex<Entries>,
}

#[derive(Default)]
struct Entries {
    games: HashMap<Uuid, Entry>,
    /// A logical clock: the larger, the more recently used.
    clock: u64,
}

struct Entry {
    used: u64,
    record: Arc<GameRecord>,
}

/// What the cache says of a game at a revision.
pub enum Cached {
    Fresh(Arc<GameRecord>),
    Missing,
}

impl GameCache {
    /// A cache of at most `capacity` games; 0 turns it off.
    pub fn new(capacity: usize) -> Self {
        Self {
            capacity,
            entries: Mutex::new(Entries::default()),
        }
    }

    fn entries(&self) -> MutexGuard<'_, Entries> {
        // Every update leaves the map consistent; a panic elsewhere does not spoil it.
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The cached game if it is at `revision`. An entry at another revision is dropped.
    pub fn at_revision(&self, id: Uuid, revision: i64) -> Cached {
        let mut entries = self.entries();
        entries.clock += 1;
        let now = entries.clock;
        match entries.games.get_mut(&id) {
            Some(entry) if entry.record.revision == revision => {
                entry.used = now;
                Cached::Fresh(Arc::clone(&entry.record))
            }
            Some(_) => {
                entries.games.remove(&id);
                Cached::Missing
            }
            None => Cached::Missing,
        }
    }

    /// Whether a game is cached at all (then its revision is worth checking).
    pub fn holds(&self, id: Uuid) -> bool {
        self.entries().games.contains_key(&id)
    }

    /// Keeps a game as read or as just committed. Open games are not kept: their seats change
    /// without a new revision.
    pub fn keep(&self, record: &GameRecord) {
        if self.capacity == 0 || record.status == GameStatus::Open || record.state.is_none() {
            return;
        }
        let mut entries = self.entries();
        entries.clock += 1;
        let used = entries.clock;
        let newer = entries
            .games
            .get(&record.id)
            .is_some_and(|entry| entry.record.revision > record.revision);
        if !newer {
            entries.games.insert(
                record.id,
                Entry {
                    used,
                    record: Arc::new(record.clone()),
                },
            );
        }
        if entries.games.len() > self.capacity {
            evict(&mut entries.games, self.capacity);
        }
    }

    pub fn forget(&self, id: Uuid) {
        self.entries().games.remove(&id);
    }

    pub fn len(&self) -> usize {
        self.entries().games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Drops the least recently used eighth (at least one), so eviction runs rarely.
fn evict(games: &mut HashMap<Uuid, Entry>, capacity: usize) {
    let keep = capacity - capacity / 8;
    let mut uses: Vec<u64> = games.values().map(|entry| entry.used).collect();
    let drop = uses.len().saturating_sub(keep);
    if drop == 0 {
        return;
    }
    let (_, threshold, _) = uses.select_nth_unstable(drop - 1);
    let threshold = *threshold;
    games.retain(|_, entry| entry.used > threshold);
}

#[cfg(test)]
mod tests {
    use domain::{AnyGame, GameKind, OptionMap, Seed};

    use super::*;

    fn record(id: Uuid, revision: i64, status: GameStatus) -> GameRecord {
        let seed = Seed::new("cache test".to_owned()).expect("a valid seed");
        let (state, _) = AnyGame::create(
            GameKind::TradeOrDuel,
            4,
            &OptionMap::default(),
            &seed,
            None,
            0,
        )
        .expect("a game");
        GameRecord {
            id,
            kind: GameKind::TradeOrDuel,
            players: 4,
            options: OptionMap::default(),
            seed,
            setup: None,
            fixed_setup: false,
            status,
            revision,
            version: revision,
            state: Some(state),
            seats: Vec::new(),
            bots: Vec::new(),
            created_by: Uuid::nil(),
            created_at: 0,
            started_at: Some(0),
            finished_at: None,
            deadline_at: None,
            updated_at: 0,
        }
    }

    fn fresh(cache: &GameCache, id: Uuid, revision: i64) -> bool {
        matches!(cache.at_revision(id, revision), Cached::Fresh(_))
    }

    #[test]
    fn an_entry_serves_only_its_revision() {
        let cache = GameCache::new(8);
        let id = Uuid::new_v4();
        cache.keep(&record(id, 3, GameStatus::Active));
        assert!(fresh(&cache, id, 3));
        // Another process committed revision 4: the entry is stale and goes.
        assert!(!fresh(&cache, id, 4));
        assert!(!cache.holds(id));
    }

    #[test]
    fn an_older_reading_does_not_replace_a_newer_entry() {
        let cache = GameCache::new(8);
        let id = Uuid::new_v4();
        cache.keep(&record(id, 5, GameStatus::Active));
        cache.keep(&record(id, 4, GameStatus::Active));
        assert!(fresh(&cache, id, 5));
    }

    #[test]
    fn open_games_are_not_kept_and_the_size_is_bounded() {
        let cache = GameCache::new(16);
        cache.keep(&record(Uuid::new_v4(), 0, GameStatus::Open));
        assert!(cache.is_empty());
        let first = Uuid::new_v4();
        cache.keep(&record(first, 1, GameStatus::Active));
        for _ in 0..100 {
            cache.keep(&record(Uuid::new_v4(), 1, GameStatus::Active));
            assert!(cache.len() <= 16);
        }
        // The least recently used went first.
        assert!(!cache.holds(first));
        assert!(GameCache::new(0).is_empty());
        let off = GameCache::new(0);
        off.keep(&record(first, 1, GameStatus::Active));
        assert!(off.is_empty());
    }
}
