use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::invites::InviteCode;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Replace the game's invite code with a new one (its creator only); the old code stops
/// working at once.
///
/// Anyone holding the old code is refused from now on; share the new `join_path`.
#[utoipa::path(
    tag = "invites",
    security(("bearer" = ["games:play"])),
    params(("id" = Uuid, Path, description = "The game id")),
    responses(
        (status = 200, description = "The new invite code", body = InviteCode),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`not_creator`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/games/{id}/invite")]
pub async fn rotate_invite(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesPlay)?;
    let (service, id) = (service.into_inner(), id.into_inner());
    let code = blocking(move || service.change_invite_code(account.id, id, true)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("cache-control", "no-store"))
        .json(code))
}
