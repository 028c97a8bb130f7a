use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::webhooks::WebhookDelivery;
use uuid::Uuid;

use super::render_delivery;
use crate::auth::{AuthenticatedAccount, Scope};
use crate::delivery::Deliveries;
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Send a delivered or failed message again.
///
/// A new delivery of the same message (same `webhook-id` and body) is queued now.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = ["account:manage"])),
    params(
        ("id" = Uuid, Path, description = "The endpoint id"),
        ("delivery_id" = Uuid, Path, description = "The delivery to send again"),
    ),
    responses(
        (status = 202, description = "The new delivery, queued", body = WebhookDelivery),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`webhook_not_found` or `delivery_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`webhook_disabled`: the endpoint is disabled", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/me/webhooks/{id}/deliveries/{delivery_id}/redeliver")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn redeliver_webhook_delivery(
    service: web::Data<GameService>,
    deliveries: web::Data<Deliveries>,
    account: AuthenticatedAccount,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountManage)?;
    let service = service.into_inner();
    let (id, delivery) = path.into_inner();
    let queued = blocking(move || service.redeliver(account.id, id, delivery)).await?;
    deliveries.wake();
    Ok(HttpResponse::Accepted().json(render_delivery(&queued)))
}
