use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::games::{GamePage, GameQuery};

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking, listing_cursor, render_summary};

/// List games, newest first, with filters and pagination.
///
/// Every game is listed, to anyone signed in; `mine=true` keeps only the caller's games. A
/// listing shows no view: read a game for what the caller may see.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:read"])),
    params(GameQuery),
    responses(
        (status = 200, description = "One page of games", body = GamePage),
        (status = 422, description = "`unknown_kind` or `invalid_page`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/games")]
pub async fn list_games(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    query: web::Query<GameQuery>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesRead)?;
    let service = service.into_inner();
    let query = query.into_inner();
    let limit = query.limit.unwrap_or(20);
    let page = blocking(move || service.list_games(account.id, query)).await?;
    Ok(HttpResponse::Ok().json(GamePage {
        games: page.games.iter().map(render_summary).collect(),
        limit,
        next_cursor: page.next.map(listing_cursor),
    }))
}
