use actix_web::http::StatusCode;
use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::games::{BotRequest, Game};
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::service::{GameService, blocking};

/// Give a free seat of an open game to a server-side bot.
///
/// Only the creator may. Without `seat`, the lowest free seat. The game starts when its last
/// seat is taken, by a person or a bot.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:play"])),
    params(("id" = Uuid, Path, description = "The game id")),
    request_body = BotRequest,
    responses(
        (status = 200, description = "The game with the bot seated", body = Game, headers(("ETag" = String, description = "The tag a `GET` of this view carries: revalidate with `If-None-Match`"))),
        (status = 400, description = "Malformed body", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`not_creator`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`not_open`, `seat_taken`, `no_such_seat` or `game_full`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`unknown_bot_level`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/games/{id}/bots")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %account.id))]
pub async fn post_bots(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
    body: JsonBody<BotRequest>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesPlay)?;
    let service = service.into_inner();
    let service_view = service.clone();
    let id = id.into_inner();
    let request = body.into_inner();
    let game = blocking(move || service.add_bot(account.id, id, request, service.now())).await?;
    let view = service_view.rendered_game(&game, account.id)?;
    Ok(crate::routes::private_answer(StatusCode::OK, &view))
}
