use actix_web::{HttpResponse, delete, web};
use openapi::Problem;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Cancel a game that has not started.
///
/// Only its creator may. The game is deleted; its seated
/// players' account streams are told `game_cancelled`.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:play"])),
    params(("id" = Uuid, Path, description = "The game id")),
    responses(
        (status = 204, description = "The game is cancelled and gone"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`not_creator`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`not_open`: the game has started", body = Problem, content_type = "application/problem+json"),
    )
)]
#[delete("/games/{id}")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %account.id))]
pub async fn delete_game(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesPlay)?;
    let service = service.into_inner();
    let id = id.into_inner();
    blocking(move || service.cancel_game(account.id, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
