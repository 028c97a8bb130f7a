//! Quick match: a ticket asks for a game of a kind; the server seats it with other waiting
//! tickets of the same request, closest ratings first, or with bots once it has waited long
//! enough.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::kinds::GameKindId;

/// How long a ticket waits for people before bots take the seats nobody came for, unless the
/// request says otherwise.
pub const DEFAULT_BOTS_AFTER_SECS: i64 = 30;
/// The longest a request may ask to wait for people.
pub const MAX_BOTS_AFTER_SECS: i64 = 300;

/// Body of `POST /v1/matchmaking/tickets`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTicket {
    /// A game kind id from `GET /v1/game-kinds`.
    #[schema(value_type = GameKindId)]
    pub kind: String,
    /// How many players the game may have, bots included: one number, or a range.
    pub players: PlayerCount,
    /// The game's options, checked as game creation checks them; left-out options take their
    /// defaults. Only tickets with equal options (after defaults) share a game.
    #[serde(default)]
    #[schema(value_type = Object, required = false)]
    pub options: Option<serde_json::Map<String, serde_json::Value>>,
    /// Seconds to wait for people before `search` bots fill the empty seats (default 30).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 300)]
    pub bots_after_secs: Option<i64>,
}

/// A number of players: exactly this many, or any number in a range.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum PlayerCount {
    #[schema(title = "ExactPlayers")]
    Exact(i64),
    #[schema(title = "PlayerRange")]
    Range(PlayerRange),
}

/// Any number of players from `min` to `max`, both included.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerRange {
    pub min: i64,
    pub max: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TicketStatus {
    /// Not matched yet.
    Waiting,
    /// In a game: see `game_id`.
    Matched,
    /// Its owner cancelled it.
    Cancelled,
    /// It waited longer than tickets may.
    Expired,
}

/// A quick-match ticket, as only its owner sees it. It tells nothing of other waiting
/// accounts but how many wait for the kind.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Ticket {
    pub id: Uuid,
    #[schema(value_type = GameKindId)]
    pub kind: String,
    pub players: PlayerRange,
    /// Every option of the kind, defaults filled in.
    pub options: serde_json::Map<String, serde_json::Value>,
    pub bots_after_secs: i64,
    pub status: TicketStatus,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds at which it stopped waiting.
    pub closed_at: Option<i64>,
    /// The game it was matched into, once `matched`; the game has started.
    pub game_id: Option<Uuid>,
    /// How many tickets wait for a game of this kind now (this one included while it waits).
    pub queue_size: i64,
}
