//! Open streams per account: each stream holds a slot until it ends; past the cap a new one
//! is refused with 429, so one account cannot hold the server's connections and memory.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use uuid::Uuid;

use crate::error::ApiError;

/// Seconds a refused client waits before trying again: by then a stream may have ended.
const RETRY_AFTER_SECS: u64 = 5;

#[derive(Default)]
pub struct StreamSlots {
    open: Mutex<HashMap<Uuid, usize>>,
}

impl StreamSlots {
    fn open(&self) -> MutexGuard<'_, HashMap<Uuid, usize>> {
        // Each change is one insert or update: consistent whatever panicked meanwhile.
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A slot for one more stream of `account`, unless it holds `cap` already (0: no cap).
    pub fn take(self: &Arc<Self>, account: Uuid, cap: usize) -> Result<Slot, ApiError> {
        let mut open = self.open();
        let count = open.entry(account).or_default();
        if cap > 0 && *count >= cap {
            return Err(ApiError::RateLimited {
                retry_after_secs: RETRY_AFTER_SECS,
            });
        }
        *count += 1;
        Ok(Slot {
            slots: Arc::clone(self),
            account,
        })
    }

    /// How many streams `account` holds now.
    pub fn held(&self, account: Uuid) -> usize {
        self.open().get(&account).copied().unwrap_or(0)
    }
}

/// Frees its slot when dropped.
pub struct Slot {
    slots: Arc<StreamSlots>,
    account: Uuid,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.slots.open();
        if let Some(count) = open.get_mut(&self.account) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.account);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_holds_at_most_its_cap_and_a_closed_stream_frees_its_slot() {
        let slots = Arc::new(StreamSlots::default());
        let (ann, ben) = (Uuid::new_v4(), Uuid::new_v4());
        let first = slots.take(ann, 2);
        let second = slots.take(ann, 2);
        assert!(first.is_ok() && second.is_ok());
        assert!(matches!(
            slots.take(ann, 2),
            Err(ApiError::RateLimited {
                retry_after_secs: RETRY_AFTER_SECS
            })
        ));
        assert!(slots.take(ben, 2).is_ok(), "accounts are counted apart");
        drop(first);
        assert!(slots.take(ann, 2).is_ok());
        assert!((0..50).all(|_| slots.take(ben, 0).is_ok()), "0: no cap");
        assert_eq!(slots.held(ben), 0);
    }
}
