//! An account's webhook endpoints and their deliveries. Another account's endpoint is
//! answered exactly like a missing one.

use persistence::{DeliveryRecord, EndpointRecord, NewEndpoint};
use secrecy::{ExposeSecret, SecretString};
use serde_json::json;
use uuid::Uuid;

use super::GameService;
use crate::delivery::signing::new_secret;
use crate::error::ApiError;

/// Deliveries listed per endpoint.
const DELIVERIES_LISTED: i64 = 100;

fn webhook_not_found() -> ApiError {
    ApiError::NotFound {
        code: "webhook_not_found",
        detail: "you have no webhook endpoint with this id".to_owned(),
    }
}

fn delivery_not_found() -> ApiError {
    ApiError::NotFound {
        code: "delivery_not_found",
        detail: "this endpoint has no delivery with this id".to_owned(),
    }
}

fn disabled() -> ApiError {
    ApiError::Conflict {
        code: "webhook_disabled",
        detail: "this endpoint is disabled; register it again to receive messages".to_owned(),
    }
}

/// Persistence's "not found" is about games; here it is about an endpoint or a delivery.
fn or_missing(error: persistence::Error, missing: fn() -> ApiError) -> ApiError {
    match error {
        persistence::Error::NotFound => missing(),
        persistence::Error::Conflict("too_many_webhooks") => ApiError::Conflict {
            code: "too_many_webhooks",
            detail: "you have as many webhook endpoints as an account may; delete one first"
                .to_owned(),
        },
        error => error.into(),
    }
}

impl GameService {
    /// Registers an endpoint (its URL already checked) with a new secret, returned this once.
    pub fn create_webhook(
        &self,
        account: Uuid,
        url: &str,
        events: &[String],
        max: i64,
    ) -> Result<(EndpointRecord, SecretString), ApiError> {
        let secret = new_secret();
        let endpoint = self
            .db
            .create_endpoint(
                &NewEndpoint {
                    id: Uuid::new_v4(),
                    account,
                    url,
                    events,
                    secret: secret.expose_secret(),
                    now: self.now(),
                },
                max,
            )
            .map_err(|error| or_missing(error, webhook_not_found))?;
        Ok((endpoint, secret))
    }

    pub fn webhooks(&self, account: Uuid) -> Result<Vec<EndpointRecord>, ApiError> {
        Ok(self.db.endpoints(account)?)
    }

    pub fn webhook(&self, account: Uuid, id: Uuid) -> Result<EndpointRecord, ApiError> {
        self.db
            .endpoint(account, id)
            .map_err(|error| or_missing(error, webhook_not_found))
    }

    pub fn delete_webhook(&self, account: Uuid, id: Uuid) -> Result<(), ApiError> {
        self.db
            .delete_endpoint(account, id)
            .map_err(|error| or_missing(error, webhook_not_found))
    }

    /// Queues a `ping` to an active endpoint.
    pub fn ping_webhook(&self, account: Uuid, id: Uuid) -> Result<DeliveryRecord, ApiError> {
        let endpoint = self.webhook(account, id)?;
        if endpoint.disabled_at.is_some() {
            return Err(disabled());
        }
        let now = self.now();
        let payload = json!({
            "type": "ping",
            "timestamp": persistence::rfc3339(now),
            "data": {"endpoint_id": endpoint.id},
        })
        .to_string();
        Ok(self
            .db
            .enqueue_delivery(endpoint.id, None, "ping", &payload, now)?)
    }

    pub fn webhook_deliveries(
        &self,
        account: Uuid,
        id: Uuid,
    ) -> Result<Vec<DeliveryRecord>, ApiError> {
        let endpoint = self.webhook(account, id)?;
        Ok(self.db.deliveries(endpoint.id, DELIVERIES_LISTED)?)
    }

    /// Queues a message of the endpoint again, under its message id, due now.
    pub fn redeliver(
        &self,
        account: Uuid,
        id: Uuid,
        delivery: Uuid,
    ) -> Result<DeliveryRecord, ApiError> {
        let endpoint = self.webhook(account, id)?;
        if endpoint.disabled_at.is_some() {
            return Err(disabled());
        }
        let original = self
            .db
            .delivery(endpoint.id, delivery)
            .map_err(|error| or_missing(error, delivery_not_found))?;
        Ok(self.db.enqueue_delivery(
            endpoint.id,
            Some(&original.message_id),
            &original.event_type,
            &original.payload,
            self.now(),
        )?)
    }
}
