use actix_web::{HttpResponse, delete, web};
use openapi::Problem;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Delete one of the caller's webhook endpoints, with its deliveries.
///
/// Nothing more is sent to it, retries included.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = ["account:manage"])),
    params(("id" = Uuid, Path, description = "The endpoint id")),
    responses(
        (status = 204, description = "The endpoint is gone; nothing more is sent to it"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`webhook_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[delete("/me/webhooks/{id}")]
#[tracing::instrument(skip_all, fields(account = %account.id, webhook = %id))]
pub async fn delete_webhook(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountManage)?;
    let service = service.into_inner();
    let id = id.into_inner();
    blocking(move || service.delete_webhook(account.id, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
