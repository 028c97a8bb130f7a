//! `GET /play` and `GET /play/{file}`: the page and its files, under a strict policy.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

use super::assets;
use crate::error::ApiError;

/// Scripts, styles and connections from this origin only: no inline script or style, no
/// plugin, no framing, and the page cannot post a form elsewhere.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

/// The playground's routes; not part of the API contract.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/play", web::get().to(page))
        .route("/play/", web::get().to(page))
        .route("/play/{file:.+}", web::get().to(file));
}

async fn page(request: HttpRequest) -> HttpResponse {
    serve(&request, "index.html")
}

async fn file(request: HttpRequest, name: web::Path<String>) -> HttpResponse {
    serve(&request, &name)
}

fn serve(request: &HttpRequest, name: &str) -> HttpResponse {
    use actix_web::ResponseError;
    let Some((asset, tag)) = assets::find(name) else {
        return ApiError::NotFound {
            code: "not_found",
            detail: "no such file in the playground".to_owned(),
        }
        .error_response();
    };
    let fresh = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            value
                .split(',')
                .map(str::trim)
                .any(|candidate| candidate == "*" || candidate.trim_start_matches("W/") == tag)
        });
    let mut response = if fresh {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, tag))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::CONTENT_SECURITY_POLICY, POLICY))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"));
    if fresh {
        return response.finish();
    }
    response.content_type(asset.content_type).body(asset.bytes)
}
