use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::live::StreamTicket;

use crate::auth::AuthenticatedAccount;
use crate::error::ApiError;
use crate::limits::Limits;
use crate::push::tickets::ACCOUNT_SCOPE;
use crate::service::{GameService, blocking};

/// A short-lived, single-use ticket that opens the caller's account stream, for browsers.
///
/// `new EventSource(url)` cannot send the access token: open the returned `url` instead,
/// once, before `expires_at`.
#[utoipa::path(
    tag = "live",
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The ticket, valid for 60 s and one stream", body = StreamTicket),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many stream tickets a minute; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/me/stream-tickets")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn post_account_stream_tickets(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    account: AuthenticatedAccount,
) -> Result<HttpResponse, ApiError> {
    limits.live().check_stream_ticket(account.id)?;
    let service = service.into_inner();
    let (ticket, expires_at) = blocking(move || {
        service.issue_stream_ticket(account.id, ACCOUNT_SCOPE.to_owned(), service.now())
    })
    .await?;
    Ok(HttpResponse::Created().json(StreamTicket {
        url: format!("/v1/me/stream?ticket={ticket}"),
        ticket,
        expires_at,
    }))
}
