use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::webhooks::WebhookDelivery;
use uuid::Uuid;

use super::render_delivery;
use crate::auth::{AuthenticatedAccount, Scope};
use crate::delivery::Deliveries;
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Send a test `ping` to one of the caller's endpoints.
///
/// The ping is queued and sent like any message (signed, retried); follow it in the
/// endpoint's deliveries.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = ["account:manage"])),
    params(("id" = Uuid, Path, description = "The endpoint id")),
    responses(
        (status = 202, description = "The ping's delivery, queued", body = WebhookDelivery),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`webhook_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`webhook_disabled`: the endpoint is disabled", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/me/webhooks/{id}/test")]
#[tracing::instrument(skip_all, fields(account = %account.id, webhook = %id))]
pub async fn test_webhook(
    service: web::Data<GameService>,
    deliveries: web::Data<Deliveries>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountManage)?;
    let service = service.into_inner();
    let id = id.into_inner();
    let delivery = blocking(move || service.ping_webhook(account.id, id)).await?;
    deliveries.wake();
    Ok(HttpResponse::Accepted().json(render_delivery(&delivery)))
}
