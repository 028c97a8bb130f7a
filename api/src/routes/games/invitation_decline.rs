use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::invites::DeclineInvitation;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::service::{GameService, blocking};

/// Decline an invitation to a game: the seat reserved for the caller is free for anyone again.
///
/// The `reason` (at most 200 characters) is checked but not passed on. Only the invited
/// account may decline; an expired invitation has already freed its seat.
#[utoipa::path(
    tag = "invites",
    security(("bearer" = ["games:play"])),
    params(("id" = Uuid, Path, description = "The game id")),
    request_body = DeclineInvitation,
    responses(
        (status = 204, description = "Declined; the seat is free"),
        (status = 400, description = "`malformed` body", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`not_invited`: the caller has no invitation to this game", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`: the body is not `application/json`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_reason`: a reason over 200 characters", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/games/{id}/invitation/decline")]
pub async fn decline_invitation(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
    body: JsonBody<DeclineInvitation>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesPlay)?;
    let (service, id) = (service.into_inner(), id.into_inner());
    let reason = body.into_inner().reason;
    blocking(move || service.decline_invitation(account.id, id, reason.as_deref())).await?;
    Ok(HttpResponse::NoContent().finish())
}
