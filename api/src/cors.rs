//! Cross-origin requests from browser clients whose origins are configured (`CORS_ORIGINS`),
//! answered by `actix-cors`. Every other origin gets no CORS headers, so browsers keep refusing
//! it (its preflight is refused outright).

use std::sync::Arc;

use actix_cors::Cors;
use actix_web::http::header::{self, HeaderName};

/// The allowed origins, exactly as browsers send them (`https://app.example`).
#[derive(Clone, Debug, Default)]
pub struct CorsOrigins(pub Vec<String>);

const ALLOWED_METHODS: [&str; 4] = ["GET", "POST", "DELETE", "OPTIONS"];
/// Request headers a script may send: credentials and bodies, idempotent retries, conditional
/// views, and the resumption `EventSource` sends on its own when it reconnects.
const ALLOWED_HEADERS: [HeaderName; 5] = [
    header::AUTHORIZATION,
    header::CONTENT_TYPE,
    HeaderName::from_static("idempotency-key"),
    header::IF_NONE_MATCH,
    HeaderName::from_static("last-event-id"),
];
/// Response headers a script may read besides the safe ones.
const EXPOSED_HEADERS: [HeaderName; 5] = [
    header::ETAG,
    header::RETRY_AFTER,
    HeaderName::from_static("idempotent-replayed"),
    HeaderName::from_static("x-request-id"),
    header::ALLOW,
];
/// How long a browser may cache a preflight answer, in seconds.
const PREFLIGHT_MAX_AGE: usize = 600;

/// The CORS middleware for these origins. Answers depend on the `Origin` header, so every one
/// carries `Vary: Origin` (shared caches keep one copy per origin).
pub fn middleware(origins: &CorsOrigins) -> Cors {
    let origins = Arc::new(origins.0.clone());
    Cors::default()
        .allowed_origin_fn(move |origin, _| {
            origin
                .to_str()
                .is_ok_and(|origin| origins.iter().any(|allowed| allowed == origin))
        })
        .allowed_methods(ALLOWED_METHODS)
        .allowed_headers(ALLOWED_HEADERS)
        .expose_headers(EXPOSED_HEADERS)
        .max_age(PREFLIGHT_MAX_AGE)
}
