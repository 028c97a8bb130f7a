//! One HTTP attempt of one message: signed headers, a 10 s timeout, no redirect followed, no
//! proxy, and at most a few bytes of the answer read (its status is all that counts).

use std::time::Duration;

use persistence::ClaimedDelivery;
use reqwest::{Client, Url, redirect};
use secrecy::SecretString;

use super::guard::{PublicOnly, literal_host_allowed};
use super::signing::SigningKey;

/// The whole attempt, connection included.
const TIMEOUT: Duration = Duration::from_secs(10);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Bytes of an answer read before it is dropped.
const MAX_ANSWER_BYTES: usize = 1024;

/// How an attempt ended.
pub enum Sent {
    /// The receiver answered with this status.
    Status(u16),
    /// No answer: why, in words safe to show the endpoint's owner (no secret, no body).
    Failed(String),
}

pub struct Sender {
    client: Client,
    allow_private: bool,
}

impl Sender {
    pub fn new(allow_private: bool) -> Result<Self, reqwest::Error> {
        let mut builder = Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(CONNECT_TIMEOUT)
            .redirect(redirect::Policy::none())
            .no_proxy()
            .user_agent("Cardtable-Webhooks/1");
        if !allow_private {
            builder = builder.https_only(true).dns_resolver(PublicOnly);
        }
        Ok(Self {
            client: builder.build()?,
            allow_private,
        })
    }

    /// Sends `claimed` stamped with `timestamp` (game-clock seconds).
    pub async fn send(&self, claimed: &ClaimedDelivery, timestamp: i64) -> Sent {
        let Ok(url) = Url::parse(&claimed.url) else {
            return Sent::Failed("the endpoint URL no longer parses".to_owned());
        };
        if !self.allow_private && !literal_host_allowed(&url) {
            return Sent::Failed("the endpoint address is not public".to_owned());
        }
        let secret = SecretString::from(claimed.secret.clone());
        let Some(key) = SigningKey::from_secret(&secret) else {
            return Sent::Failed("the endpoint secret is malformed".to_owned());
        };
        let delivery = &claimed.delivery;
        let signature = key.sign(&delivery.message_id, timestamp, &delivery.payload);
        let request = self
            .client
            .post(url)
            .header("content-type", "application/json")
            .header("webhook-id", &delivery.message_id)
            .header("webhook-timestamp", timestamp.to_string())
            .header("webhook-signature", signature)
            .body(delivery.payload.clone());
        match request.send().await {
            Ok(mut response) => {
                let status = response.status().as_u16();
                let mut read = 0;
                while read < MAX_ANSWER_BYTES {
                    match response.chunk().await {
                        Ok(Some(chunk)) => read += chunk.len(),
                        _ => break,
                    }
                }
                Sent::Status(status)
            }
            Err(error) => Sent::Failed(describe(&error)),
        }
    }
}

/// A short reason, without the URL (it may carry a token in its query).
fn describe(error: &reqwest::Error) -> String {
    if error.is_timeout() {
        "timed out".to_owned()
    } else if error.is_connect() {
        "could not connect".to_owned()
    } else if error.is_redirect() {
        "redirects are not followed".to_owned()
    } else {
        "the request failed".to_owned()
    }
}
