use actix_web::http::StatusCode;
use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::games::Game;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Play a finished game again: its next game, with the caller seated.
///
/// The first player to ask creates the next game: the same kind, options and players with a
/// fresh deal, every seat moved one on (the last seat becomes seat 0), the bots at their
/// moved seats with their levels, and the other players' seats reserved for them as
/// invitations (see `POST /v1/games` `invite`). Every later player of the finished game who
/// asks gets the same next game and takes its seat there; two asking at the same moment get
/// one game. The finished game links to it as `rematch_id`.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:play"])),
    params(
        ("id" = Uuid, Path, description = "The finished game's id"),
    ),
    responses(
        (status = 200, description = "The next game, as the caller's seat sees it", body = Game,
            headers(("ETag" = String, description = "The tag a `GET` of this view carries: revalidate with `If-None-Match`"))),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`not_a_player`: the caller did not play the finished game", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_over`; `not_open` or `game_full` when the next game went on without the caller;", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/games/{id}/rematch")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %account.id))]
pub async fn post_rematch(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesPlay)?;
    let (service, id) = (service.into_inner(), id.into_inner());
    // Safe to retry as it is: every call after the first answers with the same next game.
    let view = blocking(move || {
        let next = service.rematch(account.id, id, service.now())?;
        service.rendered_game(&next, account.id)
    })
    .await?;
    Ok(crate::routes::private_answer(StatusCode::OK, &view))
}
