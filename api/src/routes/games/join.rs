use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::games::Game;
use uuid::Uuid;

use crate::auth::AuthenticatedAccount;
use crate::error::ApiError;
use crate::service::{GameService, blocking, render_game};

/// Take the next free seat.
///
/// The game starts when the last seat is taken: it is dealt then, and its first decisions
/// become pending.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The game id")),
    responses(
        (status = 200, description = "The game, as the new seat sees it", body = Game),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`already_seated`, `game_full` or `not_open`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/games/{id}/join")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %account.id))]
pub async fn join_game(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let service = service.into_inner();
    let id = id.into_inner();
    let game = blocking(move || service.join_game(account.id, id, service.now())).await?;
    Ok(HttpResponse::Ok().json(render_game(&game, account.id)))
}
