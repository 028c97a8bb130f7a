use actix_web::{HttpResponse, delete, web};
use openapi::Problem;
use openapi::invites::InviteCode;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Revoke the game's invite code (its creator only): it stops working at once, and the game
/// has none until `POST /v1/games/{id}/invite` makes a new one.
///
/// Seats reserved for invited accounts stay reserved: only the code goes.
#[utoipa::path(
    tag = "invites",
    security(("bearer" = ["games:play"])),
    params(("id" = Uuid, Path, description = "The game id")),
    responses(
        (status = 200, description = "The game without an invite code", body = InviteCode),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`not_creator`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[delete("/games/{id}/invite")]
pub async fn revoke_invite(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesPlay)?;
    let (service, id) = (service.into_inner(), id.into_inner());
    let code = blocking(move || service.change_invite_code(account.id, id, false)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("cache-control", "no-store"))
        .json(code))
}
