use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::webhooks::Webhook;
use uuid::Uuid;

use super::render_webhook;
use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// One of the caller's webhook endpoints (without its secret).
///
/// Another account's endpoint is `404`, as a missing one is.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = ["account:read"])),
    params(("id" = Uuid, Path, description = "The endpoint id")),
    responses(
        (status = 200, description = "The endpoint", body = Webhook),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`webhook_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/me/webhooks/{id}")]
#[tracing::instrument(skip_all, fields(account = %account.id, webhook = %id))]
pub async fn get_webhook(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountRead)?;
    let service = service.into_inner();
    let id = id.into_inner();
    let endpoint = blocking(move || service.webhook(account.id, id)).await?;
    Ok(HttpResponse::Ok().json(render_webhook(&endpoint)))
}
