//! The hub: what every commit tells, and what every stream listens to, in one process.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use persistence::{Backend, Database, GameChange};
use tokio::sync::{mpsc, watch};
use uuid::Uuid;

use super::feed::Feed;
use super::notify;
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
}

impl Default for LiveSettings {
    fn default() -> Self {
        Self {
            keep_alive: Duration::from_secs(10),
            stream_buffer: 64,
            slow_reader_grace: Duration::from_secs(5),
            reconnect_after: Duration::from_secs(2),
            game_cache_size: 2048,
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
    outbox: Option<mpsc::UnboundedSender<GameChange>>,
    shutdown: watch::Sender<bool>,
    open_streams: AtomicUsize,
    cache: GameCache,
    settings: LiveSettings,
}

impl Hub {
    /// A hub for `database`; on PostgreSQL it starts the notifier task and the listener thread,
    /// so it must be called inside the Tokio runtime.
    pub fn start(database: &Database, settings: LiveSettings) -> Hub {
        let (hub, queue) = Self::new(settings, database.backend() == Backend::Postgres);
        if let Some(queue) = queue {
            tokio::spawn(notify::run_notifier(database.clone(), queue));
            notify::spawn_listener(
                database.clone(),
                Arc::downgrade(&hub.inner.feed),
                hub.inner.origin,
            );
        }
        hub
    }

    /// The hub, and the notifier's queue when changes must reach other processes.
    fn new(
        settings: LiveSettings,
        cross_process: bool,
    ) -> (Hub, Option<mpsc::UnboundedReceiver<GameChange>>) {
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
        if let Some(outbox) = &self.inner.outbox {
            let _ = outbox.send(GameChange {
                game,
                version,
                origin: self.inner.origin,
            });
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

    /// Counts a stream as open until the guard drops.
    pub(crate) fn stream_opened(&self) -> OpenStream {
        self.inner.open_streams.fetch_add(1, Ordering::Relaxed);
        OpenStream(self.clone())
    }
}

pub(crate) struct OpenStream(Hub);

impl Drop for OpenStream {
    fn drop(&mut self) {
        self.0.inner.open_streams.fetch_sub(1, Ordering::Relaxed);
    }
}
