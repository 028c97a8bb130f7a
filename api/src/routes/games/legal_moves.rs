use actix_web::{HttpRequest, HttpResponse, get, web};
use openapi::Problem;
use openapi::games::LegalMovesResponse;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// List the caller's legal moves now.
///
/// Each move is exactly as it can be posted back to `POST /v1/games/{id}/moves`, with the
/// `version` given here; a game may describe its moves instead where a list would be too long.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:read"])),
    params(
        ("id" = Uuid, Path, description = "The game id"),
        ("If-None-Match" = Option<String>, Header, description = "An `ETag` from an earlier response: `304` if it is still current"),
    ),
    responses(
        (status = 200, description = "The caller's legal moves (empty when it is not the caller's decision)", body = LegalMovesResponse, headers(("ETag" = String, description = "Changes exactly when what the caller may see changes"))),
        (status = 304, description = "Not modified: `If-None-Match` names the current `ETag`"),
        (status = 403, description = "`not_a_player`: the caller has no seat in this game", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_started`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/games/{id}/legal-moves")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %account.id))]
pub async fn get_legal_moves(
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
    if let Some(view) = service
        .legal_moves_view_now(account.id, id, service.now())
        .await
    {
        return Ok(crate::routes::private_view(&request, &view));
    }
    let view = blocking(move || service.legal_moves_view(account.id, id, service.now())).await?;
    Ok(crate::routes::private_view(&request, &view))
}
