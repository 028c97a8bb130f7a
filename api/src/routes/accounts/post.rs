use actix_web::{HttpRequest, HttpResponse, post, web};
use openapi::Problem;
use openapi::accounts::{Account, Credentials};
use secrecy::ExposeSecret;

use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::limits::Limits;
use crate::service::GameService;

/// Register an account.
///
/// Usernames are unique by their canonical form (Unicode NFKC and case folding) and by how
/// they look (confusables); the name is kept as typed for display. Log in with
/// `POST /v1/sessions` to get a bearer token; the password is stored only as an Argon2 hash.
#[utoipa::path(
    tag = "accounts",
    request_body = Credentials,
    responses(
        (status = 201, description = "The account was created", body = Account),
        (status = 409, description = "`username_unavailable`: the name, or one equal to it once normalized (case, width) or that looks the same, is registered", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`: the body is not `application/json`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_username` or `invalid_password`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many registrations and logins from this address; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 503, description = "`overloaded`: every password-hashing slot stayed busy; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/accounts")]
#[tracing::instrument(skip_all, fields(username = %body.username))]
pub async fn post_accounts(
    request: HttpRequest,
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    body: JsonBody<Credentials>,
) -> Result<HttpResponse, ApiError> {
    limits.check_auth(request.peer_addr().map(|peer| peer.ip()))?;
    let Credentials { username, password } = body.into_inner();
    let service = service.into_inner();
    let account = limits
        .hashing(move || service.register(&username, password.expose_secret(), service.now()))
        .await?;
    Ok(HttpResponse::Created().json(Account {
        id: account.id,
        username: account.username,
        created_at: account.created_at,
    }))
}
