use actix_web::http::StatusCode;
use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::games::Game;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::limits::Limits;
use crate::service::{GameService, blocking};

/// Give up the caller's seat in a game that has not started.
///
/// Anyone may then take it. The creator cannot leave (they cancel the game instead).
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:play"])),
    params(("id" = Uuid, Path, description = "The game id")),
    responses(
        (status = 200, description = "The game after the leave, as the caller now sees it", body = Game, headers(("ETag" = String, description = "The tag a `GET` of this view carries: revalidate with `If-None-Match`"))),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`not_open` (started), `not_seated` or `creator_cannot_leave`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many leaves a minute; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/games/{id}/leave")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %account.id))]
pub async fn leave_game(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesPlay)?;
    limits.live().check_leave(account.id)?;
    let service = service.into_inner();
    let service_view = service.clone();
    let id = id.into_inner();
    let game = blocking(move || service.leave_game(account.id, id, service.now())).await?;
    let view = service_view.rendered_game(&game, account.id)?;
    Ok(crate::routes::private_answer(StatusCode::OK, &view))
}
