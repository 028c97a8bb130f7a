use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::games::{Game, MoveRequest};
use uuid::Uuid;

use crate::auth::AuthenticatedAccount;
use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::service::{GameService, blocking, render_game};

/// Submit a move made on `version`.
///
/// A move made on another version than the game's current one gets 409 `stale_version`: read
/// the game again and decide again. An illegal move gets 422 with the rules' error code.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The game id")),
    request_body = MoveRequest,
    responses(
        (status = 200, description = "The move was applied; the game as the caller now sees it", body = Game),
        (status = 400, description = "`malformed`: the body or the move does not parse", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`not_a_player`: the caller has no seat in this game", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`stale_version` (fetch the game and retry) or `game_not_started`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "An illegal move; `code` is the rules' error code", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/games/{id}/moves")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %account.id, version = body.version))]
pub async fn post_moves(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
    body: JsonBody<MoveRequest>,
) -> Result<HttpResponse, ApiError> {
    let service = service.into_inner();
    let id = id.into_inner();
    let MoveRequest { version, body } = body.into_inner();
    let game =
        blocking(move || service.submit_move(account.id, id, version, body, service.now())).await?;
    Ok(HttpResponse::Ok().json(render_game(&game, account.id)))
}
