use actix_web::{HttpResponse, get, web};
use domain::Input;
use openapi::Problem;
use openapi::games::{LoggedInput, MoveLog};
use openapi::unions::setup_json;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Read the move log and the seed of a finished game.
///
/// Everything needed to replay the game and check that the deal matches the seed commitment
/// published at creation, except what the game's rules keep hidden from the caller even after
/// the end (Trade or Duel: the cards of trades the caller was not a party to); revealed only
/// once the game is over.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:read"])),
    params(("id" = Uuid, Path, description = "The game id")),
    responses(
        (status = 200, description = "The move log as the caller may see it", body = MoveLog),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_over`: revealed only at the end", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/games/{id}/moves")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %account.id))]
pub async fn get_moves(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesRead)?;
    let service = service.into_inner();
    let id = id.into_inner();
    let log = blocking(move || service.move_log(account.id, id, service.now())).await?;
    let game = log.game;
    let inputs = log
        .inputs
        .into_iter()
        .map(|(entry, visible)| {
            let expired = matches!(entry.input, Input::Expire);
            let (seat, body) = match entry.input {
                Input::Move { seat, mv } => (Some(seat.0), visible.then(|| mv.into())),
                Input::Expire => (None, None),
            };
            LoggedInput {
                seq: entry.seq,
                version: entry.version,
                seat,
                body,
                hidden: !visible,
                expired,
                now: entry.now,
            }
        })
        .collect();
    let (seed_commitment, commitment_scheme) = crate::service::seed_commitment(&game);
    Ok(HttpResponse::Ok().json(MoveLog {
        kind: game.kind.id().to_owned(),
        players: game.players,
        options: crate::service::options_json(&game),
        seed: log.seed_visible.then(|| game.seed.as_str().to_owned()),
        seed_commitment,
        commitment_scheme,
        seed_nonce: game.seed_nonce.clone().filter(|_| log.seed_visible),
        setup: game
            .setup
            .as_ref()
            .filter(|_| log.seed_visible)
            .map(setup_json),
        started_at: game.started_at.unwrap_or(game.created_at),
        inputs,
    }))
}
