//! The live layer's wire types: stream queries and tickets, and the account stream's messages.
//! A game stream's messages are [`crate::games::EventEntry`], exactly as in the event log.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::games::GameOutcome;
use crate::kinds::GameKindId;

/// Query of `GET /v1/games/{id}/stream`.
#[derive(Clone, Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct GameStreamQuery {
    /// Replay the events after this sequence number first (default 0: from the start). A
    /// `Last-Event-ID` header, as `EventSource` sends when it reconnects, takes precedence.
    #[param(minimum = 0)]
    pub after: Option<i64>,
    /// A stream ticket from `POST /v1/games/{id}/stream-tickets`, instead of a bearer token.
    pub ticket: Option<String>,
}

/// Query of `GET /v1/me/stream`.
#[derive(Clone, Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct AccountStreamQuery {
    /// A stream ticket from `POST /v1/me/stream-tickets`, instead of a bearer token.
    pub ticket: Option<String>,
}

/// A ticket that opens one stream, for browsers, whose `EventSource` cannot send an
/// `Authorization` header. The access token never goes into a URL. The ticket opens the stream
/// it names as often as the browser reconnects, until it expires together with the token that
/// asked for it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct StreamTicket {
    /// Pass as `?ticket=`; reusable until `expires_at`, for this stream only.
    pub ticket: String,
    /// Unix seconds after which the ticket no longer opens the stream: the expiry of the access
    /// token that asked for it.
    pub expires_at: i64,
    /// The stream's absolute URL with the ticket, ready for `new EventSource(url)` from a page on
    /// any origin. Its base is the server's `PUBLIC_URL` when set, else the scheme and host the
    /// request came to.
    #[schema(example = "https://cardtable.example/v1/me/stream?ticket=…")]
    pub url: String,
}

/// A message of the account stream (`GET /v1/me/stream`); the SSE `event:` field is its `type`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AccountEvent {
    /// A game the account sits in started.
    #[schema(title = "GameStarted")]
    GameStarted {
        game_id: Uuid,
        #[schema(value_type = GameKindId)]
        kind: String,
        your_seat: u8,
        /// The game's version at the start.
        version: i64,
        /// The account's notice number of this message (1, 2, …), the same as the webhook's
        /// `data.notice`: a client that gets both drops the one it has seen. Absent when the
        /// message has no stored notice (a game from before notices were kept).
        notice: Option<i64>,
    },
    /// The account's seat has a decision to make now.
    #[schema(title = "YourTurn")]
    YourTurn {
        game_id: Uuid,
        #[schema(value_type = GameKindId)]
        kind: String,
        your_seat: u8,
        /// The version to make the move on.
        version: i64,
        /// Unix seconds at which the decision expires, if the game has a deadline.
        deadline_at: Option<i64>,
        /// The account's notice number of this message (1, 2, …), the same as the webhook's
        /// `data.notice`: a client that gets both drops the one it has seen. Absent when the
        /// message has no stored notice (a game from before notices were kept).
        notice: Option<i64>,
    },
    /// A game the account sat in is over.
    #[schema(title = "GameFinished")]
    GameFinished {
        game_id: Uuid,
        #[schema(value_type = GameKindId)]
        kind: String,
        your_seat: u8,
        outcome: Option<GameOutcome>,
        /// The account's notice number of this message (1, 2, …), the same as the webhook's
        /// `data.notice`: a client that gets both drops the one it has seen. Absent when the
        /// message has no stored notice (a game from before notices were kept).
        notice: Option<i64>,
    },
    /// A quick-match ticket of the account was matched: the game has started (its
    /// `game_started` follows).
    #[schema(title = "MatchFound")]
    MatchFound {
        ticket_id: Uuid,
        game_id: Uuid,
        #[schema(value_type = GameKindId)]
        kind: String,
    },
    /// The account is invited to a game: a seat is reserved for it until `expires_at`. It
    /// accepts with `POST /v1/games/{id}/join` or declines with
    /// `POST /v1/games/{id}/invitation/decline`; once expired, the seat is anyone's.
    #[schema(title = "Invited")]
    Invited {
        game_id: Uuid,
        #[schema(value_type = GameKindId)]
        kind: String,
        /// The seat reserved for the account.
        seat: u8,
        /// The username of the game's creator, who invited the account.
        invited_by: String,
        /// Unix seconds at which the invitation expires.
        expires_at: i64,
    },
    /// An open game the account sat in was cancelled by its creator.
    #[schema(title = "GameCancelled")]
    GameCancelled {
        game_id: Uuid,
        #[schema(value_type = GameKindId)]
        kind: String,
        /// The account's notice number of this message (1, 2, …), the same as the webhook's
        /// `data.notice`: a client that gets both drops the one it has seen. Absent when the
        /// message has no stored notice (a game from before notices were kept).
        notice: Option<i64>,
    },
    /// One of the account's webhook endpoints was disabled: it answered 410 Gone, or failed
    /// for more than three days. Nothing more is sent to it.
    #[schema(title = "WebhookDisabled")]
    WebhookDisabled { endpoint_id: Uuid },
}
