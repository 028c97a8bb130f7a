//! Before a game starts: its creator cancels it, a seated player leaves it.

use persistence::{GameRecord, GameStatus};
use uuid::Uuid;

use super::GameService;
use super::games::seat_of;
use crate::error::ApiError;

fn not_open() -> ApiError {
    ApiError::Conflict {
        code: "not_open",
        detail: "the game has started; only an open game can be cancelled or left".to_owned(),
    }
}

impl GameService {
    /// Deletes `id` if `account` created it and it has not started.
    pub fn cancel_game(&self, account: Uuid, id: Uuid) -> Result<(), ApiError> {
        let record = self.db.game(id)?;
        if record.created_by != account {
            return Err(ApiError::Forbidden {
                code: "not_creator",
                detail: "only the game's creator can cancel it".to_owned(),
            });
        }
        if record.status != GameStatus::Open {
            return Err(not_open());
        }
        self.db.delete_open_game(id, self.now())?;
        self.hub.committed(id, record.version);
        Ok(())
    }

    /// Frees `account`'s seat in `id`, which has not started. The creator cannot leave: their
    /// game would have no host; they cancel it instead.
    pub fn leave_game(&self, account: Uuid, id: Uuid, now: i64) -> Result<GameRecord, ApiError> {
        let record = self.db.game(id)?;
        if record.status != GameStatus::Open {
            return Err(not_open());
        }
        if seat_of(&record, account).is_none() {
            return Err(ApiError::Conflict {
                code: "not_seated",
                detail: "you have no seat in this game".to_owned(),
            });
        }
        if record.created_by == account {
            return Err(ApiError::Conflict {
                code: "creator_cannot_leave",
                detail: "the creator cannot leave their game; cancel it instead".to_owned(),
            });
        }
        let record = self.db.leave_game(id, account, now)?;
        self.hub.committed(id, record.version);
        Ok(record)
    }
}
