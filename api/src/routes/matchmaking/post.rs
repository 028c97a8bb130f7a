use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::matchmaking::{CreateTicket, Ticket};

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::service::{GameService, blocking};

/// Ask for a quick match.
///
/// The ticket waits for other tickets of the same kind with an overlapping player range and
/// equal options (after defaults), closest ratings first; after `bots_after_secs` (default 30,
/// 0 to 300) `search` bots take the seats nobody came for, so every ticket is matched. The
/// game starts at once; the account stream tells `match_found`, and a `GET` of the ticket
/// shows its `game_id`. The ticket is a stored row: it waits on while the client is away.
/// One waiting ticket per kind and account.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:play"])),
    request_body(content = CreateTicket, example = json!({"kind": "trade_or_duel", "players": {"min": 3, "max": 4}, "options": {"turns_each": 3}, "bots_after_secs": 30})),
    responses(
        (status = 201, description = "The ticket, waiting", body = Ticket,
            example = json!({"id": "0b7e8a2c-54a1-4f0e-9d7c-2a6f3b1c9e10", "kind": "trade_or_duel", "players": {"min": 3, "max": 4},
                "options": {"turns_each": 3, "first_player": null, "deadline_secs": null}, "bots_after_secs": 30, "status": "waiting",
                "created_at": 1_795_481_714, "closed_at": null, "game_id": null, "queue_size": 1})),
        (status = 400, description = "Malformed body", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`already_queued`: the account waits for a game of this kind already", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`: the body is not `application/json`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Unknown kind, refused player count or options (as game creation refuses them: `unknown_option`, `invalid_players`, …; `option` names the option), or `invalid_bots_after`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/matchmaking/tickets")]
#[tracing::instrument(skip_all, fields(account = %account.id, kind = %body.kind))]
pub async fn post_matchmaking_tickets(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    body: JsonBody<CreateTicket>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesPlay)?;
    let service = service.into_inner();
    let body = body.into_inner();
    let ticket = blocking(move || service.create_ticket(account.id, body, service.now())).await?;
    Ok(HttpResponse::Created().json(ticket))
}
