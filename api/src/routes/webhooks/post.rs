use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::webhooks::{CreatedWebhook, NewWebhook};
use secrecy::ExposeSecret;

use super::render_webhook;
use crate::auth::{AuthenticatedAccount, Scope};
use crate::delivery::Deliveries;
use crate::delivery::guard::{check_target, parse_url};
use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::limits::Limits;
use crate::service::{GameService, blocking};

/// Register a webhook endpoint.
///
/// The account's notices of the chosen types are `POST`ed to `url`, signed the Standard
/// Webhooks way with the returned `secret`, which is shown only in this response. The URL must
/// be `https` and its host must resolve to public addresses (checked now and at every
/// connection).
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = ["account:manage"])),
    request_body = NewWebhook,
    responses(
        (status = 201, description = "The endpoint, with its signing secret shown this once", body = CreatedWebhook),
        (status = 400, description = "Malformed body", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`too_many_webhooks`: the account has as many endpoints as it may", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`: the body is not `application/json`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_webhook_url`, `webhook_url_not_https`, `webhook_url_not_public`, `webhook_url_unresolvable`, or `no_events`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many endpoints registered a minute; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/me/webhooks")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn post_webhooks(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    deliveries: web::Data<Deliveries>,
    account: AuthenticatedAccount,
    body: JsonBody<NewWebhook>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountManage)?;
    limits.check_create_webhook(account.id)?;
    let body = body.into_inner();
    let settings = deliveries.settings().clone();
    if body.events.is_empty() {
        return Err(ApiError::Unprocessable {
            code: "no_events",
            detail: "choose at least one event type".to_owned(),
            option: None,
        });
    }
    let url = parse_url(&body.url, settings.allow_private)?;
    check_target(&url, settings.allow_private).await?;
    let mut events: Vec<String> = body
        .events
        .iter()
        .map(|event| event.id().to_owned())
        .collect();
    events.sort_unstable();
    events.dedup();
    let service = service.into_inner();
    let url = url.to_string();
    let (endpoint, secret) = blocking(move || {
        service.create_webhook(
            account.id,
            &url,
            &events,
            settings.max_endpoints_per_account,
        )
    })
    .await?;
    Ok(HttpResponse::Created().json(CreatedWebhook {
        webhook: render_webhook(&endpoint),
        secret: secret.expose_secret().to_owned(),
    }))
}
