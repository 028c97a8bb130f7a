use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::ratings::{Leaderboard, LeaderboardQuery};

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// A game kind's leaderboard: best rating first.
///
/// Lists the players, bots included (marked `bot`), whose rating in this kind is no longer
/// provisional; ties are broken by account id, so the order is stable from page to page.
#[utoipa::path(
    tag = "ratings",
    security(("bearer" = ["games:read"])),
    params(
        ("kind" = String, Path, description = "A game kind id from `GET /v1/game-kinds`"),
        LeaderboardQuery,
    ),
    responses(
        (status = 200, description = "One page of the leaderboard", body = Leaderboard),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`unknown_kind`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_page`: a bad `limit` or `cursor`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/leaderboards/{kind}")]
#[tracing::instrument(skip_all, fields(kind = %kind))]
pub async fn get_leaderboard(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    kind: web::Path<String>,
    query: web::Query<LeaderboardQuery>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesRead)?;
    let service = service.into_inner();
    let kind = kind.into_inner();
    let query = query.into_inner();
    let page = blocking(move || service.leaderboard(&kind, &query)).await?;
    Ok(HttpResponse::Ok().json(page))
}
