use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::webhooks::WebhookDeliveryList;
use uuid::Uuid;

use super::render_delivery;
use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// The deliveries of one of the caller's endpoints: status, attempts, last answer, next try.
///
/// Newest first. A delivery is retried with backoff for more than three days; a failed one can
/// be sent again with `…/redeliver`.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = ["account:read"])),
    params(("id" = Uuid, Path, description = "The endpoint id")),
    responses(
        (status = 200, description = "The last 100 deliveries, newest first", body = WebhookDeliveryList),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`webhook_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/me/webhooks/{id}/deliveries")]
#[tracing::instrument(skip_all, fields(account = %account.id, webhook = %id))]
pub async fn list_webhook_deliveries(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountRead)?;
    let service = service.into_inner();
    let id = id.into_inner();
    let deliveries = blocking(move || service.webhook_deliveries(account.id, id)).await?;
    Ok(HttpResponse::Ok().json(WebhookDeliveryList {
        deliveries: deliveries.iter().map(render_delivery).collect(),
    }))
}
