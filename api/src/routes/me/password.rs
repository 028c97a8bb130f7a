use actix_web::{HttpResponse, put, web};
use openapi::Problem;
use openapi::sessions::PasswordChange;
use secrecy::ExposeSecret;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::limits::Limits;
use crate::service::GameService;

/// Change the password; every other session of the account ends.
///
/// The current password must be sent too: a stolen access token alone cannot lock the owner
/// out. The session that asked stays signed in.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = ["account:manage"])),
    request_body = PasswordChange,
    responses(
        (status = 204, description = "The password is changed; every other session has ended"),
        (status = 400, description = "`malformed`: not a password change", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`password_incorrect`: the current password is wrong", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`: the body is not `application/json`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_password`: the new password is not 8 to 128 characters", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many password checks from this address; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 503, description = "`overloaded`: every password-hashing slot stayed busy; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[put("/me/password")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn put_password(
    request: actix_web::HttpRequest,
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    account: AuthenticatedAccount,
    body: JsonBody<PasswordChange>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountManage)?;
    // Each attempt is a password guess: counted like a login.
    limits.check_auth(request.peer_addr().map(|peer| peer.ip()))?;
    let PasswordChange {
        current_password,
        new_password,
    } = body.into_inner();
    let service = service.into_inner();
    let keep = account.credential.session();
    limits
        .hashing(move || {
            service.change_password(
                account.id,
                keep,
                current_password.expose_secret(),
                new_password.expose_secret(),
                service.now(),
            )
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
