use actix_web::{HttpRequest, HttpResponse, get, web};
use openapi::Problem;
use openapi::games::Game;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Read a game as the caller may see it.
///
/// A seat sees its own hidden information, anyone else only public information; everything
/// once the game is over. `version` is what a move must name.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:read"])),
    params(
        ("id" = Uuid, Path, description = "The game id"),
        ("If-None-Match" = Option<String>, Header, description = "An `ETag` from an earlier response: `304` if it is still current"),
    ),
    responses(
        (status = 200, description = "The game", body = Game, headers(("ETag" = String, description = "Changes exactly when what the caller may see changes"))),
        (status = 304, description = "Not modified: `If-None-Match` names the current `ETag`"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/games/{id}")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn get_game(
    service: web::Data<GameService>,
    request: HttpRequest,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesRead)?;
    let service = service.into_inner();
    let id = id.into_inner();
    // A cached game whose revision can be read without blocking is answered here, on the
    // worker; anything else goes to the blocking pool.
    if let Some(view) = service.game_view_now(account.id, id, service.now()).await {
        return Ok(crate::routes::private_view(&request, &view));
    }
    let view = blocking(move || service.game_view(account.id, id, service.now())).await?;
    Ok(crate::routes::private_view(&request, &view))
}
