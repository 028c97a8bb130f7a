use actix_web::{HttpRequest, HttpResponse, post, web};
use openapi::Problem;
use openapi::live::StreamTicket;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::limits::Limits;
use crate::push::tickets::{game_scope, ticket_url};
use crate::service::{GameService, blocking};

/// A ticket that opens this game's stream, for browsers.
///
/// `new EventSource(url)` cannot send the access token, and the token must never be in a URL:
/// open the returned absolute `url` instead. It opens this game's stream only, as often as the
/// browser reconnects, until `expires_at` (the expiry of the token that asked for it).
#[utoipa::path(
    tag = "live",
    security(("bearer" = ["games:read"])),
    params(("id" = Uuid, Path, description = "The game id")),
    responses(
        (status = 201, description = "The ticket: it opens this stream, reconnects included, until the token expires", body = StreamTicket),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many stream tickets a minute; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/games/{id}/stream-tickets")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %account.id))]
pub async fn post_game_stream_tickets(
    request: HttpRequest,
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesRead)?;
    limits.live().check_stream_ticket(account.id)?;
    let service = service.into_inner();
    let id = id.into_inner();
    let expires_at = account.expires_at;
    let ticket = blocking(move || {
        service.database().game(id)?;
        service.issue_stream_ticket(
            account.id,
            account.credential.session(),
            account.credential.personal_token(),
            game_scope(id),
            expires_at,
            service.now(),
        )
    })
    .await?;
    Ok(HttpResponse::Created().json(StreamTicket {
        url: ticket_url(&request, &format!("/v1/games/{id}/stream"), &ticket),
        ticket,
        expires_at,
    }))
}
