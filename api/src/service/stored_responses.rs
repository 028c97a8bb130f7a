use persistence::IdempotencyRecord;
use uuid::Uuid;

use super::GameService;
use crate::error::ApiError;

/// How long a response stays replayable under its key.
pub const KEY_LIFETIME_SECS: i64 = 24 * 3600;

impl GameService {
    /// The response kept under `account`'s `key`, unless it has outlived its 24 hours (then the
    /// expired keys are purged at once, so that the key can be used afresh).
    pub fn stored_response(
        &self,
        account: Uuid,
        key: &str,
        now: i64,
    ) -> Result<Option<IdempotencyRecord>, ApiError> {
        match self.db.idempotency_record(account, key)? {
            Some(record) if record.created_at > now - KEY_LIFETIME_SECS => Ok(Some(record)),
            Some(_) => {
                self.purge_idempotency_keys(now)?;
                Ok(None)
            }
            None => Ok(None),
        }
    }

    /// Deletes the keys older than their lifetime; returns how many.
    pub fn purge_idempotency_keys(&self, now: i64) -> Result<usize, ApiError> {
        Ok(self.db.purge_idempotency_keys(now - KEY_LIFETIME_SECS)?)
    }
}
