use actix_web::{HttpResponse, delete, web};
use openapi::Problem;
use openapi::matchmaking::Ticket;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Cancel one of your quick-match tickets while it waits.
///
/// A cancelled or expired ticket is answered as it is; a matched one cannot be cancelled
/// (leave or play its game instead). Another account's ticket is not found.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:play"])),
    params(("id" = Uuid, Path, description = "The ticket id")),
    responses(
        (status = 200, description = "The ticket, cancelled", body = Ticket,
            example = json!({"id": "0b7e8a2c-54a1-4f0e-9d7c-2a6f3b1c9e10", "kind": "trade_or_duel", "players": {"min": 3, "max": 4},
                "options": {"turns_each": 3, "first_player": null, "deadline_secs": null}, "bots_after_secs": 30, "status": "cancelled",
                "created_at": 1_795_481_714, "closed_at": 1_795_481_720, "game_id": null, "queue_size": 0})),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`ticket_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`ticket_matched`: the ticket is in a game already", body = Problem, content_type = "application/problem+json"),
    )
)]
#[delete("/matchmaking/tickets/{id}")]
#[tracing::instrument(skip_all, fields(ticket = %id, account = %account.id))]
pub async fn delete_matchmaking_ticket(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesPlay)?;
    let service = service.into_inner();
    let id = id.into_inner();
    let ticket = blocking(move || service.cancel_ticket(account.id, id, service.now())).await?;
    Ok(HttpResponse::Ok().json(ticket))
}
