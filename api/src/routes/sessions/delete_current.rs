use actix_web::{HttpResponse, delete, web};
use openapi::Problem;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Sign out: end the session of the access token sent.
///
/// Its access tokens are refused at once here and within a second on every server process;
/// its refresh token, its stream tickets and its open streams end with it.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = ["account:manage"])),
    responses(
        (status = 204, description = "The session has ended"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
    )
)]
#[delete("/sessions/current")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn delete_current_session(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountManage)?;
    let service = service.into_inner();
    if let Some(session) = account.credential.session() {
        blocking(move || service.end_session(account.id, session, service.now())).await?;
    }
    Ok(HttpResponse::NoContent().finish())
}
