//! `/v1/me/webhooks`: the caller's webhook endpoints and their deliveries.

pub mod delete;
pub mod deliveries;
pub mod get;
pub mod list;
pub mod post;
pub mod redeliver;
pub mod test;

use openapi::webhooks::{DeliveryStatus, Webhook, WebhookDelivery, WebhookEventType};
use persistence::{DeliveryRecord, EndpointRecord};

fn event_type(id: &str) -> Option<WebhookEventType> {
    [
        WebhookEventType::GameStarted,
        WebhookEventType::YourTurn,
        WebhookEventType::GameFinished,
        WebhookEventType::GameCancelled,
        WebhookEventType::MatchFound,
    ]
    .into_iter()
    .find(|event| event.id() == id)
}

/// An endpoint as its owner sees it: never its secret.
pub(crate) fn render_webhook(endpoint: &EndpointRecord) -> Webhook {
    Webhook {
        id: endpoint.id,
        url: endpoint.url.clone(),
        events: endpoint
            .events
            .iter()
            .filter_map(|event| event_type(event))
            .collect(),
        created_at: endpoint.created_at,
        active: endpoint.disabled_at.is_none(),
        disabled_at: endpoint.disabled_at,
        disabled_reason: endpoint.disabled_reason.clone(),
        consecutive_failures: endpoint.failures,
    }
}

pub(crate) fn render_delivery(delivery: &DeliveryRecord) -> WebhookDelivery {
    WebhookDelivery {
        id: delivery.id,
        message_id: delivery.message_id.clone(),
        event_type: delivery.event_type.clone(),
        status: match delivery.status.as_str() {
            "delivered" => DeliveryStatus::Delivered,
            "failed" => DeliveryStatus::Failed,
            _ => DeliveryStatus::Pending,
        },
        attempts: delivery.attempts,
        last_response_code: delivery.last_status,
        last_error: delivery.last_error.clone(),
        next_attempt_at: delivery.next_attempt_at,
        created_at: delivery.created_at,
        delivered_at: delivery.delivered_at,
    }
}
