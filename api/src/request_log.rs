//! One structured log line per request, and its id echoed back to the client.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage};
use tracing_actix_web::RequestId;

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Runs inside the request's tracing span (set up by `TracingLogger`), so the line carries the
/// span's `request_id` field.
pub async fn request_log(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let request_id = request.extensions().get::<RequestId>().copied();
    let method = request.method().clone();
    let path = request.path().to_owned();
    let started = Instant::now();
    let mut response = next.call(request).await?;
    if let Some(value) = request_id.and_then(|id| HeaderValue::from_str(&id.to_string()).ok()) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    tracing::info!(
        %method,
        %path,
        status = response.status().as_u16(),
        elapsed_ms = started.elapsed().as_millis() as u64,
        "request"
    );
    Ok(response)
}
