//! The in-process change feed: after every commit, "game X changed". Game streams watch one
//! game and share one reading of it per change (its [`Tail`]); account streams hear every
//! change with what it left the game as, read at most once per change; bots hear every change.
//! The database stays the only truth: a wake-up without data makes its hearers read it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::{broadcast, watch};
use uuid::Uuid;

use super::change::Change;
use super::game_tail::Tail;

/// What every-change listeners (the bots) receive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeedMessage {
    /// The game committed something and is now at this version.
    Changed { game: Uuid, version: i64 },
    /// Changes may have been missed (the cross-process listener reconnected): re-read everything.
    Resync,
}

/// What account streams receive: each change with the shared reading of what it left, or a
/// resync.
#[derive(Clone)]
pub enum AccountMessage {
    Changed(Arc<Change>),
    Resync,
    /// An account's webhook endpoint was disabled by this process's delivery worker.
    WebhookDisabled {
        account: Uuid,
        endpoint: Uuid,
    },
}

/// How many every-change messages a slow listener may fall behind before it must resync.
const BROADCAST_CAPACITY: usize = 4096;

/// One streamed game: a wake-up counter (every change and resync adds one) and the reading
/// its streams share.
pub struct GameChannel {
    wake: watch::Sender<u64>,
    pub(crate) tail: tokio::sync::Mutex<Tail>,
}

impl GameChannel {
    /// The wake-ups so far: a reading started after this was read sees every change they
    /// announced.
    pub(crate) fn generation(&self) -> u64 {
        *self.wake.borrow()
    }
}

pub struct Feed {
    /// One channel per game someone streams or a bot plays.
    games: Mutex<HashMap<Uuid, Arc<GameChannel>>>,
    every: broadcast::Sender<FeedMessage>,
    accounts: broadcast::Sender<AccountMessage>,
}

impl Default for Feed {
    fn default() -> Self {
        Self {
            games: Mutex::new(HashMap::new()),
            every: broadcast::channel(BROADCAST_CAPACITY).0,
            accounts: broadcast::channel(BROADCAST_CAPACITY).0,
        }
    }
}

impl Feed {
    fn games(&self) -> MutexGuard<'_, HashMap<Uuid, Arc<GameChannel>>> {
        // The map stays consistent whatever panicked while holding it: each entry is one send.
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A change known only by its game and version (a lobby change, another process's commit):
    /// whoever needs more reads it, once per change.
    pub fn publish(&self, game: Uuid, version: i64) {
        self.publish_change(Change::announced(game, version));
    }

    /// Wakes the watchers of the change's game, the bots and the account streams. Never blocks.
    pub fn publish_change(&self, change: Change) {
        let (game, version) = (change.game, change.version);
        if let Some(channel) = self.games().get(&game) {
            // Always wakes, even at an unchanged version: joins and the start share version 0.
            channel.wake.send_modify(|generation| *generation += 1);
        }
        let _ = self.every.send(FeedMessage::Changed { game, version });
        if self.accounts.receiver_count() > 0 {
            let _ = self
                .accounts
                .send(AccountMessage::Changed(Arc::new(change)));
        }
    }

    /// Tells the account's streams in this process that one of its webhook endpoints was
    /// disabled.
    pub fn publish_webhook_disabled(&self, account: Uuid, endpoint: Uuid) {
        let _ = self
            .accounts
            .send(AccountMessage::WebhookDisabled { account, endpoint });
    }

    /// Wakes everyone: each re-reads what it follows from the database.
    pub fn resync(&self) {
        for channel in self.games().values() {
            channel.wake.send_modify(|generation| *generation += 1);
        }
        let _ = self.every.send(FeedMessage::Resync);
        let _ = self.accounts.send(AccountMessage::Resync);
    }

    /// Follows one game until the returned watch is dropped.
    pub fn watch(self: &Arc<Self>, game: Uuid) -> GameWatch {
        let channel = Arc::clone(self.games().entry(game).or_insert_with(|| {
            Arc::new(GameChannel {
                wake: watch::channel(0).0,
                tail: tokio::sync::Mutex::new(Tail::default()),
            })
        }));
        GameWatch {
            game,
            receiver: Some(channel.wake.subscribe()),
            channel,
            feed: Arc::clone(self),
        }
    }

    /// Every change from now on (for the bots).
    pub fn subscribe(&self) -> broadcast::Receiver<FeedMessage> {
        self.every.subscribe()
    }

    /// Every change from now on, with what it left the game as (for account streams).
    pub fn subscribe_accounts(&self) -> broadcast::Receiver<AccountMessage> {
        self.accounts.subscribe()
    }

    /// How many games have watchers now.
    pub fn watched_games(&self) -> usize {
        self.games().len()
    }
}

/// A subscription to one game's changes; the game's entry goes when its last watch does.
pub struct GameWatch {
    game: Uuid,
    receiver: Option<watch::Receiver<u64>>,
    channel: Arc<GameChannel>,
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

    /// Marks every wake-up so far as seen, and says how many there were: a reading at least
    /// that recent shows everything they announced.
    pub(crate) fn seen(&mut self) -> u64 {
        self.receiver
            .as_mut()
            .map_or(0, |receiver| *receiver.borrow_and_update())
    }

    /// The game's channel, with the reading its streams share.
    pub(crate) fn channel(&self) -> &Arc<GameChannel> {
        &self.channel
    }
}

impl Drop for GameWatch {
    fn drop(&mut self) {
        drop(self.receiver.take());
        let mut games = self.feed.games();
        if games
            .get(&self.game)
            .is_some_and(|channel| channel.wake.receiver_count() == 0)
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
        assert_eq!(watch.seen(), 3);
        assert_eq!(feed.watched_games(), 1);
        drop(watch);
        assert_eq!(feed.watched_games(), 0);
    }

    #[tokio::test]
    async fn every_change_reaches_subscribers_in_order() {
        let feed = Feed::default();
        let mut every = feed.subscribe();
        let mut accounts = feed.subscribe_accounts();
        let game = Uuid::new_v4();
        feed.publish(game, 1);
        feed.resync();
        assert_eq!(
            every.recv().await.ok(),
            Some(FeedMessage::Changed { game, version: 1 })
        );
        assert_eq!(every.recv().await.ok(), Some(FeedMessage::Resync));
        assert!(matches!(
            accounts.recv().await,
            Ok(AccountMessage::Changed(change)) if change.game == game && change.version == 1
        ));
        assert!(matches!(accounts.recv().await, Ok(AccountMessage::Resync)));
    }
}
