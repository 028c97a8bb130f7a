use actix_web::{HttpResponse, delete, web};
use openapi::Problem;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Sign out everywhere: end every session of the account, this one included.
///
/// Every access token of the account is refused at once here and within a second on every
/// server process; every refresh token, stream ticket and open stream of its sessions ends.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = ["account:manage"])),
    responses(
        (status = 204, description = "Every session of the account has ended"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
    )
)]
#[delete("/sessions")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn delete_sessions(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountManage)?;
    let service = service.into_inner();
    blocking(move || service.end_all_sessions(account.id, service.now())).await?;
    Ok(HttpResponse::NoContent().finish())
}
