use actix_web::{HttpResponse, get};
use openapi::Problem;
use openapi::kinds::GameKindInfo;

use crate::auth::AuthenticatedAccount;

/// List the games that can be created, with their player range and options.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every game kind", body = Vec<GameKindInfo>),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/game-kinds")]
pub async fn get_game_kinds(_account: AuthenticatedAccount) -> HttpResponse {
    let kinds: Vec<GameKindInfo> = domain::GameKind::ALL
        .iter()
        .map(|kind| kind.info().into())
        .collect();
    HttpResponse::Ok().json(kinds)
}
