//! Webhook endpoints, their deliveries, and the messages sent to them (the document's
//! `webhooks`). A message says which game wants the account, never what is in it: no card, no
//! hand, nothing the seat's own view would not show.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// The notice types an endpoint may subscribe to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WebhookEventType {
    GameStarted,
    YourTurn,
    GameFinished,
    GameCancelled,
    /// A quick-match ticket of the account was matched into a game (which has started).
    MatchFound,
}

impl WebhookEventType {
    pub fn id(self) -> &'static str {
        match self {
            Self::GameStarted => "game_started",
            Self::YourTurn => "your_turn",
            Self::GameFinished => "game_finished",
            Self::GameCancelled => "game_cancelled",
            Self::MatchFound => "match_found",
        }
    }
}

/// A new endpoint.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewWebhook {
    /// Where to `POST` the messages: an `https` URL whose host resolves to public addresses.
    #[schema(
        example = "https://api.example-app.com/cardtable/webhook",
        max_length = 2000
    )]
    pub url: String,
    /// The notice types to send (at least one); a test `ping` is always allowed.
    #[schema(min_items = 1)]
    pub events: Vec<WebhookEventType>,
}

/// An endpoint as its owner sees it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Webhook {
    pub id: Uuid,
    pub url: String,
    pub events: Vec<WebhookEventType>,
    /// Unix seconds.
    pub created_at: i64,
    /// Whether messages are sent to it.
    pub active: bool,
    /// Unix seconds at which it was disabled.
    pub disabled_at: Option<i64>,
    /// `gone` (it answered 410) or `failing` (a message failed for more than three days).
    pub disabled_reason: Option<String>,
    /// Attempts failed in a row since the last success.
    pub consecutive_failures: i32,
}

/// A new endpoint with its signing secret, shown this once.
#[derive(Clone, Serialize, Deserialize, ToSchema)]
pub struct CreatedWebhook {
    #[serde(flatten)]
    pub webhook: Webhook,
    /// `whsec_` and the base64 of 32 random bytes: verify each message's `webhook-signature`
    /// with it. Shown only in this response; keep it secret.
    #[schema(example = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")]
    pub secret: String,
}

impl std::fmt::Debug for CreatedWebhook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CreatedWebhook")
            .field("webhook", &self.webhook)
            .field("secret", &"[redacted]")
            .finish()
    }
}

/// The caller's endpoints.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct WebhookList {
    pub webhooks: Vec<Webhook>,
}

/// What became of a delivery.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeliveryStatus {
    /// Waiting for its first or next attempt.
    Pending,
    /// The receiver answered 2xx.
    Delivered,
    /// Given up: the endpoint answered 410, failed for more than three days, or was disabled.
    Failed,
}

/// One message to one endpoint, and its attempts so far.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct WebhookDelivery {
    pub id: Uuid,
    /// The `webhook-id` header: the same for a redelivery of one message.
    #[schema(example = "msg_2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e")]
    pub message_id: String,
    /// The message's `type`: a notice type or `ping`.
    #[serde(rename = "type")]
    pub event_type: String,
    pub status: DeliveryStatus,
    pub attempts: i32,
    /// The status of the last answer, if one came.
    pub last_response_code: Option<i32>,
    /// Why the last attempt failed, if it did.
    pub last_error: Option<String>,
    /// Unix seconds of the next attempt, while pending.
    pub next_attempt_at: Option<i64>,
    pub created_at: i64,
    pub delivered_at: Option<i64>,
}

/// An endpoint's deliveries, newest first (at most the last 100).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct WebhookDeliveryList {
    pub deliveries: Vec<WebhookDelivery>,
}

/// The body of every notice message. Headers: `webhook-id` (the message id, the same on
/// every retry), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` and the
/// base64 HMAC-SHA256 of `"{id}.{timestamp}.{body}"` keyed by the secret after `whsec_`).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[schema(title = "WebhookNotice")]
pub struct WebhookNotice {
    #[serde(rename = "type")]
    pub event_type: WebhookEventType,
    /// When the notice was made, RFC 3339.
    #[schema(example = "2026-11-27T10:00:00Z")]
    pub timestamp: String,
    pub data: WebhookNoticeData,
}

/// What a notice is about.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct WebhookNoticeData {
    /// The account's notice number, as on the account stream's message: drop a number seen.
    pub notice: i64,
    pub game_id: Uuid,
    #[schema(example = "trade_or_duel")]
    pub kind: String,
    /// The game's public version when the notice was made (for `your_turn`: the version to
    /// move on).
    pub version: i64,
    /// The account's seat.
    pub seat: u8,
    /// Unix seconds at which the decision expires, if the game has a deadline.
    pub deadline_at: Option<i64>,
}

/// The body of a test message (`POST /v1/me/webhooks/{id}/test`).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[schema(title = "WebhookPing")]
pub struct WebhookPing {
    /// Always `ping`.
    #[serde(rename = "type")]
    #[schema(example = "ping")]
    pub event_type: String,
    #[schema(example = "2026-11-27T10:00:00Z")]
    pub timestamp: String,
    pub data: WebhookPingData,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct WebhookPingData {
    pub endpoint_id: Uuid,
}
