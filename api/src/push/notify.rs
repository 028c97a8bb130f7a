//! Across processes on PostgreSQL: one notifier per process sends what was committed, batched,
//! after the commit; one listener per process, on a connection of its own, hears everyone's
//! changes and feeds them to its local subscribers.

use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use persistence::{Database, GameChange};
use tokio::sync::mpsc;

use super::feed::Feed;

/// How long the notifier gathers commits into one statement.
const BATCH_WINDOW: Duration = Duration::from_millis(3);
/// How often the listener looks for arrived notifications (the driver offers no blocking wait).
const POLL_PERIOD: Duration = Duration::from_millis(10);
/// How often the listener checks that its connection is alive.
const PING_PERIOD: Duration = Duration::from_secs(5);
/// How long the listener waits before connecting again.
const RECONNECT_DELAY: Duration = Duration::from_secs(1);

/// Sends queued changes as notifications, a few milliseconds' worth per statement. A failed send
/// is logged and dropped: streams re-read the database with every keep-alive anyway.
pub async fn run_notifier(database: Database, mut queue: mpsc::UnboundedReceiver<GameChange>) {
    while let Some(first) = queue.recv().await {
        tokio::time::sleep(BATCH_WINDOW).await;
        let mut batch = vec![first];
        while let Ok(change) = queue.try_recv() {
            batch.push(change);
        }
        let database = database.clone();
        let sent = tokio::task::spawn_blocking(move || database.notify_changes(&batch)).await;
        match sent {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::warn!(%error, "change notifications were not sent"),
            Err(error) => tracing::warn!(%error, "the notifier's send panicked"),
        }
    }
}

/// Listens on its own thread until the feed is gone. After every (re)connect it tells every
/// subscriber to re-read the database: what happened while nobody listened is found there.
pub fn spawn_listener(database: Database, feed: Weak<Feed>, origin: u64) {
    let spawned = std::thread::Builder::new()
        .name("change-listener".to_owned())
        .spawn(move || listen(&database, &feed, origin));
    if let Err(error) = spawned {
        tracing::error!(%error, "the change listener did not start");
    }
}

fn listen(database: &Database, feed: &Weak<Feed>, origin: u64) {
    loop {
        let mut listener = match database.change_listener() {
            Ok(Some(listener)) => listener,
            Ok(None) => return,
            Err(error) => {
                tracing::warn!(%error, "the change listener cannot connect; retrying");
                std::thread::sleep(RECONNECT_DELAY);
                if feed.strong_count() == 0 {
                    return;
                }
                continue;
            }
        };
        let Some(live) = feed.upgrade() else { return };
        live.resync();
        drop(live);
        tracing::info!("listening for changes from other processes");
        let mut last_ping = Instant::now();
        loop {
            std::thread::sleep(POLL_PERIOD);
            let Some(feed) = feed.upgrade() else { return };
            let alive = match listener.poll() {
                Ok(changes) => {
                    deliver(&feed, &changes, origin);
                    if last_ping.elapsed() < PING_PERIOD {
                        Ok(())
                    } else {
                        last_ping = Instant::now();
                        listener.ping()
                    }
                }
                Err(error) => Err(error),
            };
            if let Err(error) = alive {
                tracing::warn!(%error, "the change listener lost its connection; reconnecting");
                break;
            }
        }
    }
}

fn deliver(feed: &Arc<Feed>, changes: &[GameChange], origin: u64) {
    for change in changes {
        // This process delivered its own commits when it made them.
        if change.origin != origin {
            feed.publish(change.game, change.version);
        }
    }
}
