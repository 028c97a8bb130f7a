use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::games::Game;
use uuid::Uuid;

use crate::auth::AuthenticatedAccount;
use crate::error::ApiError;
use crate::service::{GameService, blocking, render_game};

/// Read a game as the caller may see it.
///
/// A seat sees its own hidden information, anyone else only public information; everything
/// once the game is over. `version` is what a move must name.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The game id")),
    responses(
        (status = 200, description = "The game", body = Game),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/games/{id}")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn get_game(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let service = service.into_inner();
    let id = id.into_inner();
    let game = blocking(move || service.current(id, service.now())).await?;
    Ok(crate::routes::private_ok().json(render_game(&game, account.id)))
}
