use actix_web::{HttpRequest, HttpResponse, post, web};
use openapi::Problem;
use openapi::live::StreamTicket;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::limits::Limits;
use crate::push::tickets::{ACCOUNT_SCOPE, ticket_url};
use crate::service::{GameService, blocking};

/// A ticket that opens the caller's account stream, for browsers.
///
/// `new EventSource(url)` cannot send the access token: open the returned absolute `url`
/// instead. It opens the account stream only, as often as the browser reconnects, until
/// `expires_at` (the expiry of the token that asked for it).
#[utoipa::path(
    tag = "live",
    security(("bearer" = ["games:read"])),
    responses(
        (status = 201, description = "The ticket: it opens this stream, reconnects included, until the token expires", body = StreamTicket),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many stream tickets a minute; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/me/stream-tickets")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn post_account_stream_tickets(
    request: HttpRequest,
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    account: AuthenticatedAccount,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesRead)?;
    limits.live().check_stream_ticket(account.id)?;
    let service = service.into_inner();
    let expires_at = account.expires_at;
    let ticket = blocking(move || {
        service.issue_stream_ticket(
            account.id,
            account.credential.session(),
            account.credential.personal_token(),
            ACCOUNT_SCOPE.to_owned(),
            expires_at,
            service.now(),
        )
    })
    .await?;
    Ok(HttpResponse::Created().json(StreamTicket {
        url: ticket_url(&request, "/v1/me/stream", &ticket),
        ticket,
        expires_at,
    }))
}
