//! Across processes on PostgreSQL: one notifier per process sends what was committed, batched,
//! after the commit; one listener per process, on a connection of its own, hears everyone's
//! changes as they arrive (asynchronous notifications, no polling) and feeds them to its local
//! subscribers.

use std::sync::Weak;
use std::time::Duration;

use persistence::{Announcement, Database};
use tokio::sync::mpsc;

use super::feed::Feed;
use crate::cache::GameCache;

/// How long the notifier gathers commits into one statement.
const BATCH_WINDOW: Duration = Duration::from_millis(3);
/// How often the listener checks that its connection is alive.
const PING_PERIOD: Duration = Duration::from_secs(5);
/// How long the listener waits before connecting again.
const RECONNECT_DELAY: Duration = Duration::from_secs(1);

/// Sends queued changes as notifications, a few milliseconds' worth per statement. A failed send
/// is logged and dropped: streams re-read the database with every keep-alive anyway.
pub async fn run_notifier(database: Database, mut queue: mpsc::UnboundedReceiver<Announcement>) {
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

/// Listens until the feed is gone. After every (re)connect it tells every subscriber to
/// re-read the database: what happened while nobody listened is found there. Games another
/// process says to forget leave `cache`.
pub fn spawn_listener(database: Database, feed: Weak<Feed>, cache: GameCache, origin: u64) {
    tokio::spawn(listen(database, feed, cache, origin));
}

async fn listen(database: Database, feed: Weak<Feed>, cache: GameCache, origin: u64) {
    loop {
        let mut listener = match database.change_listener().await {
            Ok(Some(listener)) => listener,
            Ok(None) => return,
            Err(error) => {
                tracing::warn!(%error, "the change listener cannot connect; retrying");
                tokio::time::sleep(RECONNECT_DELAY).await;
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
        let mut ping = tokio::time::interval(PING_PERIOD);
        ping.reset();
        loop {
            let alive = tokio::select! {
                announced = listener.next() => match announced {
                    Some(announced) => {
                        let Some(feed) = feed.upgrade() else { return };
                        // This process told its own subscribers when it made the change.
                        match announced {
                            _ if announced.origin() == origin => {}
                            Announcement::Game(change) => feed.publish(change.game, change.version),
                            Announcement::EndpointDisabled { account, endpoint, .. } => {
                                feed.publish_webhook_disabled(account, endpoint);
                            }
                            Announcement::Forget { game, .. } => cache.forget(game),
                        }
                        Ok(())
                    }
                    None => Err("the connection closed".to_owned()),
                },
                _ = ping.tick() => listener.ping().await.map_err(|error| error.to_string()),
            };
            if feed.strong_count() == 0 {
                return;
            }
            if let Err(error) = alive {
                tracing::warn!(%error, "the change listener lost its connection; reconnecting");
                break;
            }
        }
    }
}
