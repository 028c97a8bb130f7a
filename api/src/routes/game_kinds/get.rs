use actix_web::{HttpResponse, get};
use openapi::kinds::GameKindInfo;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;

/// List the games that can be created, with their player range and options.
///
/// Each kind's `id` is what `POST /v1/games` takes as `kind`; each option comes with its type,
/// default and allowed values.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:read"])),
    responses(
        (status = 200, description = "Every game kind", body = Vec<GameKindInfo>),
    )
)]
#[get("/game-kinds")]
pub async fn get_game_kinds(account: AuthenticatedAccount) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesRead)?;
    let kinds: Vec<GameKindInfo> = domain::GameKind::ALL
        .iter()
        .map(|kind| kind.info().into())
        .collect();
    Ok(HttpResponse::Ok().json(kinds))
}
