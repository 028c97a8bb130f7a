//! A bounded cache of decoded games, so that a view or a move does not re-read and re-decode
//! the stored snapshot, and of the views rendered from them, so that fetching a view again
//! does not render, serialize and hash it again. The database stays the arbiter: an entry is
//! used only after one cheap indexed read has shown that the game's revision is still the
//! cached one, so no process serves a game older than a commit another process has
//! acknowledged.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use actix_web::web::Bytes;
use domain::{Seat, Viewer};
use moka::ops::compute::Op;
use moka::policy::EvictionPolicy;
use persistence::{GameRecord, GameStatus};
use serde::Serialize;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::error::ApiError;

/// Bounded by `moka`, least recently used first out. Its default admission policy (TinyLFU)
/// would turn away a new game while the cache is full of games read as often, and a game is
/// most wanted just after it is created, so the policy is plain LRU. A clone shares the entries.
#[derive(Clone)]
pub struct GameCache {
    /// `None` when the cache is turned off.
    games: Option<moka::sync::Cache<Uuid, Arc<Entry>>>,
}

struct Entry {
    record: Arc<GameRecord>,
    /// What has been rendered of `record`, by who looks and at what. At most a few per game
    /// (one per seat and one for spectators, of each kind of response).
    views: Mutex<HashMap<ViewKey, Arc<RenderedView>>>,
}

impl Entry {
    fn views(&self) -> MutexGuard<'_, HashMap<ViewKey, Arc<RenderedView>>> {
        // Every update leaves the map consistent; a panic elsewhere does not spoil it.
        self.views.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One rendering of a game at one revision. Everything it shows is decided by the record and
/// this key alone, so one rendering serves every request with the same key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ViewKey {
    /// `GET /v1/games/{id}` (and a move's answer) as a seat or a spectator sees it.
    Game(Viewer),
    /// A seat's legal moves.
    LegalMoves(Seat),
}

/// A response body ready to send: its JSON and its strong entity tag.
#[derive(Debug)]
pub struct RenderedView {
    pub json: Bytes,
    /// A digest of `json`, so it changes exactly when the bytes this caller is sent change,
    /// and tells nothing the body does not.
    pub tag: String,
}

impl RenderedView {
    pub fn of(body: &impl Serialize) -> Result<Self, ApiError> {
        let json = serde_json::to_vec(body)
            .map_err(|error| ApiError::Internal(format!("a view did not serialize: {error}")))?;
        let tag = entity_tag(&json);
        Ok(Self {
            json: Bytes::from(json),
            tag,
        })
    }

    /// A body already serialized (a kept idempotent response), with its tag.
    pub fn from_json(json: impl Into<Bytes>) -> Self {
        let json = json.into();
        let tag = entity_tag(&json);
        Self { json, tag }
    }
}

/// A strong entity tag: the first 128 bits of the body's SHA-256, quoted.
fn entity_tag(bytes: &[u8]) -> String {
    format!("\"{}\"", hex::encode(&Sha256::digest(bytes)[..16]))
}

/// What the cache says of a game at a revision.
pub enum Cached {
    Fresh(Arc<GameRecord>),
    Missing,
}

impl GameCache {
    /// A cache of at most `capacity` games; 0 turns it off.
    pub fn new(capacity: usize) -> Self {
        let games = (capacity > 0).then(|| {
            moka::sync::Cache::builder()
                .max_capacity(capacity as u64)
                .eviction_policy(EvictionPolicy::lru())
                .build()
        });
        Self { games }
    }

    fn entry(&self, id: Uuid) -> Option<Arc<Entry>> {
        self.games.as_ref()?.get(&id)
    }

    /// The cached game if it is at `revision`. An entry older than `revision` is dropped.
    pub fn at_revision(&self, id: Uuid, revision: i64) -> Cached {
        let Some(games) = &self.games else {
            return Cached::Missing;
        };
        match games.get(&id) {
            Some(entry) if entry.record.revision == revision => {
                Cached::Fresh(Arc::clone(&entry.record))
            }
            Some(_) => {
                // Atomically, so a newer entry kept meanwhile by a commit stays.
                games.entry(id).and_compute_with(|current| match current {
                    Some(entry) if entry.value().record.revision < revision => Op::Remove,
                    _ => Op::Nop,
                });
                Cached::Missing
            }
            None => Cached::Missing,
        }
    }

    /// The cached game at whatever revision it holds: the caller must prove it current (by a
    /// compare-and-swap on its revision) before relying on it.
    pub fn latest(&self, id: Uuid) -> Option<Arc<GameRecord>> {
        self.entry(id).map(|entry| Arc::clone(&entry.record))
    }

    /// Whether a game is cached at all (then its revision is worth checking).
    pub fn holds(&self, id: Uuid) -> bool {
        self.games
            .as_ref()
            .is_some_and(|games| games.contains_key(&id))
    }

    /// Keeps a game as read or as just committed. Open games are not kept: their seats change
    /// without a new revision.
    pub fn keep(&self, record: &Arc<GameRecord>) {
        let Some(games) = &self.games else {
            return;
        };
        if record.status == GameStatus::Open || record.state.is_none() {
            return;
        }
        // Atomically, so an older reading never replaces a newer entry.
        games
            .entry(record.id)
            .and_compute_with(|current| match current {
                Some(entry) if entry.value().record.revision >= record.revision => Op::Nop,
                _ => Op::Put(Arc::new(Entry {
                    record: Arc::clone(record),
                    views: Mutex::default(),
                })),
            });
    }

    /// The view rendered for `key` of `game`, if one was kept for that very state.
    pub fn rendered(&self, game: &GameRecord, key: ViewKey) -> Option<Arc<RenderedView>> {
        let entry = self.entry(game.id)?;
        if !same_state(&entry.record, game) {
            return None;
        }
        entry.views().get(&key).cloned()
    }

    /// Keeps a view rendered from `game`, while the cached game is in that very state.
    pub fn keep_rendered(&self, game: &GameRecord, key: ViewKey, view: &Arc<RenderedView>) {
        if let Some(entry) = self.entry(game.id)
            && same_state(&entry.record, game)
        {
            entry.views().insert(key, Arc::clone(view));
        }
    }

    pub fn forget(&self, id: Uuid) {
        if let Some(games) = &self.games {
            games.invalidate(&id);
        }
    }

    /// How many games are kept, once the cache's pending evictions have run.
    pub fn len(&self) -> usize {
        self.games.as_ref().map_or(0, |games| {
            games.run_pending_tasks();
            usize::try_from(games.entry_count()).unwrap_or(usize::MAX)
        })
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Whether `game` is the state `cached` holds, so that a rendering of one serves the other.
///
/// The revision alone does not say it: an open game and the game its last join started are both
/// at revision 0 (the start is not an input), and an open game's seats change without a new
/// revision. Open games are never cached, so the status tells the two apart; every change after
/// the start is a commit, which moves the revision.
fn same_state(cached: &GameRecord, game: &GameRecord) -> bool {
    cached.revision == game.revision
        && cached.status == game.status
        && cached.started_at == game.started_at
}

#[cfg(test)]
mod tests {
    use domain::{AnyGame, GameKind, OptionMap, Seed};

    use super::*;

    fn record(id: Uuid, revision: i64, status: GameStatus) -> Arc<GameRecord> {
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
        Arc::new(GameRecord {
            id,
            kind: GameKind::TradeOrDuel,
            players: 4,
            options: OptionMap::default(),
            seed,
            seed_nonce: None,
            setup: None,
            fixed_setup: false,
            rated: true,
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
            to_act: Vec::new(),
            unlisted: false,
            rematch_id: None,
            invitations: Vec::new(),
        })
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
    fn a_rendered_view_serves_its_revision_and_key_only() {
        let cache = GameCache::new(8);
        let id = Uuid::new_v4();
        let at_3 = record(id, 3, GameStatus::Active);
        cache.keep(&at_3);
        let seat = ViewKey::Game(Viewer::Seat(Seat(0)));
        let view = Arc::new(RenderedView::of(&"seat 0 at 3").expect("renders"));
        cache.keep_rendered(&at_3, seat, &view);
        assert!(cache.rendered(&at_3, seat).is_some());
        // Another viewer, another kind of response or another revision is not served it.
        assert!(
            cache
                .rendered(&at_3, ViewKey::Game(Viewer::Seat(Seat(1))))
                .is_none()
        );
        assert!(
            cache
                .rendered(&at_3, ViewKey::Game(Viewer::Spectator))
                .is_none()
        );
        assert!(
            cache
                .rendered(&at_3, ViewKey::LegalMoves(Seat(0)))
                .is_none()
        );
        let at_4 = record(id, 4, GameStatus::Active);
        assert!(cache.rendered(&at_4, seat).is_none());
        // A rendering of an older revision is not kept beside a newer game.
        cache.keep(&at_4);
        assert!(cache.rendered(&at_4, seat).is_none());
        cache.keep_rendered(&at_3, seat, &view);
        assert!(cache.rendered(&at_4, seat).is_none());
        assert!(cache.rendered(&at_3, seat).is_none());
    }

    #[test]
    fn the_open_game_and_the_started_one_share_no_rendering() {
        // Both are at revision 0: a start is not an input.
        let cache = GameCache::new(8);
        let id = Uuid::new_v4();
        let started = record(id, 0, GameStatus::Active);
        let mut open = (*record(id, 0, GameStatus::Open)).clone();
        open.state = None;
        open.started_at = None;
        cache.keep(&started);
        let seat = ViewKey::Game(Viewer::Seat(Seat(1)));
        let lobby = Arc::new(RenderedView::of(&"the lobby").expect("renders"));
        cache.keep_rendered(&open, seat, &lobby);
        assert!(cache.rendered(&started, seat).is_none());
        let game = Arc::new(RenderedView::of(&"the game").expect("renders"));
        cache.keep_rendered(&started, seat, &game);
        assert!(cache.rendered(&open, seat).is_none());
        assert!(cache.rendered(&started, seat).is_some());
    }

    #[test]
    fn a_tag_follows_the_bytes() {
        let tag = RenderedView::of(&"a").expect("renders").tag;
        assert_eq!(tag, RenderedView::of(&"a").expect("renders").tag);
        assert_ne!(tag, RenderedView::of(&"b").expect("renders").tag);
        assert_eq!(tag.len(), 34);
        assert!(tag.starts_with('"') && tag.ends_with('"'));
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
