//! Cross-origin requests from browser clients whose origins are configured (`CORS_ORIGINS`).
//! Every other origin gets no CORS headers, so browsers keep refusing it.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, HttpResponse, web};

/// The allowed origins, exactly as browsers send them (`https://app.example`).
#[derive(Clone, Debug, Default)]
pub struct CorsOrigins(pub Vec<String>);

const ALLOWED_METHODS: &str = "GET, POST, DELETE, OPTIONS";
const ALLOWED_HEADERS: &str = "authorization, content-type, idempotency-key";
/// Response headers a script may read besides the safe ones.
const EXPOSED_HEADERS: &str = "retry-after, idempotent-replayed, x-request-id, allow";
/// How long a browser may cache a preflight answer, in seconds.
const PREFLIGHT_MAX_AGE: &str = "600";

pub async fn cors(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let allowed = request
        .app_data::<web::Data<CorsOrigins>>()
        .and_then(|origins| allowed_origin(request.headers(), &origins.0));
    let Some(origin) = allowed else {
        return Ok(next.call(request).await?.map_into_boxed_body());
    };
    let preflight = request.method() == Method::OPTIONS
        && request
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    if preflight {
        let response = HttpResponse::NoContent()
            .insert_header((header::ACCESS_CONTROL_ALLOW_METHODS, ALLOWED_METHODS))
            .insert_header((header::ACCESS_CONTROL_ALLOW_HEADERS, ALLOWED_HEADERS))
            .insert_header((header::ACCESS_CONTROL_MAX_AGE, PREFLIGHT_MAX_AGE))
            .finish();
        let mut response = request.into_response(response);
        add_origin(response.headers_mut(), origin);
        return Ok(response);
    }
    let mut response = next.call(request).await?.map_into_boxed_body();
    add_origin(response.headers_mut(), origin);
    response.headers_mut().insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static(EXPOSED_HEADERS),
    );
    Ok(response)
}

fn allowed_origin(headers: &HeaderMap, origins: &[String]) -> Option<HeaderValue> {
    let origin = headers.get(header::ORIGIN)?;
    let text = origin.to_str().ok()?;
    origins
        .iter()
        .any(|allowed| allowed == text)
        .then(|| origin.clone())
}

fn add_origin(headers: &mut HeaderMap, origin: HeaderValue) {
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    // The answer depends on the Origin header: shared caches must keep one copy per origin.
    headers.append(header::VARY, HeaderValue::from_static("Origin"));
}
