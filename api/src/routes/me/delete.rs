use actix_web::{HttpResponse, delete, web};
use openapi::Problem;
use openapi::me::DeleteAccount;
use secrecy::ExposeSecret;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::limits::Limits;
use crate::service::{GameService, blocking};

/// Delete the caller's account, confirmed by its password.
///
/// In one step: its stream tickets go; open games it created are cancelled and its seats in
/// other open games are freed; its seats in games in play are taken over by a `search` bot so
/// the others can finish; in finished games its seat stays in the history as
/// `"deleted": true` with the name `[deleted]` and an `account_id` of that game alone. Its
/// tokens are refused from then on, and the username is free to register again at once.
/// Wrong passwords count against the account's login budget like logins do.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = ["account:manage"])),
    request_body = DeleteAccount,
    responses(
        (status = 204, description = "The account is deleted"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`password_incorrect`: nothing was deleted", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`: the body is not `application/json`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many wrong passwords for this account; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 503, description = "`overloaded`: every password-hashing slot stayed busy; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[delete("/me")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn delete_me(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    account: AuthenticatedAccount,
    body: JsonBody<DeleteAccount>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountManage)?;
    let DeleteAccount { password } = body.into_inner();
    let service = service.into_inner();
    let attempt = limits
        .login_budget()
        .begin(&account.username, service.now())?;
    let checker = service.clone();
    let matched = limits
        .hashing(move || checker.password_matches(account.id, password.expose_secret()))
        .await;
    if !attempt.settle_check(matched)? {
        return Err(ApiError::Forbidden {
            code: "password_incorrect",
            detail: "the password is not this account's; nothing was deleted".to_owned(),
        });
    }
    blocking(move || service.delete_account(account.id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
