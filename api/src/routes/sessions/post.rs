use actix_web::{HttpRequest, HttpResponse, post, web};
use openapi::Problem;
use openapi::accounts::{Credentials, Session};
use secrecy::ExposeSecret;

use super::{session_body, user_agent};

use crate::auth::TokenKeys;
use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::limits::Limits;
use crate::service::{GameService, blocking};

/// Log in: exchange a username and password for a session's tokens.
///
/// Send the access token as `Authorization: Bearer <access_token>` on every other `/v1`
/// request; it is refused after `expires_at` (`ACCESS_TOKEN_TTL_SECS`, 15 minutes by default)
/// or once the session ends. Renew it with the `refresh_token` at `POST /v1/sessions/refresh`.
/// A wrong username and a wrong password get the same answer.
#[utoipa::path(
    tag = "accounts",
    request_body = Credentials,
    responses(
        (status = 201, description = "A new session: its access and refresh tokens", body = Session),
        (status = 401, description = "Wrong username or password", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`: the body is not `application/json`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many registrations and logins from this address, or too many wrong passwords for this account (after 5 failures in a row each attempt waits 1 s, doubling up to 300 s); `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 503, description = "`overloaded`: every password-hashing slot stayed busy; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/sessions")]
#[tracing::instrument(skip_all, fields(username = %body.username))]
pub async fn post_sessions(
    request: HttpRequest,
    service: web::Data<GameService>,
    keys: web::Data<TokenKeys>,
    limits: web::Data<Limits>,
    body: JsonBody<Credentials>,
) -> Result<HttpResponse, ApiError> {
    limits.check_auth(request.peer_addr().map(|peer| peer.ip()))?;
    let Credentials { username, password } = body.into_inner();
    let service = service.into_inner();
    let now = service.now();
    let attempt = limits.login_budget().begin(&username, now)?;
    let account = {
        let service = service.clone();
        limits
            .hashing(move || service.login(&username, password.expose_secret()))
            .await
    };
    let account = attempt.settle(account)?;
    let agent = user_agent(&request);
    let account_id = account.id;
    let issued =
        blocking(move || service.start_session(keys.get_ref(), account_id, agent.as_deref(), now))
            .await?;
    Ok(HttpResponse::Created().json(session_body(issued, account, now)))
}
