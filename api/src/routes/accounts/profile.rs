use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::ratings::AccountProfile;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// An account's public profile: its ratings in every game kind.
///
/// A kind the account has never finished a rated game of shows the initial rating. Ratings
/// change only when a rated game finishes, so a profile says nothing about games in play.
/// Bot levels have profiles too (`bot-random`, `bot-search`).
#[utoipa::path(
    tag = "ratings",
    security(("bearer" = ["games:read"])),
    params(("username" = String, Path, description = "The account's username")),
    responses(
        (status = 200, description = "The account and its ratings", body = AccountProfile),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`account_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/accounts/{username}")]
#[tracing::instrument(skip_all, fields(username = %username))]
pub async fn get_account_profile(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    username: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesRead)?;
    let service = service.into_inner();
    let username = username.into_inner();
    let profile = blocking(move || service.profile(&username)).await?;
    Ok(HttpResponse::Ok().json(profile))
}
