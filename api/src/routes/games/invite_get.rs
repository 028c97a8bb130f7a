use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::invites::InviteCode;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// The game's invite code, for its creator.
///
/// Anyone holding the code takes a free seat with `POST /v1/invites/{code}/join`, whether the
/// game is listed or not. The code is 16 characters of base32 (80 random bits).
#[utoipa::path(
    tag = "invites",
    security(("bearer" = ["games:read"])),
    params(("id" = Uuid, Path, description = "The game id")),
    responses(
        (status = 200, description = "The invite code (null once revoked)", body = InviteCode),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`not_creator`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/games/{id}/invite")]
pub async fn get_invite(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesRead)?;
    let (service, id) = (service.into_inner(), id.into_inner());
    let code = blocking(move || service.invite_code(account.id, id)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("cache-control", "no-store"))
        .json(code))
}
