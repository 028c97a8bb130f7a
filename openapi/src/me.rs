//! The caller's own account: deleting it, and exporting what is stored about it.

use secrecy::SecretString;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::accounts::Account;
use crate::games::{GameOutcome, GameStatus, LoggedInput};
use crate::unions::GameView;

/// The password again, to confirm a deletion.
// A secret in memory: no `Debug` output shows it.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeleteAccount {
    #[schema(value_type = String, example = "correct horse battery")]
    pub password: SecretString,
}

/// Everything stored about the caller's account (`GET /v1/me/export`). Secrets stay out: no
/// password hash, no ticket text or hash.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AccountExport {
    /// The profile: id, username as typed at registration, when it was created.
    pub account: Account,
    /// The account's stream tickets that have not expired.
    pub stream_tickets: Vec<ExportedStreamTicket>,
    /// Every game the account holds a seat in, oldest seat first.
    pub games: Vec<ExportedGame>,
}

/// A stream ticket: which stream it opens and until when (the ticket itself is not stored).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ExportedStreamTicket {
    /// `me` for the account's stream, `game:<id>` for a game's.
    #[schema(example = "me")]
    pub scope: String,
    /// Unix seconds.
    pub expires_at: i64,
}

/// One game of the account's, with its own moves.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ExportedGame {
    pub id: Uuid,
    #[schema(value_type = crate::kinds::GameKindId, example = "trade_or_duel")]
    pub kind: String,
    pub status: GameStatus,
    pub players: u8,
    /// The account's seat.
    pub seat: u8,
    /// Whether the account created the game.
    pub created_by_you: bool,
    /// Unix seconds: when the account took its seat, and the game's times.
    pub joined_at: i64,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    /// Places and winners, once finished (as `GET /v1/games/{id}` shows them).
    pub outcome: Option<GameOutcome>,
    /// Once finished: the game as the account's seat sees it at the end (scores and whatever
    /// the kind shows there).
    pub final_view: Option<GameView>,
    /// The moves the account's seat made, in the order of the game's log.
    pub moves: Vec<LoggedInput>,
}
