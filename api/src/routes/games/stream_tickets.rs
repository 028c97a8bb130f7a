use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::live::StreamTicket;
use uuid::Uuid;

use crate::auth::AuthenticatedAccount;
use crate::error::ApiError;
use crate::limits::Limits;
use crate::push::tickets::game_scope;
use crate::service::{GameService, blocking};

/// A short-lived, single-use ticket that opens this game's stream, for browsers.
///
/// `new EventSource(url)` cannot send the access token, and the token must never be in a URL.
#[utoipa::path(
    tag = "live",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The game id")),
    responses(
        (status = 201, description = "The ticket, valid for 60 s and one stream", body = StreamTicket),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many stream tickets a minute; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/games/{id}/stream-tickets")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %account.id))]
pub async fn post_game_stream_tickets(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    limits.live().check_stream_ticket(account.id)?;
    let service = service.into_inner();
    let id = id.into_inner();
    let (ticket, expires_at) = blocking(move || {
        service.database().game(id)?;
        service.issue_stream_ticket(account.id, game_scope(id), service.now())
    })
    .await?;
    Ok(HttpResponse::Created().json(StreamTicket {
        url: format!("/v1/games/{id}/stream?ticket={ticket}"),
        ticket,
        expires_at,
    }))
}
