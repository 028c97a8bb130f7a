use actix_web::{HttpResponse, get, web};
use domain::Input;
use openapi::Problem;
use openapi::games::{LoggedInput, MoveLog};
use openapi::unions::setup_json;
use uuid::Uuid;

use crate::auth::AuthenticatedAccount;
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Read the move log and the seed of a finished game.
///
/// Everything needed to replay the game and check that the deal matches the seed commitment
/// published at creation; revealed only once the game is over.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The game id")),
    responses(
        (status = 200, description = "The whole move log", body = MoveLog),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_over`: revealed only at the end", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/games/{id}/moves")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn get_moves(
    service: web::Data<GameService>,
    _account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let service = service.into_inner();
    let id = id.into_inner();
    let (game, inputs) = blocking(move || service.move_log(id, service.now())).await?;
    let inputs = inputs
        .into_iter()
        .map(|entry| match entry.input {
            Input::Move { seat, mv } => LoggedInput {
                version: entry.seq,
                seat: Some(seat.0),
                body: Some(mv.into()),
                expired: false,
                now: entry.now,
            },
            Input::Expire => LoggedInput {
                version: entry.seq,
                seat: None,
                body: None,
                expired: true,
                now: entry.now,
            },
        })
        .collect();
    Ok(HttpResponse::Ok().json(MoveLog {
        kind: game.kind.id().to_owned(),
        players: game.players,
        options: crate::service::options_json(&game),
        seed: game.seed.as_str().to_owned(),
        seed_commitment: game.seed.commitment(),
        setup: game.setup.as_ref().map(setup_json),
        started_at: game.started_at.unwrap_or(game.created_at),
        inputs,
    }))
}
