//! `GET /v1/me/games`: the caller's games in play, most urgent first.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::games::GameStatus;
use crate::kinds::GameKindId;

/// One of the caller's games in its inbox.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct InboxGame {
    pub id: Uuid,
    #[schema(value_type = GameKindId, example = "tribute")]
    pub kind: String,
    /// `open` (seats filling) or `active`.
    pub status: GameStatus,
    /// The game's public version.
    pub version: i64,
    pub players: u8,
    /// The caller's seat.
    #[schema(example = 1)]
    pub your_seat: u8,
    /// The seats whose decision is pending: what every viewer of the game sees.
    #[schema(example = json!([1, 2]))]
    pub to_act: Vec<u8>,
    /// The caller's seat is to act.
    pub your_turn: bool,
    /// Unix seconds at which the pending decision(s) expire, if the game has a deadline.
    pub deadline_at: Option<i64>,
    /// When the game last changed in a way everyone can see.
    pub updated_at: i64,
}

/// A page of the caller's inbox: the games it sits in that are not over, its turn by the
/// earliest deadline first, then its turn without a deadline, then the rest.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Inbox {
    pub games: Vec<InboxGame>,
    /// How many of the caller's games wait on it (all pages together).
    pub your_turn_count: i64,
    pub limit: i64,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// Paging of `GET /v1/me/games`.
#[derive(Clone, Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct InboxQuery {
    /// Page size, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// Where the previous page ended: its `next_cursor` (opaque). Absent for the first page.
    #[param(pattern = r"^[0-9]{1,18}\.[0-9a-f]{32}$")]
    pub cursor: Option<String>,
}
