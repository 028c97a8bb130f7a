//! Deleting one's own account (`DELETE /v1/me`): the database does it in one transaction (see
//! `persistence::Database::delete_account`); here the live layer learns what changed.

use persistence::AccountDeletion;
use uuid::Uuid;

use super::GameService;
use crate::error::ApiError;

/// The level of the bot that takes over a deleted account's seats in games in play: the
/// stronger one, so the others still have a game worth finishing.
pub const TAKEOVER_LEVEL: &str = "search";

impl GameService {
    /// Deletes the account (its password was checked by the caller) and tells this process's
    /// caches, streams and bots.
    pub fn delete_account(&self, account: Uuid) -> Result<AccountDeletion, ApiError> {
        let now = self.now();
        let done = match self.db.delete_account(account, TAKEOVER_LEVEL, now) {
            Err(persistence::Error::NotFound) => {
                return Err(ApiError::Unauthorized("the account no longer exists"));
            }
            other => other?,
        };
        self.known.forget(account);
        self.session_liveness().ended(account, &done.ended_sessions);
        // Seats changed without a new revision, so a cached copy of these games is out of date,
        // here and in every other process. (Open games are never cached; the wake-up below
        // reaches the other processes' streams of those.)
        let cache = self.hub.cache();
        for game in done.left.iter().chain(&done.cancelled) {
            cache.forget(*game);
        }
        for game in done.handed_to_bots.iter().chain(&done.anonymised) {
            self.hub.forget_everywhere(*game);
        }
        // Wake the streams of the open games whose seats changed, as a leave or a cancel does
        // (an open game is at version 0).
        for game in done.left.iter().chain(&done.cancelled) {
            self.hub.committed(*game, 0);
        }
        if !done.handed_to_bots.is_empty() {
            self.bot_seats_added.notify_one();
        }
        tracing::info!(
            account_id = %account,
            cancelled = done.cancelled.len(),
            left = done.left.len(),
            handed_to_bots = done.handed_to_bots.len(),
            anonymised = done.anonymised.len(),
            "account deleted"
        );
        Ok(done)
    }
}
