//! The hub: what every commit tells, and what every stream listens to, in one process.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use persistence::{Announcement, Backend, Database, GameChange, GameRecord};
use tokio::sync::{mpsc, watch};
use uuid::Uuid;

use super::change::{Change, Decided};
use super::feed::Feed;
use super::notify;
use super::stream_caps::{Slot, StreamSlots};
use crate::cache::GameCache;

/// Timings and bounds of the streams.
#[derive(Clone, Debug)]
pub struct LiveSettings {
    /// A comment line at least this often keeps proxies and clients from timing out; each one
    /// also re-reads the database, covering a wake-up lost between a commit and its notification.
    pub keep_alive: Duration,
    /// Messages a stream may hold for a client that is not reading.
    pub stream_buffer: usize,
    /// How long a full buffer may stay full before the client is disconnected as too slow.
    pub slow_reader_grace: Duration,
    /// Sent as `retry:` at the start of every stream: how soon a client reconnects.
    pub reconnect_after: Duration,
    /// Decoded games kept in memory (0: none); see [`GameCache`].
    pub game_cache_size: usize,
    /// Streams (of games and of the account) one account may hold open at once (0: no cap).
    pub streams_per_account: usize,
}

impl Default for LiveSettings {
    fn default() -> Self {
        Self {
            keep_alive: Duration::from_secs(10),
            stream_buffer: 64,
            slow_reader_grace: Duration::from_secs(5),
            reconnect_after: Duration::from_secs(2),
            game_cache_size: 2048,
            streams_per_account: 16,
        }
    }
}

/// Cheap to clone; one per process.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

struct Inner {
    feed: Arc<Feed>,
    /// Names this process in its notifications, so it can skip its own.
    origin: u64,
    /// To the notifier, on PostgreSQL.
    outbox: Option<mpsc::UnboundedSender<Announcement>>,
    shutdown: watch::Sender<bool>,
    open_streams: AtomicUsize,
    slots: Arc<StreamSlots>,
    cache: GameCache,
    settings: LiveSettings,
}

impl Hub {
    /// A hub for `database`; on PostgreSQL it starts the notifier and the listener tasks,
    /// so it must be called inside the Tokio runtime.
    pub fn start(database: &Database, settings: LiveSettings) -> Hub {
        let (hub, queue) = Self::new(settings, database.backend() == Backend::Postgres);
        if let Some(queue) = queue {
            tokio::spawn(notify::run_notifier(database.clone(), queue));
            notify::spawn_listener(
                database.clone(),
                Arc::downgrade(&hub.inner.feed),
                hub.inner.cache.clone(),
                hub.inner.origin,
            );
        }
        hub
    }

    /// The hub, and the notifier's queue when changes must reach other processes.
    fn new(
        settings: LiveSettings,
        cross_process: bool,
    ) -> (Hub, Option<mpsc::UnboundedReceiver<Announcement>>) {
        let (outbox, queue) = if cross_process {
            let (sender, receiver) = mpsc::unbounded_channel();
            (Some(sender), Some(receiver))
        } else {
            (None, None)
        };
        let hub = Hub {
            inner: Arc::new(Inner {
                feed: Arc::new(Feed::default()),
                origin: rand::random(),
                outbox,
                shutdown: watch::channel(false).0,
                open_streams: AtomicUsize::new(0),
                slots: Arc::default(),
                cache: GameCache::new(settings.game_cache_size),
                settings,
            }),
        };
        (hub, queue)
    }

    /// Called after every commit (moves, joins, starts, expiries, bot moves, lobby changes):
    /// wakes this process's subscribers now and queues the notification for the others.
    pub fn committed(&self, game: Uuid, version: i64) {
        self.inner.feed.publish(game, version);
        self.tell_others(game, version);
    }

    /// Called after a commit of inputs with the game it left and who decided in it: account
    /// streams learn whose turn it is from it without reading the game.
    pub fn committed_inputs(&self, record: &Arc<GameRecord>, decided: Decided) {
        let (game, version) = (record.id, record.version);
        self.inner
            .feed
            .publish_change(Change::committed(Arc::clone(record), decided));
        self.tell_others(game, version);
    }

    /// The delivery worker disabled one of `account`'s webhook endpoints: its streams in this
    /// process say so now, and in the others once the announcement reaches them.
    pub fn webhook_disabled(&self, account: Uuid, endpoint: Uuid) {
        self.inner.feed.publish_webhook_disabled(account, endpoint);
        self.announce(Announcement::EndpointDisabled {
            account,
            endpoint,
            origin: self.inner.origin,
        });
    }

    /// `game`'s seats changed without a commit (an account deleted): this process and, once the
    /// announcement reaches them, the others drop what they keep of it.
    pub fn forget_everywhere(&self, game: Uuid) {
        self.inner.cache.forget(game);
        self.announce(Announcement::Forget {
            game,
            origin: self.inner.origin,
        });
    }

    fn tell_others(&self, game: Uuid, version: i64) {
        self.announce(Announcement::Game(GameChange {
            game,
            version,
            origin: self.inner.origin,
        }));
    }

    /// Queues `announcement` for the other processes (none on SQLite).
    fn announce(&self, announcement: Announcement) {
        if let Some(outbox) = &self.inner.outbox {
            let _ = outbox.send(announcement);
        }
    }

    /// The decoded games this process keeps.
    pub fn cache(&self) -> &GameCache {
        &self.inner.cache
    }

    pub fn feed(&self) -> &Arc<Feed> {
        &self.inner.feed
    }

    pub fn settings(&self) -> &LiveSettings {
        &self.inner.settings
    }

    /// The shutdown hook: every open stream ends at once with a comment saying to reconnect
    /// (its `retry:` hint, sent at its start, says when). Streams opened later end at once too.
    pub fn shutdown(&self) {
        self.inner.shutdown.send_replace(true);
    }

    /// Resolves when [`Hub::shutdown`] has been called.
    pub fn shutting_down(&self) -> impl Future<Output = ()> + Send + 'static {
        let mut receiver = self.inner.shutdown.subscribe();
        async move {
            let _ = receiver.wait_for(|down| *down).await;
        }
    }

    /// How many streams are open in this process now.
    pub fn open_streams(&self) -> usize {
        self.inner.open_streams.load(Ordering::Relaxed)
    }

    /// How many streams `account` holds open in this process now.
    pub fn streams_of(&self, account: Uuid) -> usize {
        self.inner.slots.held(account)
    }

    /// Counts a stream of `account` as open until the guard drops; refused (429) when the
    /// account holds as many as it may.
    pub(crate) fn stream_opened(
        &self,
        account: Uuid,
    ) -> Result<OpenStream, crate::error::ApiError> {
        let slot = self
            .inner
            .slots
            .take(account, self.inner.settings.streams_per_account)?;
        self.inner.open_streams.fetch_add(1, Ordering::Relaxed);
        Ok(OpenStream {
            hub: self.clone(),
            _slot: slot,
        })
    }
}

pub(crate) struct OpenStream {
    hub: Hub,
    _slot: Slot,
}

impl Drop for OpenStream {
    fn drop(&mut self) {
        self.hub.inner.open_streams.fetch_sub(1, Ordering::Relaxed);
    }
}
