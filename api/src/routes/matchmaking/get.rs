use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::matchmaking::Ticket;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Read one of your quick-match tickets.
///
/// Once `matched`, `game_id` is the started game. Another account's ticket is not found.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:read"])),
    params(("id" = Uuid, Path, description = "The ticket id")),
    responses(
        (status = 200, description = "The ticket", body = Ticket,
            example = json!({"id": "0b7e8a2c-54a1-4f0e-9d7c-2a6f3b1c9e10", "kind": "trade_or_duel", "players": {"min": 3, "max": 4},
                "options": {"turns_each": 3, "first_player": null, "deadline_secs": null}, "bots_after_secs": 30, "status": "matched",
                "created_at": 1_795_481_714, "closed_at": 1_795_481_722, "game_id": "58212666-d4b6-440b-8dd7-8745bc21461a", "queue_size": 0})),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`ticket_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/matchmaking/tickets/{id}")]
#[tracing::instrument(skip_all, fields(ticket = %id, account = %account.id))]
pub async fn get_matchmaking_ticket(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesRead)?;
    let service = service.into_inner();
    let id = id.into_inner();
    let ticket = blocking(move || service.ticket(account.id, id)).await?;
    Ok(HttpResponse::Ok().json(ticket))
}
