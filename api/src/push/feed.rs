//! The in-process change feed: after every commit, "game X is now at version V". Game streams
//! watch one game; account streams and bots hear every change. A wake-up carries no game data:
//! whoever wakes reads the database, which stays the only truth.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::{broadcast, watch};
use uuid::Uuid;

/// What every-change listeners receive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeedMessage {
    /// The game committed something and is now at this version.
    Changed { game: Uuid, version: i64 },
    /// Changes may have been missed (the cross-process listener reconnected): re-read everything.
    Resync,
}

/// How many every-change messages a slow listener may fall behind before it must resync.
const BROADCAST_CAPACITY: usize = 4096;

pub struct Feed {
    /// One watch per game someone streams; its value is the last version announced.
    games: Mutex<HashMap<Uuid, watch::Sender<i64>>>,
    every: broadcast::Sender<FeedMessage>,
}

impl Default for Feed {
    fn default() -> Self {
        Self {
            games: Mutex::new(HashMap::new()),
            every: broadcast::channel(BROADCAST_CAPACITY).0,
        }
    }
}

impl Feed {
    fn games(&self) -> MutexGuard<'_, HashMap<Uuid, watch::Sender<i64>>> {
        // The map stays consistent whatever panicked while holding it: each entry is one send.
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Wakes the watchers of `game` and every-change listeners. Never blocks.
    pub fn publish(&self, game: Uuid, version: i64) {
        if let Some(sender) = self.games().get(&game) {
            // Always wakes, even at an unchanged version: joins and the start share version 0.
            sender.send_replace(version);
        }
        let _ = self.every.send(FeedMessage::Changed { game, version });
    }

    /// Wakes everyone: each re-reads what it follows from the database.
    pub fn resync(&self) {
        for sender in self.games().values() {
            sender.send_modify(|_| {});
        }
        let _ = self.every.send(FeedMessage::Resync);
    }

    /// Follows one game until the returned watch is dropped.
    pub fn watch(self: &Arc<Self>, game: Uuid) -> GameWatch {
        let receiver = self
            .games()
            .entry(game)
            .or_insert_with(|| watch::channel(0).0)
            .subscribe();
        GameWatch {
            game,
            receiver: Some(receiver),
            feed: Arc::clone(self),
        }
    }

    /// Every change from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<FeedMessage> {
        self.every.subscribe()
    }

    /// How many games have watchers now.
    pub fn watched_games(&self) -> usize {
        self.games().len()
    }
}

/// A subscription to one game's changes; the game's entry goes when its last watch does.
pub struct GameWatch {
    game: Uuid,
    receiver: Option<watch::Receiver<i64>>,
    feed: Arc<Feed>,
}

impl GameWatch {
    /// Resolves at the next wake-up after the last one seen; never if the feed is gone.
    pub async fn changed(&mut self) {
        let Some(receiver) = self.receiver.as_mut() else {
            return std::future::pending().await;
        };
        if receiver.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

impl Drop for GameWatch {
    fn drop(&mut self) {
        drop(self.receiver.take());
        let mut games = self.feed.games();
        if games
            .get(&self.game)
            .is_some_and(|sender| sender.receiver_count() == 0)
        {
            games.remove(&self.game);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    async fn woken(watch: &mut GameWatch) -> bool {
        tokio::time::timeout(Duration::from_millis(50), watch.changed())
            .await
            .is_ok()
    }

    #[tokio::test]
    async fn a_watch_wakes_for_its_game_only_and_its_entry_goes_with_it() {
        let feed = Arc::new(Feed::default());
        let (game, other) = (Uuid::new_v4(), Uuid::new_v4());
        let mut watch = feed.watch(game);
        feed.publish(other, 3);
        assert!(!woken(&mut watch).await);
        feed.publish(game, 0);
        assert!(woken(&mut watch).await);
        // The same version again still wakes: joins and the start share version 0.
        feed.publish(game, 0);
        assert!(woken(&mut watch).await);
        feed.resync();
        assert!(woken(&mut watch).await);
        assert_eq!(feed.watched_games(), 1);
        drop(watch);
        assert_eq!(feed.watched_games(), 0);
    }

    #[tokio::test]
    async fn every_change_reaches_subscribers_in_order() {
        let feed = Feed::default();
        let mut every = feed.subscribe();
        let game = Uuid::new_v4();
        feed.publish(game, 1);
        feed.resync();
        assert_eq!(
            every.recv().await.ok(),
            Some(FeedMessage::Changed { game, version: 1 })
        );
        assert_eq!(every.recv().await.ok(), Some(FeedMessage::Resync));
    }
}
