//! `Idempotency-Key` on the requests that change a game (creating, joining, moving), with the
//! semantics of the IETF httpapi draft and Stripe's API:
//! - the first request with a key runs; its response is kept under (account, key) in the same
//!   transaction as its effect, for 24 hours;
//! - a retry with the same key and the same request gets that response again, marked
//!   `Idempotent-Replayed: true`, and applies nothing;
//! - the same key with a different request (method, path or body) is 422;
//! - a duplicate arriving while the first is still running waits for it (then replays), or after
//!   a while gets 409 `idempotency_in_flight`. Across server processes the key's unique
//!   constraint (and the game's version check) let only one of them take effect.
//!
//! A request that failed had no effect and keeps nothing: retrying it with its key runs it again.

use std::cell::RefCell;
use std::collections::HashMap;
use std::future::{Ready, ready};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, dev::Payload, web};
use persistence::{GameRecord, IdempotencyRecord, NewIdempotencyKey, StoredResponse};
use serde::Serialize;
use sha2::{Digest, Sha256};
use tokio::sync::OwnedMutexGuard;
use uuid::Uuid;

use crate::cache::RenderedView;
use crate::error::ApiError;
use crate::service::{GameService, blocking, render_game};

pub const KEY_HEADER: &str = "idempotency-key";
pub const REPLAYED_HEADER: &str = "idempotent-replayed";
const MAX_KEY_CHARS: usize = 255;
/// How long a duplicate waits for the request in flight with its key before a 409.
const IN_FLIGHT_WAIT: Duration = Duration::from_secs(10);

/// The `Idempotency-Key` header, when sent (1 to 255 visible ASCII characters, plain or as a
/// structured-field string `"…"`, as the IETF draft writes it), with what a keyed request
/// needs besides: its path and the keys in flight in this process.
#[derive(Clone, Debug)]
pub struct IdempotencyKey {
    key: Option<String>,
    path: String,
    in_flight: Arc<InFlight>,
}

impl FromRequest for IdempotencyKey {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let key = match request.headers().get(KEY_HEADER) {
            None => Ok(None),
            Some(value) => value
                .to_str()
                .ok()
                .and_then(parse_key)
                .map(Some)
                .ok_or_else(|| {
                    ApiError::Malformed(format!(
                        "an Idempotency-Key has 1 to {MAX_KEY_CHARS} visible ASCII characters"
                    ))
                }),
        };
        let in_flight = request
            .app_data::<web::Data<InFlight>>()
            .map(|in_flight| in_flight.clone().into_inner())
            .ok_or_else(|| ApiError::Internal("idempotency state missing".to_owned()));
        ready(key.and_then(|key| {
            Ok(IdempotencyKey {
                key,
                path: request.path().to_owned(),
                in_flight: in_flight?,
            })
        }))
    }
}

fn parse_key(value: &str) -> Option<String> {
    let value = value.trim();
    let key = value
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .unwrap_or(value);
    let visible = |c: char| c.is_ascii_graphic() || c == ' ';
    ((1..=MAX_KEY_CHARS).contains(&key.len()) && key.chars().all(visible)).then(|| key.to_owned())
}

/// What identifies a request for its key: SHA-256 of the method, the path and the body in
/// canonical JSON (so spacing and key order do not matter).
fn fingerprint(method: &str, path: &str, body: &impl Serialize) -> String {
    let body = serde_json::to_string(body).unwrap_or_default();
    hex::encode(Sha256::digest(
        format!("{method} {path}\n{body}").as_bytes(),
    ))
}

/// Per (account, key): a lock held by the request running with it.
type KeyLocks = HashMap<(Uuid, String), Arc<tokio::sync::Mutex<()>>>;

/// The keys being processed in this server process.
#[derive(Debug, Default)]
pub struct InFlight {
    keys: Mutex<KeyLocks>,
}

/// Held while a keyed request runs; a duplicate waits for it.
struct InFlightGuard {
    in_flight: Arc<InFlight>,
    slot: (Uuid, String),
    lock: Option<OwnedMutexGuard<()>>,
}

impl InFlight {
    async fn enter(self: Arc<Self>, account: Uuid, key: &str) -> Result<InFlightGuard, ApiError> {
        let slot = (account, key.to_owned());
        let entry = self
            .keys
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(slot.clone())
            .or_default()
            .clone();
        let locked = tokio::time::timeout(IN_FLIGHT_WAIT, entry.lock_owned()).await;
        let mut guard = InFlightGuard {
            in_flight: self,
            slot,
            lock: None,
        };
        match locked {
            Ok(lock) => {
                guard.lock = Some(lock);
                Ok(guard)
            }
            // Dropping the guard forgets the slot if nobody else holds it.
            Err(_) => Err(ApiError::Conflict {
                code: "idempotency_in_flight",
                detail: "a request with this idempotency key is still being processed; retry \
                         shortly"
                    .to_owned(),
            }),
        }
    }
}

impl Drop for InFlightGuard {
    fn drop(&mut self) {
        self.lock = None;
        let mut keys = self
            .in_flight
            .keys
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        // Only the map holds the entry: nobody runs or waits with this key any more.
        if keys
            .get(&self.slot)
            .is_some_and(|entry| Arc::strong_count(entry) == 1)
        {
            keys.remove(&self.slot);
        }
    }
}

enum Outcome {
    Fresh(StoredResponse),
    Replay(StoredResponse),
}

/// Runs `work` on the request `body` (`()` for none) for `account`, writing with the key it is
/// given if any, and answers with the game as the caller sees it; or replays the response kept
/// under the request's key.
pub async fn respond<B, W>(
    service: Arc<GameService>,
    account: Uuid,
    key: IdempotencyKey,
    body: B,
    status: StatusCode,
    work: W,
) -> Result<HttpResponse, ApiError>
where
    B: Serialize + Send + 'static,
    W: FnOnce(&GameService, B, Option<&NewIdempotencyKey>) -> Result<Arc<GameRecord>, ApiError>
        + Send
        + 'static,
{
    let IdempotencyKey {
        key,
        path,
        in_flight,
    } = key;
    let fingerprint = fingerprint("POST", &path, &body);
    let Some(key) = key else {
        let view = blocking(move || {
            let record = work(&service, body, None)?;
            service.rendered_game(&record, account)
        })
        .await?;
        return Ok(crate::routes::private_answer(status, &view));
    };
    let _running = in_flight.enter(account, &key).await?;
    let metrics_service = service.clone();
    let outcome = blocking(move || {
        let now = service.now();
        if let Some(stored) = service.stored_response(account, &key, now)? {
            return replay(stored, &fingerprint);
        }
        let sent = RefCell::new(None);
        let respond = |game: &GameRecord| {
            let response = StoredResponse {
                status: status.as_u16(),
                body: serde_json::to_string(&render_game(game, account)).unwrap_or_default(),
            };
            *sent.borrow_mut() = Some(response.clone());
            response
        };
        let new_key = NewIdempotencyKey {
            account,
            key: &key,
            fingerprint: &fingerprint,
            now,
            respond: &respond,
        };
        match work(&service, body, Some(&new_key)) {
            Ok(record) => Ok(Outcome::Fresh(sent.take().unwrap_or_else(|| {
                StoredResponse {
                    status: status.as_u16(),
                    body: serde_json::to_string(&render_game(&record, account)).unwrap_or_default(),
                }
            }))),
            // Another server process may have run the same key meanwhile: its response stands.
            Err(error) => match service.stored_response(account, &key, now)? {
                Some(stored) => replay(stored, &fingerprint),
                None => Err(error),
            },
        }
    })
    .await?;
    Ok(match outcome {
        Outcome::Fresh(response) => send(response),
        Outcome::Replay(response) => {
            metrics_service.metrics().idempotent_replay();
            let mut sent = send(response);
            sent.headers_mut().insert(
                actix_web::http::header::HeaderName::from_static(REPLAYED_HEADER),
                actix_web::http::header::HeaderValue::from_static("true"),
            );
            sent
        }
    })
}

fn replay(stored: IdempotencyRecord, fingerprint: &str) -> Result<Outcome, ApiError> {
    if stored.fingerprint == fingerprint {
        Ok(Outcome::Replay(stored.response))
    } else {
        Err(ApiError::Unprocessable {
            code: "idempotency_key_reused",
            detail: "this idempotency key was used for a different request".to_owned(),
            option: None,
        })
    }
}

/// A kept response, sent as the view it is (with its tag).
fn send(response: StoredResponse) -> HttpResponse {
    let status = StatusCode::from_u16(response.status).unwrap_or(StatusCode::OK);
    crate::routes::private_answer(status, &RenderedView::from_json(response.body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_one_to_255_visible_characters_plain_or_quoted() {
        assert_eq!(parse_key("abc-123").as_deref(), Some("abc-123"));
        assert_eq!(parse_key("\"abc\"").as_deref(), Some("abc"));
        assert_eq!(parse_key(&"k".repeat(255)).map(|key| key.len()), Some(255));
        assert_eq!(parse_key(&"k".repeat(256)), None);
        assert_eq!(parse_key(""), None);
        assert_eq!(parse_key("\"\""), None);
        assert_eq!(parse_key("tab\there"), None);
    }

    #[test]
    fn fingerprints_differ_by_method_path_and_body() {
        let body = serde_json::json!({"version": 1, "move": {"type": "pass"}});
        let same = fingerprint("POST", "/v1/games/a/moves", &body);
        assert_eq!(same, fingerprint("POST", "/v1/games/a/moves", &body));
        assert_ne!(same, fingerprint("POST", "/v1/games/b/moves", &body));
        let other = serde_json::json!({"version": 2, "move": {"type": "pass"}});
        assert_ne!(same, fingerprint("POST", "/v1/games/a/moves", &other));
    }

    #[tokio::test]
    async fn a_duplicate_waits_for_the_key_in_flight() {
        let in_flight = Arc::new(InFlight::default());
        let account = Uuid::new_v4();
        let first = in_flight.clone().enter(account, "k").await;
        assert!(first.is_ok());
        let waiting = tokio::spawn(in_flight.clone().enter(account, "k"));
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiting.is_finished(), "the duplicate must wait");
        drop(first);
        let second = waiting.await.map(|entered| entered.is_ok());
        assert_eq!(second.ok(), Some(true));
        let other = in_flight.clone().enter(account, "other").await;
        assert!(other.is_ok(), "other keys do not wait");
    }
}
