use actix_web::{HttpRequest, HttpResponse, post, web};
use openapi::Problem;
use openapi::accounts::Session;
use openapi::sessions::RefreshRequest;
use secrecy::ExposeSecret;

use super::session_body;
use crate::auth::TokenKeys;
use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::limits::Limits;
use crate::service::{GameService, blocking};

/// Exchange a refresh token for a new access token and refresh token.
///
/// The refresh token sent is spent. Sent again within 5 seconds (two requests of one client
/// racing) it gets the same new pair; sent again later, it ends the session: every token of
/// that login is refused from then on. A refresh token unused for `REFRESH_TOKEN_TTL_SECS`
/// (30 days by default) expires, and no session lives longer than 365 days.
#[utoipa::path(
    tag = "accounts",
    request_body = RefreshRequest,
    responses(
        (status = 200, description = "The new pair; the refresh token sent is spent", body = Session),
        (status = 400, description = "`malformed`: not a refresh request", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`invalid_refresh_token` (never issued), `session_revoked` (the session ended, or a spent token came back) or `session_expired`", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`: the body is not `application/json`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many refreshes from this address; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/sessions/refresh")]
#[tracing::instrument(skip_all)]
pub async fn refresh_session(
    request: HttpRequest,
    service: web::Data<GameService>,
    keys: web::Data<TokenKeys>,
    limits: web::Data<Limits>,
    body: JsonBody<RefreshRequest>,
) -> Result<HttpResponse, ApiError> {
    limits.check_refresh(request.peer_addr().map(|peer| peer.ip()))?;
    let token = body.into_inner().refresh_token;
    let service = service.into_inner();
    let now = service.now();
    let (issued, account) = blocking(move || {
        let issued = service.refresh_session(keys.get_ref(), token.expose_secret(), now)?;
        let account = service
            .account(issued.account)?
            .ok_or_else(|| ApiError::Internal("a session of no account".to_owned()))?;
        Ok((issued, account))
    })
    .await?;
    Ok(HttpResponse::Ok().json(session_body(issued, account, now)))
}
