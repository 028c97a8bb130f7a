use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::games::{CreateGame, Game};

use crate::auth::AuthenticatedAccount;
use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::service::{GameService, blocking, render_game};

/// Create a game; the creator takes seat 0.
///
/// The game starts when every seat is taken. Options, player count, seed and setup are
/// checked by setting the game up once, so a request the rules refuse gets 422 here and not
/// later.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    request_body = CreateGame,
    responses(
        (status = 201, description = "The game, as its creator sees it", body = Game),
        (status = 400, description = "Malformed body or setup", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Unknown kind, or refused options, player count, seed or setup (`unknown_option`, `invalid_players`, `invalid_setup`, …; `option` names the option)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/games")]
#[tracing::instrument(skip_all, fields(account = %account.id, kind = %body.kind))]
pub async fn post_games(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    body: JsonBody<CreateGame>,
) -> Result<HttpResponse, ApiError> {
    let service = service.into_inner();
    let request = body.into_inner();
    let game = blocking(move || service.create_game(account.id, request, service.now())).await?;
    tracing::info!(game_id = %game.id, "game created");
    Ok(HttpResponse::Created().json(render_game(&game, game.created_by)))
}
