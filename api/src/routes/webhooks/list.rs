use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::webhooks::WebhookList;

use super::render_webhook;
use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// List the caller's webhook endpoints (without their secrets).
///
/// Disabled endpoints are listed with why (`gone` or `failing`); their secrets were shown
/// once, when each was made.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = ["account:read"])),
    responses(
        (status = 200, description = "The endpoints, oldest first", body = WebhookList),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/me/webhooks")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn list_webhooks(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountRead)?;
    let service = service.into_inner();
    let endpoints = blocking(move || service.webhooks(account.id)).await?;
    Ok(HttpResponse::Ok().json(WebhookList {
        webhooks: endpoints.iter().map(render_webhook).collect(),
    }))
}
