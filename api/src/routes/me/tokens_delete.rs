use actix_web::{HttpResponse, delete, web};
use openapi::Problem;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Revoke one of the caller's personal access tokens.
///
/// Every server process refuses it within a second, and the stream tickets it asked for stop
/// opening streams at once. Streams it already opened stay open.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = ["account:manage"])),
    params(("id" = Uuid, Path, description = "The token id")),
    responses(
        (status = 204, description = "The token is revoked"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`token_not_found`: the caller has no token with this id", body = Problem, content_type = "application/problem+json"),
    )
)]
#[delete("/me/tokens/{id}")]
#[tracing::instrument(skip_all, fields(account = %account.id, token_id = %id))]
pub async fn delete_personal_token(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountManage)?;
    let service = service.into_inner();
    let id = id.into_inner();
    blocking(move || service.revoke_personal_token(account.id, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
